/**
 * Evaluations left running by a process that stopped: a studio opened on the database marks them
 * failed once nothing has kept them alive for a while, and leaves alone the ones another live
 * instance is running (their sign of life is recent).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EvaluationRow } from '@/db/queries';
import { createStudio } from '@/lib';
import type { TestCase } from '@/lib/schemas';
import {
  createEvaluations,
  evaluationStaleAfterMs,
  interruptedEvaluationMessage,
  type EvaluationParts,
} from '@/lib/evaluation/evaluations';
import { silentLogger } from '@/lib/logger';
import { createTestStudio } from '@/tests/support/studio';

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function runningEvaluation(id: string, aliveAt: string | null, startedAt: string): EvaluationRow {
  return {
    id,
    agentId: 'demo-assistant',
    versionNumber: 1,
    configHash: 'hash',
    status: 'running',
    testCasesChangedAt: startedAt,
    passed: 0,
    failed: 0,
    results: '[]',
    error: null,
    createdBy: null,
    startedAt,
    finishedAt: null,
    aliveAt,
  };
}

describe('evaluations whose process stopped', () => {
  it('are failed by the next studio once not seen alive for a while; a live one is left running', async () => {
    const test = await createTestStudio();
    cleanups.push(test.cleanup);
    const queries = test.studio.storage.queries.evaluations;
    const stale = ago(evaluationStaleAfterMs + 60_000);
    await queries.insert(runningEvaluation('lost', stale, stale));
    // Stored before sign of life was recorded: its start counts.
    await queries.insert(runningEvaluation('old-format', null, stale));
    // Another instance's, alive a moment ago.
    await queries.insert(runningEvaluation('elsewhere', ago(10_000), stale));

    const another = await createStudio({
      logger: silentLogger,
      ...test.reopen,
      settings: { mode: 'test', ...test.reopen.settings },
    });
    cleanups.push(() => another.close());
    const rows = another.storage.queries.evaluations;
    for (const id of ['lost', 'old-format'])
      expect(await rows.get(id)).toMatchObject({ status: 'failed', error: interruptedEvaluationMessage });
    expect((await rows.get('elsewhere'))?.status).toBe('running');
  });

  it('keeps the evaluations it runs alive, however long they run, so no instance fails them', async () => {
    const test = await createTestStudio();
    cleanups.push(test.cleanup);
    const { storage } = test.studio;
    let clock = Date.now();
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const underWay: Array<Promise<unknown>> = [];
    const partsOf = (id: string): EvaluationParts => ({
      storage,
      findVersion: async () => ({ versionNumber: 1, configHash: 'hash' }),
      listTestCases: async () => [{ id: 'case-1' } as TestCase],
      testCasesChangedAt: async () => new Date(clock).toISOString(),
      evaluateCase: async () => {
        await blocked;
        return { passed: true, expectations: [] };
      },
      concurrency: 1,
      now: () => new Date(clock),
      newId: () => id,
      track: (work) => underWay.push(work),
    });
    const mine = createEvaluations(partsOf('slow'));
    // Another instance on the same database, which does not run it.
    const other = createEvaluations(partsOf('unused'));
    await mine.start({ agentId: 'demo-assistant', target: { versionNumber: 1 } });

    // Much later, well past the bound since it started: its own upkeep marks it alive first.
    clock += 3 * evaluationStaleAfterMs;
    await mine.markInterrupted();
    await other.markInterrupted();
    expect((await storage.queries.evaluations.get('slow'))?.status).toBe('running');

    // Its process gone quiet for longer than the bound: the other instance fails it.
    clock += evaluationStaleAfterMs + 1_000;
    await other.markInterrupted();
    expect(await storage.queries.evaluations.get('slow')).toMatchObject({
      status: 'failed',
      error: interruptedEvaluationMessage,
    });
    release();
    await Promise.all(underWay);
  });
});
