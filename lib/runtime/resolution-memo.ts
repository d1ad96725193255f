/**
 * Merged tools, explanation, warnings and hash, memoised per (version, matched variants, source
 * state): the key is the plan's signature plus the loaders' fingerprint (MCP list hashes, client
 * versions, returned tool identities). Entries are frozen because concurrent requests share them.
 * Bounded, least recently used out first.
 */
import type { MergedTools } from '../resolver';

export interface MemoisedResolution extends MergedTools {
  resolvedToolsHash: string;
}

export interface ResolutionMemo {
  get(key: string, compute: () => MemoisedResolution): MemoisedResolution;
  size(): number;
}

function freezeDeep<T>(value: T, depth = 0): T {
  if (depth > 6 || value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const item of Object.values(value)) freezeDeep(item, depth + 1);
  return value;
}

export function createResolutionMemo({ maxEntries }: { maxEntries: number }): ResolutionMemo {
  const entries = new Map<string, MemoisedResolution>();
  return {
    get(key, compute) {
      const hit = entries.get(key);
      if (hit) {
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
