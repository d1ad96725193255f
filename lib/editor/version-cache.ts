/**
 * Parsed versions by version id. Versions are immutable, so an entry never goes stale; the cache
 * is bounded (least recently used first out) so a long-running server does not grow without end.
 */
import { LRUCache } from 'lru-cache';

export interface VersionCache {
  get<T>(id: string, parse: () => T): T;
  /** The cached value, without parsing on a miss. */
  peek<T>(id: string): T | undefined;
  delete(id: string): void;
}

export function createVersionCache({ maxEntries }: { maxEntries: number }): VersionCache {
  const entries = new LRUCache<string, object>({ max: maxEntries });
  return {
    get<T>(id: string, parse: () => T): T {
      const cached = entries.get(id);
      if (cached !== undefined) return cached as T;
      const value = parse();
      entries.set(id, value as object);
      return value;
    },
    peek<T>(id: string): T | undefined {
      return entries.peek(id) as T | undefined;
    },
    delete(id) {
      entries.delete(id);
    },
  };
}
