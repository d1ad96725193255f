/**
 * The latest version of each saved MCP client, cached for the hot path. Edits made through this
 * process's editor evict the entry at once (`onChange`), so they take effect on the next request.
 * Edits made by another process are seen when the storage's write count moves (a database server
 * announces them within milliseconds), and within `ttlMs` when nothing announces them (another
 * process on the same SQLite file, a lost notification channel). Unknown ids are cached the same
 * way (creating the client evicts them).
 */
import type { InternalAddresses } from '../auth';
import type { McpServerConfig } from '../mcp';

/** Structurally the editor's `mcpClients.getLatestWithSecrets`: env decrypted, for connections only. */
export interface SavedMcpClientReader {
  getLatestWithSecrets(clientId: string): Promise<
    | {
        id: string;
        snapshot: { servers: Readonly<Record<string, McpServerConfig>> };
        /** `needs_approval`: an imported stdio server waits for an admin; nothing of the client is started. */
        approval?: 'approved' | 'needs_approval';
        /** `refused`: written by someone who may not reach loopback or private addresses (`allowed` when absent). */
        internalAddresses?: InternalAddresses;
      }
    | undefined
  >;
}

type Latest = Awaited<ReturnType<SavedMcpClientReader['getLatestWithSecrets']>>;

export interface ChangeNotifyingReader extends SavedMcpClientReader {
  onChange?(listener: (change: { clientId: string }) => void): () => void;
}

export interface SavedClientCache {
  /** Synchronous when cached, so a warm resolution does not wait on the database. */
  latest(clientId: string): Latest | Promise<Latest>;
  evict(clientId: string): void;
}

export function createSavedClientCache({
  reader,
  ttlMs,
  writeCount = () => 0,
  now = Date.now,
  maxEntries = 1_000,
}: {
  reader: ChangeNotifyingReader;
  ttlMs: number;
  /** The storage's `generation()`: an entry read at another count is read again. */
  writeCount?: () => number;
  now?: () => number;
  maxEntries?: number;
}): SavedClientCache {
  const entries = new Map<string, { value: Latest; fetchedAt: number; writeCount: number }>();
  // A read started before an eviction must not repopulate the cache with what it read.
  const generations = new Map<string, number>();
  const evict = (clientId: string) => {
    entries.delete(clientId);
    generations.set(clientId, (generations.get(clientId) ?? 0) + 1);
  };
  reader.onChange?.((change) => evict(change.clientId));
  return {
    latest(clientId) {
      const cached = entries.get(clientId);
      const count = writeCount();
      if (cached && cached.writeCount === count && now() - cached.fetchedAt < ttlMs) return cached.value;
      const generation = generations.get(clientId) ?? 0;
      return reader.getLatestWithSecrets(clientId).then((value) => {
        if ((generations.get(clientId) ?? 0) === generation) {
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
          // Stamped with the count before the read: a write committed meanwhile makes the next call read again.
          entries.set(clientId, { value, fetchedAt: now(), writeCount: count });
        }
        return value;
      });
    },
    evict,
  };
}
