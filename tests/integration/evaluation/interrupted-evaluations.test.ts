/**
 * Evaluations left running by a process that stopped: a studio on the database marks them failed
 * once their process has been silent for a while (or, stored before processes were recorded, once
 * nothing has kept them alive for a while), and leaves alone the ones a live process is running.
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

function runningEvaluation(
  id: string,
  {
    aliveAt = null,
    startedAt,
    processId = null,
  }: { aliveAt?: string | null; startedAt: string; processId?: string | null },
): EvaluationRow {
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
    processId,
  };
}

describe('evaluations whose process stopped', () => {
  it('are failed by the next studio once their process is silent or gone; a live one is left running', async () => {
    const test = await createTestStudio();
    cleanups.push(test.cleanup);
    const { evaluations, processes } = test.studio.storage.queries;
    const stale = ago(evaluationStaleAfterMs + 60_000);
    await processes.beat({ id: 'crashed', startedAt: stale, aliveAt: ago(60_000), aliveUntil: ago(30_000) });
    await evaluations.insert(runningEvaluation('of-crashed', { startedAt: stale, processId: 'crashed' }));
    await evaluations.insert(runningEvaluation('of-gone', { startedAt: stale, processId: 'closed-long-ago' }));
    // Stored before processes were recorded: its sign of life, or its start, counts.
    await evaluations.insert(runningEvaluation('lost', { aliveAt: stale, startedAt: stale }));
    await evaluations.insert(runningEvaluation('old-format', { startedAt: stale }));
    await evaluations.insert(runningEvaluation('unnamed-alive', { aliveAt: ago(10_000), startedAt: stale }));

    const another = await createStudio({
      logger: silentLogger,
      ...test.reopen,
      settings: { mode: 'test', ...test.reopen.settings, processSilentAfterMs: 1_000 },
    });
    cleanups.push(() => another.close());
    const rows = another.storage.queries.evaluations;
    // The unnamed ones at once, as it starts; those of processes once it has been heard a second.
    for (const id of ['lost', 'old-format'])
      expect(await rows.get(id)).toMatchObject({ status: 'failed', error: interruptedEvaluationMessage });
    await expect.poll(async () => (await rows.get('of-crashed'))?.status, { timeout: 5_000 }).toBe('failed');
    expect(await rows.get('of-gone')).toMatchObject({ status: 'failed', error: interruptedEvaluationMessage });
    expect((await rows.get('unnamed-alive'))?.status).toBe('running');
  });

  it('leaves the evaluations of a live process running, however long they run, and fails them once it falls silent', async () => {
    const test = await createTestStudio();
    cleanups.push(test.cleanup);
    const { storage } = test.studio;
    const silentAfterMs = 30_000;
    let clock = Date.now();
    const iso = () => new Date(clock).toISOString();
    /** A process whose beats this test writes itself, judging by the test's clock. */
    const processOf = (id: string) => ({
      id,
      judgedAt: (now: Date) => now.toISOString(),
      beat: () =>
        storage.queries.processes.beat({
          id,
          startedAt: iso(),
          aliveAt: iso(),
          aliveUntil: new Date(clock + silentAfterMs).toISOString(),
        }),
    });
    const mineProcess = processOf('mine');
    const otherProcess = processOf('other');
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const underWay: Array<Promise<unknown>> = [];
    const partsOf = (id: string, process: ReturnType<typeof processOf>): EvaluationParts => ({
      storage,
      process,
      findVersion: async () => ({ versionNumber: 1, configHash: 'hash' }),
      listTestCases: async () => [{ id: 'case-1' } as TestCase],
      testCasesChangedAt: async () => iso(),
      evaluateCase: async () => {
        await blocked;
        return { passed: true, expectations: [] };
      },
      concurrency: 1,
      now: () => new Date(clock),
      newId: () => id,
      track: (work) => underWay.push(work),
    });
    await mineProcess.beat();
    const mine = createEvaluations(partsOf('slow', mineProcess));
    // Another instance on the same database, which does not run it.
    const other = createEvaluations(partsOf('unused', otherProcess));
    await mine.start({ agentId: 'demo-assistant', target: { versionNumber: 1 } });

    // Much later, well past both bounds since it started, its process still beating.
    clock += 3 * evaluationStaleAfterMs;
    await mineProcess.beat();
    await other.markInterrupted();
    expect((await storage.queries.evaluations.get('slow'))?.status).toBe('running');

    // Its process gone quiet for longer than the silence judged by: the other instance fails it.
    clock += silentAfterMs + 1_000;
    await other.markInterrupted();
    expect(await storage.queries.evaluations.get('slow')).toMatchObject({
      status: 'failed',
      error: interruptedEvaluationMessage,
    });
    release();
    await Promise.all(underWay);
  });
});
