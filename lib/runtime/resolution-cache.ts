/**
 * The studio's one cache of resolutions: merged tools, explanation, warnings and hash, kept per
 * (version, what the request context decided, source state). The key is the plan's signature (the
 * agent and version, and which variants the context matched: the only ways the context fields the
 * version reads change its tools) plus the loaders' fingerprint (MCP list hashes, client versions,
 * returned tool identities). `createStudio` makes one per studio and passes it to the runtime.
 * Entries are frozen because concurrent requests share them. Bounded, least recently used out first.
 */
import type { MergedTools } from '../resolver';

export interface CachedResolution extends MergedTools {
  resolvedToolsHash: string;
}

export interface ResolutionCache {
  get(key: string, compute: () => CachedResolution): CachedResolution;
  size(): number;
}

function freezeDeep<T>(value: T, depth = 0): T {
  if (depth > 6 || value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const item of Object.values(value)) freezeDeep(item, depth + 1);
  return value;
}

export function createResolutionCache({ maxEntries = 1_000 }: { maxEntries?: number } = {}): ResolutionCache {
  const entries = new Map<string, CachedResolution>();
  return {
    get(key, compute) {
      const hit = entries.get(key);
      if (hit) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const computed = compute();
      // The resolved tools themselves stay as built (their executables are shared tool objects).
      Object.freeze(computed.tools);
      freezeDeep(computed.explanation);
      freezeDeep(computed.warnings);
      entries.set(key, Object.freeze(computed));
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return computed;
    },
    size: () => entries.size,
  };
}
