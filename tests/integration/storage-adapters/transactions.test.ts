/**
 * The storage contract for transactions, on both adapters: commit, rollback, savepoints, rehearsals,
 * concurrent writers numbering versions, the write generation, and migrations run again or at once.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openPostgresStorage } from '../../../db/postgres-storage';
import type { Storage } from '../../../db/storage';
import { adapters, type OpenedDatabase } from './adapters';
import { agentRow, apiKeyRow, at, clientRow, runRow, versionRow } from './fixtures';

/** Saves the next version of an agent the way the editor does: read the number, write the next one. */
async function saveNextVersion(storage: Storage, agentId: string): Promise<number> {
  return storage.transaction(async () => {
    const number = (await storage.queries.versions.highestNumber(agentId)) + 1;
    // A fresh id, as the editor gives every version: only the number can collide.
    await storage.queries.versions.insert({ ...versionRow(agentId, number), id: randomUUID() });
    await storage.queries.agents.setLatestVersionNumber({
      id: agentId,
      latestVersionNumber: number,
      updatedAt: at(number),
    });
    return number;
  });
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

describe.each(adapters)('$name storage transactions', ({ name, missing, open }) => {
  let database: OpenedDatabase;
  let storage: Storage;
  beforeEach(async (context) => {
    if (missing) return context.skip();
    database = await open();
    storage = database.storage;
  });
  afterEach(async () => {
    await database?.close();
  });

  it('commits what the work wrote and answers what it answered; the work reads its own writes', async () => {
    const answer = await storage.transaction(async () => {
      await storage.queries.agents.insert(agentRow('weather'));
      return (await storage.queries.agents.get('weather'))?.id;
    });
    expect(answer).toBe('weather');
    expect(await storage.queries.agents.get('weather')).toBeDefined();
  });

  it('rolls everything back when the work throws, and throws it', async () => {
    const failure = new Error('no');
    await expect(
      storage.transaction(async () => {
        await storage.queries.agents.insert(agentRow('weather'));
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await storage.queries.agents.get('weather')).toBeUndefined();
  });

  it('runs a nested transaction as a savepoint: its rollback keeps the outer work', async () => {
    await storage.transaction(async () => {
      await storage.queries.agents.insert(agentRow('kept'));
      await expect(
        storage.transaction(async () => {
          await storage.queries.agents.insert(agentRow('dropped'));
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
      await storage.transaction(async () => storage.queries.agents.insert(agentRow('nested')));
    });
    expect(await storage.queries.agents.get('kept')).toBeDefined();
    expect(await storage.queries.agents.get('dropped')).toBeUndefined();
    expect(await storage.queries.agents.get('nested')).toBeDefined();
  });

  it('rehearses: answers what the work answered and writes nothing', async () => {
    const answer = await storage.transaction(
      async () => {
        await storage.queries.agents.insert(agentRow('weather'));
        return storage.queries.agents.get('weather');
      },
      { rehearse: true },
    );
    expect(answer).toMatchObject({ id: 'weather' });
    expect(await storage.queries.agents.get('weather')).toBeUndefined();
  });

  it('numbers the versions of concurrent saves contiguously, one save per number', async () => {
    await storage.queries.agents.insert(agentRow('weather'));
    const writers = [storage, database.other()];
    const saves = Array.from({ length: 10 }, (_, index) => saveNextVersion(writers[index % 2]!, 'weather'));
    const numbers = await Promise.all(saves);
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const stored = await storage.queries.versions.all('weather');
    expect(stored.map((row) => row.versionNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await storage.queries.agents.get('weather')).toMatchObject({ latestVersionNumber: 10 });
  });

  it('moves the generation on every commit', async () => {
    const before = storage.generation();
    await storage.transaction(async () => storage.queries.agents.insert(agentRow('weather')));
    expect(storage.generation()).toBeGreaterThan(before);
  });

  it.runIf(name === 'PostgreSQL')('moves the generation when another storage object commits', async () => {
    const other = database.other() as Storage & { listening(): Promise<void> };
    await (storage as Storage & { listening(): Promise<void> }).listening();
    await other.listening();
    const before = storage.generation();
    await other.transaction(async () => other.queries.agents.insert(agentRow('weather')));
    expect(await waitFor(() => storage.generation() > before, 1_000)).toBe(true);
    // A rehearsal commits nothing, so it announces nothing.
    const after = storage.generation();
    await other.transaction(async () => other.queries.agents.insert(agentRow('support')), { rehearse: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(storage.generation()).toBe(after);
  });

  it.runIf(name === 'PostgreSQL')(
    'hears changes to cached tables made outside a transaction, and not the writes of runs',
    async () => {
      const other = database.other() as Storage & { listening(): Promise<void> };
      await (storage as Storage & { listening(): Promise<void> }).listening();
      await other.listening();
      /** The generation once every announcement under way has arrived (none for 150 ms). */
      const settled = async () => {
        for (let seen = storage.generation(); ; seen = storage.generation()) {
          await new Promise((resolve) => setTimeout(resolve, 150));
          if (storage.generation() === seen) return seen;
        }
      };
      await other.queries.agents.insert(agentRow('weather'));
      let before = await settled();
      await other.queries.agents.setActiveVersion({ id: 'weather', activeVersionId: null, updatedAt: at(2) });
      expect(await waitFor(() => storage.generation() > before, 1_000)).toBe(true);
      before = await settled();
      await other.queries.mcpClients.insert(clientRow('files'));
      expect(await waitFor(() => storage.generation() > before, 1_000)).toBe(true);
      // A run is nobody's cache: storing one announces nothing.
      before = await settled();
      await other.transaction(async () => other.queries.runs.insert(runRow('run-1')));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(storage.generation()).toBe(before);
      // Nor is a key's last use; its revocation is.
      await other.queries.apiKeys.insert(apiKeyRow('key-1'));
      before = await settled();
      await other.queries.apiKeys.touch({ uses: [{ id: 'key-1', lastUsedAt: at(5) }] });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(storage.generation()).toBe(before);
      expect((await other.queries.apiKeys.byId('key-1'))?.lastUsedAt).toBe(at(5));
      await other.queries.apiKeys.revoke({ id: 'key-1', revokedAt: at(6) });
      expect(await waitFor(() => storage.generation() > before, 1_000)).toBe(true);
    },
  );

  it.runIf(name === 'PostgreSQL')(
    'counts its own commits once, not again when their announcement arrives',
    async () => {
      await (storage as Storage & { listening(): Promise<void> }).listening();
      const before = storage.generation();
      await storage.transaction(async () => storage.queries.agents.insert(agentRow('weather')));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(storage.generation()).toBe(before + 1);
    },
  );

  it.runIf(name === 'PostgreSQL')('listens again after its connection drops, and moves the generation', async () => {
    const warnings: string[] = [];
    const listening = openPostgresStorage({
      url: database.postgresUrl!,
      logger: { warn: (message) => warnings.push(message) },
    });
    try {
      await listening.listening();
      const before = listening.generation();
      // What a restarting server or a network cut does to the listening connection.
      await storage.check();
      const admin = new pg.Client({ connectionString: database.postgresUrl });
      await admin.connect();
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
      );
      await admin.end();
      expect(await waitFor(() => listening.generation() > before, 5_000)).toBe(true);
      expect(warnings).toContain('Lost the PostgreSQL change notifications; reconnecting');
      await listening.listening();
      const reconnected = listening.generation();
      const other = database.other();
      await other.transaction(async () => other.queries.agents.insert(agentRow('weather')));
      expect(await waitFor(() => listening.generation() > reconnected, 1_000)).toBe(true);
    } finally {
      await listening.close();
    }
  });

  it('migrates again without applying anything', async () => {
    const again = await storage.migrate();
    expect(again.applied).toBe(0);
    expect(again.total).toBeGreaterThan(0);
    expect(await storage.migrate()).toEqual(again);
    expect(await storage.check()).toEqual({ ok: true, value: undefined });
  });

  it.runIf(name === 'PostgreSQL')('converges when two storage objects migrate an empty database at once', async () => {
    const [first, second] = await database.unmigrated!();
    const results = await Promise.all([first.migrate(), second.migrate()]);
    const total = results[0]!.total;
    expect(total).toBeGreaterThan(0);
    expect(results.map((result) => result.applied).sort()).toEqual([0, total]);
    expect(results[1]!.total).toBe(total);
    await first.queries.agents.insert(agentRow('weather'));
    expect(await second.queries.agents.get('weather')).toBeDefined();
  });
});
