/**
 * The hot path of API keys: a key's stored row by the hash of the key, cached so that checking a
 * key on every request costs no database read. An entry is trusted while the storage's
 * `generation()` is the one it was read at (it moves on every local write transaction, on SQLite
 * when another process commits to the same file, and on PostgreSQL when another instance changes
 * `api_keys`, and on every call while it cannot hear the others), so a revoked key is refused
 * from the next request on in every process; `ttlMs` only bounds how long an entry lives at all.
 * Hashes that match no key are cached for a shorter time, so a caller repeating a wrong key does
 * not reach the database on every request, while a key created elsewhere is found soon.
 */
import type { ApiKeyRow } from '../../db/queries';
import type { Storage } from '../../db/storage';

/** What checking a key needs of its row, parsed once when it is read. */
export interface KnownKey {
  id: string;
  name: string;
  scope: ApiKeyRow['scope'];
  revoked: boolean;
  /** Milliseconds since 1970; undefined for a key that does not expire. */
  expiresAtMs: number | undefined;
}

interface Entry {
  generation: number;
  /** When the entry stops being trusted, on `clockMs`'s clock. */
  expiresAtMs: number;
  /** Shared by every request that asks while the read is under way. */
  key: Promise<KnownKey | undefined>;
}

export interface ApiKeyLookup {
  byHash(keyHash: string): Promise<KnownKey | undefined>;
}

export function createApiKeyLookup({
  storage,
  clockMs,
  ttlMs = 5_000,
  missTtlMs = 1_000,
  maxEntries = 10_000,
}: {
  storage: Pick<Storage, 'queries' | 'generation'>;
  /** Milliseconds on any clock that does not go back: only differences between readings count. */
  clockMs: () => number;
  ttlMs?: number;
  missTtlMs?: number;
  maxEntries?: number;
}): ApiKeyLookup {
  const entries = new Map<string, Entry>();

  const isFresh = (entry: Entry | undefined): entry is Entry =>
    entry !== undefined && entry.generation === storage.generation() && clockMs() < entry.expiresAtMs;

  function read(keyHash: string): Entry {
    // Stamped before the read: a write committed while it runs makes the next call read again.
    const entry: Entry = {
      generation: storage.generation(),
      expiresAtMs: clockMs() + ttlMs,
      key: Promise.resolve(undefined),
    };
    entry.key = storage.queries.apiKeys.byHash(keyHash).then(
      (row) => {
        if (!row) entry.expiresAtMs = Math.min(entry.expiresAtMs, clockMs() + missTtlMs);
        return row && knownKey(row);
      },
      (error: unknown) => {
        // A failed read is not an answer to keep: the next request tries again.
        if (entries.get(keyHash) === entry) entries.delete(keyHash);
        throw error;
      },
    );
    return entry;
  }

  function remember(keyHash: string, entry: Entry): void {
    entries.delete(keyHash);
    // The oldest entry makes room: a flood of wrong keys costs a valid key one more read at most.
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(keyHash, entry);
  }

  return {
    byHash(keyHash) {
      const cached = entries.get(keyHash);
      if (isFresh(cached)) return cached.key;
      const entry = read(keyHash);
      remember(keyHash, entry);
      return entry.key;
    },
  };
}

function knownKey(row: ApiKeyRow): KnownKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    revoked: row.revokedAt !== null,
    expiresAtMs: row.expiresAt === null ? undefined : Date.parse(row.expiresAt),
  };
}
