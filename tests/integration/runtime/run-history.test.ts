/**
 * The run history the editor's Runs pages read (`studio.runHistory`): stored runs newest first,
 * filtered, paged by a keyset cursor that later inserts do not shift, and one run with its steps
 * rebuilt from a real run's messages and transcript. On SQLite and, in `integration-postgres`, on
 * PostgreSQL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RunRow } from '@/db/queries';
import { call, createAndPublish } from '@/tests/support/studio';
import { createRunStudio, storedAgent } from './fixture';

let current: Awaited<ReturnType<typeof createRunStudio>> | undefined;
afterEach(async () => {
  await current?.cleanup();
  current = undefined;
});

/** A stored run row as the run store writes one, at `createdAt`. */
function runRow(id: string, createdAt: string, overrides: Partial<RunRow> = {}): RunRow {
  return {
    id,
    agentId: 'banker',
    versionId: null,
    versionNumber: 1,
    label: null,
    resolvedToolsHash: 'hash',
    status: 'finished',
    threadId: null,
    resourceId: null,
    createdBy: null,
    messages: '[]',
    pending: '[]',
    requestContext: '{}',
    authToken: null,
    state: JSON.stringify({ stepCount: 0, transcript: [], usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 } }),
    revision: 0,
    error: null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

const ids = (page: { items: Array<{ runId: string }> }) => page.items.map((item) => item.runId);

describe('the run history', () => {
  it('lists newest first (ties by id), filters, and pages by a cursor that later inserts do not shift', async () => {
    current = await createRunStudio([]);
    const { studio } = current;
    const insert = (row: RunRow) => studio.storage.queries.runs.insert(row);
    await insert(runRow('run-a', '2026-01-01T10:00:00.000Z'));
    await insert(
      runRow('run-b', '2026-01-02T10:00:00.000Z', {
        status: 'aborted',
        error: '{"code":"aborted","message":"Stopped"}',
      }),
    );
    await insert(runRow('run-c', '2026-01-02T10:00:00.000Z', { status: 'paused', versionNumber: 2, threadId: 't1' }));
    await insert(runRow('run-d', '2026-01-03T10:00:00.000Z', { agentId: 'other' }));

    expect(ids(await studio.runHistory.list({}))).toEqual(['run-d', 'run-c', 'run-b', 'run-a']);
    expect(ids(await studio.runHistory.list({ agentId: 'banker' }))).toEqual(['run-c', 'run-b', 'run-a']);
    expect(ids(await studio.runHistory.list({ status: 'failed' }))).toEqual(['run-b']);
    expect(ids(await studio.runHistory.list({ versionNumber: 2 }))).toEqual(['run-c']);
    expect(ids(await studio.runHistory.list({ threadId: 't1' }))).toEqual(['run-c']);
    expect(
      ids(await studio.runHistory.list({ from: '2026-01-02T00:00:00.000Z', to: '2026-01-03T00:00:00.000Z' })),
    ).toEqual(['run-c', 'run-b']);

    const [aborted] = (await studio.runHistory.list({ status: 'failed' })).items;
    expect(aborted).toMatchObject({
      status: 'failed',
      durationMs: 0,
      usage: { inputTokens: 3, outputTokens: 2 },
      error: { code: 'aborted', message: 'Stopped' },
    });

    const first = await studio.runHistory.list({ limit: 2 });
    expect(ids(first)).toEqual(['run-d', 'run-c']);
    // A run started meanwhile goes on top; the next page still starts right after run-c.
    await insert(runRow('run-e', '2026-01-04T10:00:00.000Z'));
    const second = await studio.runHistory.list({ limit: 2, cursor: first.nextCursor! });
    expect(ids(second)).toEqual(['run-b', 'run-a']);
    expect(second.nextCursor).toBeUndefined();
  });

  it('refuses a bad cursor and bad filters as invalid input naming them', async () => {
    current = await createRunStudio([]);
    const { studio } = current;
    await expect(studio.runHistory.list({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'invalid_input',
      details: { issues: [{ path: 'cursor' }] },
    });
    await expect(studio.runHistory.list({ status: 'paused-ish' as never, limit: 0 })).rejects.toMatchObject({
      code: 'invalid_input',
      details: { issues: expect.arrayContaining([expect.objectContaining({ path: 'status' })]) },
    });
    await expect(studio.runHistory.get('missing')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('gives a run its steps: the model calls of this run, their tool calls with the shown arguments and approvals', async () => {
    current = await createRunStudio([
      { toolCalls: [{ toolName: 'transfer', input: { to: 'alice', amount: 10 } }] },
      { text: 'Paid alice.' },
    ]);
    const { studio } = current;
    await createAndPublish(studio, storedAgent);
    const paused = (await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Pay alice' })).body;
    const waiting = await studio.runHistory.get(paused.runId);
    expect(waiting).toMatchObject({ status: 'paused', pending: [{ toolName: 'transfer', kind: 'approval' }] });
    expect(waiting.steps).toHaveLength(1);
    expect(waiting.steps[0]!.toolCalls).toMatchObject([
      { toolName: 'transfer', args: { to: 'alice', amount: 10 }, approval: { state: 'pending' } },
    ]);

    await call(studio, 'POST', `/api/runs/${paused.runId}/approve`, { toolCallId: 'call-1-1' });
    const finished = await studio.runHistory.get(paused.runId);
    expect(finished).toMatchObject({ status: 'finished', toolCallCount: 1, finishReason: 'stop' });
    expect(finished.steps.map((step) => step.model.finishReason)).toEqual(['tool-calls', 'stop']);
    expect(finished.steps[0]!.toolCalls[0]).toMatchObject({
      approval: { state: 'approved' },
      result: { ok: true, to: 'alice', amount: 10 },
      isError: false,
    });
    expect(ids(await studio.runHistory.list({ agentId: 'banker' }))).toEqual([paused.runId]);
  });
});
