/** The saved-client cache: TTL, eviction on change, and no stale write-back after an eviction. */
import { describe, expect, it } from 'vitest';
import { createSavedClientCache } from '@/lib/sources/saved-client-cache';

/** A tiny real reader: versions in a Map, change listeners, and a gate to hold a read in flight. */
function reader() {
  const versions = new Map<string, string>([['docs', 'v1']]);
  const listeners = new Set<(change: { clientId: string }) => void>();
  let reads = 0;
  let gate: Promise<void> | undefined;
  return {
    versions,
    reads: () => reads,
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = undefined;
        open();
      };
    },
    change(clientId: string) {
      for (const listener of listeners) listener({ clientId });
    },
    async getLatestWithSecrets(clientId: string) {
      reads += 1;
      const id = versions.get(clientId);
      if (gate) await gate;
      return id === undefined ? undefined : { id, snapshot: { servers: {} } };
    },
    onChange(listener: (change: { clientId: string }) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

describe('saved-client cache', () => {
  it('answers from the cache (synchronously) within the TTL, then reads again', async () => {
    let now = 0;
    const source = reader();
    const cache = createSavedClientCache({ reader: source, ttlMs: 1_000, now: () => now });
    expect((await cache.latest('docs'))?.id).toBe('v1');
    source.versions.set('docs', 'v2');
    const cached = cache.latest('docs');
    expect(cached).not.toBeInstanceOf(Promise);
    expect((cached as { id: string }).id).toBe('v1');
    now = 1_000;
    expect((await cache.latest('docs'))?.id).toBe('v2');
    expect(source.reads()).toBe(2);
  });

  it('reads again once the storage write count moves (another process changed something)', async () => {
    let writes = 0;
    const source = reader();
    const cache = createSavedClientCache({ reader: source, ttlMs: 60_000, writeCount: () => writes });
    expect((await cache.latest('docs'))?.id).toBe('v1');
    source.versions.set('docs', 'v2');
    expect((cache.latest('docs') as { id: string }).id).toBe('v1');
    writes += 1;
    expect((await cache.latest('docs'))?.id).toBe('v2');
    expect((cache.latest('docs') as { id: string }).id).toBe('v2');
    expect(source.reads()).toBe(2);
  });

  it('a change event evicts at once; unknown ids are cached until created', async () => {
    const source = reader();
    const cache = createSavedClientCache({ reader: source, ttlMs: 60_000 });
    expect(await cache.latest('new')).toBeUndefined();
    source.versions.set('new', 'v1');
    expect(await cache.latest('new')).toBeUndefined();
    source.change('new');
    expect((await cache.latest('new'))?.id).toBe('v1');
  });

  it('a read that started before an eviction does not put its stale answer back', async () => {
    const source = reader();
    const cache = createSavedClientCache({ reader: source, ttlMs: 60_000 });
    const release = source.hold();
    const inFlight = cache.latest('docs');
    source.versions.set('docs', 'v2');
    source.change('docs');
    release();
    expect((await inFlight)?.id).toBe('v1');
    expect((await cache.latest('docs'))?.id).toBe('v2');
  });
});
