/**
 * The runs list and retention queries on both adapters alike: newest first by start time then id,
 * every filter, the key a page continues below, the list's columns only, and retention deleting
 * old runs in batches while keeping paused ones.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunListFilter } from '../../../db/queries';
import type { Storage } from '../../../db/storage';
import { adapters, type OpenedDatabase } from './adapters';
import { at, runRow } from './fixtures';

const top = { createdAt: '~', id: '' };

describe.each(adapters)('$name runs list queries', ({ missing, open }) => {
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

  async function plant() {
    const runs = storage.queries.runs;
    await runs.insert(runRow('r1', { createdAt: at(1), status: 'finished', threadId: 't1', resourceId: 'a' }));
    await runs.insert(runRow('r2', { createdAt: at(2), status: 'failed', versionNumber: 2, label: 'prod' }));
    await runs.insert(runRow('r3', { createdAt: at(3), status: 'aborted', agentId: 'other', resourceId: 'a' }));
    // Two runs started in the same millisecond: the id orders them.
    await runs.insert(runRow('r4a', { createdAt: at(4), status: 'paused' }));
    await runs.insert(
      runRow('r4b', {
        createdAt: at(4),
        status: 'finished',
        finishedAt: at(6),
        durationMs: 2_000,
        finishReason: 'stop',
        inputTokens: 12,
        outputTokens: 7,
        toolCallCount: 3,
        error: null,
      }),
    );
  }

  const ids = async (filter: RunListFilter, after = top, limit = 10) =>
    (await storage.queries.runs.list({ filter, after, limit })).map((row) => row.id);

  it('lists newest first, the id breaking ties, continuing below a key', async () => {
    await plant();
    expect(await ids({})).toEqual(['r4b', 'r4a', 'r3', 'r2', 'r1']);
    expect(await ids({}, top, 2)).toEqual(['r4b', 'r4a']);
    expect(await ids({}, { createdAt: at(4), id: 'r4b' }, 2)).toEqual(['r4a', 'r3']);
    expect(await ids({}, { createdAt: at(4), id: 'r4a' }, 2)).toEqual(['r3', 'r2']);
    const [row] = await storage.queries.runs.list({ filter: {}, after: top, limit: 1 });
    expect(row).toEqual({
      id: 'r4b',
      agentId: 'agent',
      versionNumber: 1,
      label: null,
      resolvedToolsHash: 'tools',
      status: 'finished',
      kind: 'run',
      finishReason: 'stop',
      createdAt: at(4),
      finishedAt: at(6),
      durationMs: 2_000,
      inputTokens: 12,
      outputTokens: 7,
      toolCallCount: 3,
      threadId: 'thread',
      resourceId: null,
      error: null,
    });
  });

  it('filters by agent, version, label, statuses, thread, resource and start time', async () => {
    await plant();
    expect(await ids({ agentId: 'other' })).toEqual(['r3']);
    expect(await ids({ agentId: 'agent', statuses: ['finished'] })).toEqual(['r4b', 'r1']);
    expect(await ids({ statuses: ['failed', 'aborted'] })).toEqual(['r3', 'r2']);
    expect(await ids({ versionNumber: 2 })).toEqual(['r2']);
    expect(await ids({ label: 'prod' })).toEqual(['r2']);
    expect(await ids({ threadId: 't1' })).toEqual(['r1']);
    expect(await ids({ resourceId: 'a' })).toEqual(['r3', 'r1']);
    expect(await ids({ from: at(2), to: at(4) })).toEqual(['r3', 'r2']);
    expect(await ids({ agentId: 'agent', statuses: ['paused'], from: at(4) })).toEqual(['r4a']);
  });

  it('deletes runs started before a time except paused ones, in batches', async () => {
    await plant();
    await storage.transaction(async () => {
      for (let index = 0; index < 1_005; index++)
        await storage.queries.runs.insert(runRow(`old-${index}`, { createdAt: at(0), status: 'finished' }));
    });
    expect(await storage.queries.runs.deleteExpired(at(4))).toBe(1_008);
    expect(await ids({})).toEqual(['r4b', 'r4a']);
    expect(await storage.queries.runs.deleteExpired(at(9))).toBe(1);
    expect(await ids({})).toEqual(['r4a']);
  });
});
