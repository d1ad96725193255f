/**
 * The evaluations of one studio: its storage, its editor's versions and test cases, its runtime's
 * replay and its models for judged expectations, put together for `createEvaluations`.
 */
import { randomUUID } from 'node:crypto';
import type { Storage } from '../db/storage';
import type { Editor } from './editor';
import type { Settings } from './env';
import { checkExpectations, createEvaluations, type Evaluations } from './evaluation';
import { modelJudge } from './evaluation/model-judge';
import type { Logger } from './logger';
import type { ModelRegistry, ProcessLiveness, Runtime } from './runtime';

export function studioEvaluations({
  storage,
  editor,
  runtime,
  models,
  settings,
  logger,
  process,
}: {
  storage: Storage;
  editor: Editor;
  runtime: Runtime;
  models: ModelRegistry;
  /** How many cases replay at once, and the model scoring judged expectations that name none. */
  settings: Pick<Settings, 'evalConcurrency' | 'judgeModel'>;
  logger: Logger;
  /** This studio process on the database (lib/runtime/process-liveness.ts). */
  process: Pick<ProcessLiveness, 'id' | 'judgedAt'>;
}): Evaluations & { settled(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  const judge = modelJudge({ resolveModel: (name) => models.resolve(name), defaultModel: settings.judgeModel });
  const evaluations = createEvaluations({
    storage,
    process,
    concurrency: settings.evalConcurrency,
    async findVersion({ agentId, target }) {
      const { version } = await editor.agents.loadVersion({ id: agentId, selector: target, fallback: 'latest' });
      return { versionNumber: version.versionNumber, configHash: version.configHash };
    },
    listTestCases: async (agentId) => (await editor.testCases.list(agentId)).items,
    // An agent whose cases never changed compares as earlier than any evaluation.
    testCasesChangedAt: async (agentId) => (await editor.testCases.changedAt(agentId)) ?? '',
    async evaluateCase({ agentId, versionNumber, testCase }) {
      const replay = await runtime.replayTestCase({ agentId, testCase, selector: { versionNumber } });
      const expectations = await checkExpectations({
        expectations: testCase.expectations,
        outcome: replay,
        judge,
      });
      return {
        passed: expectations.every((expectation) => expectation.passed),
        expectations,
        runId: replay.runId,
        resolvedToolsHash: replay.resolvedToolsHash,
        diff: replay.diff,
        usage: replay.usage,
      };
    },
    now: () => new Date(),
    newId: () => randomUUID(),
    track(work) {
      const tracked = work.catch((error: unknown) => logger.error('An evaluation stopped unexpectedly', { error }));
      running.add(tracked);
      void tracked.finally(() => running.delete(tracked));
    },
  });
  return {
    ...evaluations,
    /** Waits for the evaluations under way (shutdown). */
    async settled() {
      await Promise.all(running);
    },
  };
}
