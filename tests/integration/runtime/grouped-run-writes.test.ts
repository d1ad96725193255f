/**
 * Runs that are over are written in groups, a few milliseconds after they end; runs that wait for
 * an answer are written before the answer leaves. Checked against the SQLite file itself.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStorage } from '@/db/sqlite-storage';
import type { RunStore } from '@/lib/runtime/run-store';
import { startProcessLiveness } from '@/lib/runtime/process-liveness';
import { createStoredRunStore, groupedWriteDelayMs } from '@/lib/runtime/stored-run-store';
import type { RunRecord } from '@/lib/runtime/run-record';
import { ephemeralSecretsKey } from '@/lib/secrets';
import { call, createAndPublish, sqliteFile } from '@/tests/support/studio';
import { createRunStudio, parseEventStream, storedAgent } from './fixture';

let current: Awaited<ReturnType<typeof createRunStudio>> | undefined;
afterEach(async () => {
  await current?.cleanup();
  current = undefined;
});

/** The run's row as another connection to the file sees it (what another process would read). */
function storedStatus(databaseFile: string, runId: string): string | undefined {
  const other = new Database(databaseFile, { readonly: true });
  try {
    return (other.prepare('select status from runs where id = ?').get(runId) as { status: string } | undefined)?.status;
  } finally {
    other.close();
  }
}

/** A process that judges no other: for the tests that do not look at stopped processes. */
const judgingNoProcess = { id: 'this-process', judgedAt: () => null };

describe('grouped writes of runs that are over', () => {
  it('answers a finished run from this process at once and writes it to the file within the delay', async () => {
    current = await createRunStudio([{ text: 'Done.' }]);
    await createAndPublish(current.studio, storedAgent);
    const finished = (await call(current.studio, 'POST', '/api/agents/banker/generate', { prompt: 'Hi' })).body;
    expect(finished.status).toBe('finished');
    const read = await call(current.studio, 'GET', `/api/runs/${finished.runId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ runId: finished.runId, status: 'finished' });
    const databaseFile = sqliteFile(current);
    await vi.waitFor(() => expect(storedStatus(databaseFile, finished.runId)).toBe('finished'), {
      timeout: groupedWriteDelayMs * 50,
      interval: groupedWriteDelayMs,
    });
  });

  it('writes queued runs when the studio closes, so a restart finds them', async () => {
    current = await createRunStudio([{ text: 'One.' }, { text: 'Two.' }]);
    await createAndPublish(current.studio, storedAgent);
    const first = (await call(current.studio, 'POST', '/api/agents/banker/generate', { prompt: 'A' })).body;
    const second = (await call(current.studio, 'POST', '/api/agents/banker/generate', { prompt: 'B' })).body;
    const restarted = await current.reopen([]);
    const lastText = async (runId: string) => (await restarted.runtime.runs.get(runId)).transcript.at(-1);
    expect(await restarted.runtime.runs.get(first.runId)).toMatchObject({ status: 'finished' });
    expect(await lastText(first.runId)).toEqual({ type: 'text', text: 'One.' });
    expect(await lastText(second.runId)).toEqual({ type: 'text', text: 'Two.' });
  });

  it('stores a paused run before answering: another connection sees it at once', async () => {
    current = await createRunStudio([{ toolCalls: [{ toolName: 'transfer', input: { to: 'alice', amount: 10 } }] }]);
    await createAndPublish(current.studio, storedAgent);
    const paused = (await call(current.studio, 'POST', '/api/agents/banker/generate', { prompt: 'Pay' })).body;
    expect(paused.status).toBe('paused');
    expect(storedStatus(sqliteFile(current), paused.runId)).toBe('paused');
  });

  it('a streamed run is stored as running when it starts; its end replaces that row', async () => {
    current = await createRunStudio([{ text: 'Streamed.' }]);
    await createAndPublish(current.studio, storedAgent);
    const response = await current.studio.api.request('/api/agents/banker/stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Hi' }),
    });
    const events = parseEventStream(await response.text());
    const runId = events[0]!.data.runId as string;
    expect(await current.studio.runtime.runs.get(runId)).toMatchObject({
      status: 'finished',
      transcript: [{ type: 'user' }, { type: 'text', text: 'Streamed.' }],
    });
    const databaseFile = sqliteFile(current);
    await vi.waitFor(() => expect(storedStatus(databaseFile, runId)).toBe('finished'), {
      timeout: groupedWriteDelayMs * 50,
      interval: groupedWriteDelayMs,
    });
  });
});

describe('the stored run store (SQLite)', () => {
  function record(runId: string, status: RunRecord['status']): RunRecord {
    const at = new Date().toISOString();
    return {
      runId,
      agentId: 'agent',
      versionId: null,
      versionNumber: null,
      resolvedToolsHash: 'hash',
      status,
      requestContext: {},
      state: {
        messages: [{ role: 'user', content: 'Hi' }],
        pending: [],
        stepCount: 0,
        clientTools: {},
        options: {},
        transcript: [],
        usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
      },
      revision: 0,
      createdAt: at,
      updatedAt: at,
    } as unknown as RunRecord;
  }

  async function openStore(onWriteError?: (error: unknown, runIds: string[]) => void): Promise<{
    store: RunStore;
    rows: () => Array<{ id: string; status: string; revision: number }>;
    close: () => Promise<void>;
  }> {
    const storage = openSqliteStorage({ url: ':memory:' });
    await storage.migrate();
    const store = createStoredRunStore({
      storage,
      secretsKey: ephemeralSecretsKey(),
      liveness: judgingNoProcess,
      ...(onWriteError ? { onWriteError } : {}),
    });
    return {
      store,
      rows: () =>
        storage.handle.sqlite.prepare('select id, status, revision from runs order by id').all() as Array<{
          id: string;
          status: string;
          revision: number;
        }>,
      close: () => storage.close(),
    };
  }

  it('folds a save into a queued insert: one row, with the revision both writes give', async () => {
    const { store, rows, close } = await openStore();
    try {
      await store.insert(record('a', 'finished'));
      await store.save({ ...record('a', 'failed'), error: { code: 'internal_error', message: 'late' } } as RunRecord);
      expect(rows()).toEqual([]);
      expect(await store.get('a')).toMatchObject({ status: 'failed', revision: 1 });
      await store.flush();
      expect(rows()).toEqual([{ id: 'a', status: 'failed', revision: 1 }]);
      expect(await store.get('a')).toMatchObject({ status: 'failed', revision: 1 });
    } finally {
      await close();
    }
  });

  it('writes running and paused runs at once, and a finished save of a stored run when flushed', async () => {
    const { store, rows, close } = await openStore();
    try {
      await store.insert(record('b', 'running'));
      expect(rows()).toEqual([{ id: 'b', status: 'running', revision: 0 }]);
      await store.save(record('b', 'finished'));
      expect(rows()).toEqual([{ id: 'b', status: 'running', revision: 0 }]);
      expect(await store.get('b')).toMatchObject({ status: 'finished', revision: 1 });
      await store.flush();
      expect(rows()).toEqual([{ id: 'b', status: 'finished', revision: 1 }]);
    } finally {
      await close();
    }
  });

  it('reads a queued run as it will be written, before, while and after its group is written', async () => {
    const { store, close } = await openStore();
    try {
      await store.insert(record('e', 'finished'));
      const flushed = store.flush();
      expect(await store.get('e')).toMatchObject({ status: 'finished', revision: 0 });
      await flushed;
      expect(await store.get('e')).toMatchObject({ status: 'finished', revision: 0 });
    } finally {
      await close();
    }
  });

  it('writes the rest of a group when one run cannot be written, and reports that run', async () => {
    const failures: Array<{ message: string; runIds: string[] }> = [];
    const { store, rows, close } = await openStore((error, runIds) =>
      failures.push({ message: String(error), runIds }),
    );
    try {
      await store.insert(record('c', 'running'));
      // An insert of an id that is already stored fails when the group is written.
      await store.insert(record('c', 'finished'));
      await store.insert(record('d', 'finished'));
      await store.flush();
      expect(failures).toEqual([{ message: expect.stringContaining('UNIQUE') as unknown as string, runIds: ['c'] }]);
      expect(rows()).toEqual([
        { id: 'c', status: 'running', revision: 0 },
        { id: 'd', status: 'finished', revision: 0 },
      ]);
    } finally {
      await close();
    }
  });

  it('holds finished runs while the database is out of reach, up to a limit, and writes them once it is back', async () => {
    const storage = openSqliteStorage({ url: ':memory:' });
    await storage.migrate();
    let reachable = false;
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const failures: Array<{ runIds: string[] }> = [];
    const store = createStoredRunStore({
      storage: {
        ...storage,
        transaction: (work, options) => (reachable ? storage.transaction(work, options) : Promise.reject(unreachable)),
      },
      secretsKey: ephemeralSecretsKey(),
      liveness: judgingNoProcess,
      onWriteError: (_error, runIds) => failures.push({ runIds }),
      heldWriteLimit: 2,
    });
    const stored = () => storage.handle.sqlite.prepare('select id, status from runs order by id').all();
    try {
      for (const runId of ['e', 'f', 'g']) await store.insert(record(runId, 'finished'));
      await store.flush();
      // Held, not written one by one (which would fail too): only the earliest past the limit is given up.
      expect(failures).toEqual([{ runIds: ['e'] }]);
      expect(stored()).toEqual([]);
      expect((await store.get('g'))?.status).toBe('finished');
      reachable = true;
      await store.flush();
      expect(stored()).toEqual([
        { id: 'f', status: 'finished' },
        { id: 'g', status: 'finished' },
      ]);
      expect(failures).toHaveLength(1);
    } finally {
      await store.close();
      await storage.close();
    }
  });

  it('judges other processes once its own beats have landed for a while, and finds the runs of one that stopped', async () => {
    const storage = openSqliteStorage({ url: ':memory:' });
    await storage.migrate();
    const secretsKey = ephemeralSecretsKey();
    const silentAfterMs = 1_000;
    const startLiveness = async () => {
      const liveness = startProcessLiveness({ queries: storage.queries.processes, silentAfterMs, onError: () => {} });
      await liveness.started;
      return liveness;
    };
    // Another process stored a run as running, then stopped: its sign of life is gone.
    const theirLiveness = await startLiveness();
    const stopped = createStoredRunStore({ storage, secretsKey, liveness: theirLiveness });
    await stopped.insert(record('theirs', 'running'));
    await stopped.close();
    await theirLiveness.stop();
    const liveness = await startLiveness();
    const store = createStoredRunStore({ storage, secretsKey, liveness });
    try {
      await store.insert(record('mine', 'running'));
      const interrupted = async () => (await store.interrupted(new Date())).map((run) => run.runId);
      // Heard for less than the silence that counts: it judges no process yet.
      expect(await interrupted()).toEqual([]);
      // A run this process runs is never among them: it keeps beating meanwhile.
      await vi.waitFor(async () => expect(await interrupted()).toEqual(['theirs']), { timeout: 3_000 });
      await new Promise((resolve) => setTimeout(resolve, silentAfterMs));
      expect(await interrupted()).toEqual(['theirs']);

      // Ended once, at the revision read; a second ending of the same read changes nothing.
      const [theirs] = await store.interrupted(new Date());
      const now = new Date().toISOString();
      const ended = { ...theirs!, status: 'failed' as const, finishedAt: now, updatedAt: now };
      expect(await store.endInterrupted(ended)).toBe(true);
      expect(await store.endInterrupted(ended)).toBe(false);
      expect(await storage.queries.runs.get('theirs')).toMatchObject({ status: 'failed', revision: 1 });
    } finally {
      await store.close();
      await liveness.stop();
      await storage.close();
    }
  });
});
