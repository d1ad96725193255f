/**
 * Evaluations: an agent's test cases replayed against one version, each replay checked against the
 * case's expectations. Starting one stores it as `running` and answers its id at once; the cases
 * replay in the background, at most `concurrency` at a time, and the stored row is finished with
 * every case's result. The replay, the expectation check and the reads of test cases and versions
 * are given by the composition root, so this module only orders the work and keeps its record.
 */
import pLimit from 'p-limit';
import type { Storage } from '../../db/storage';
import type { EvaluationPosition, EvaluationRow } from '../../db/queries';
import type { TestCase } from '../schemas';
import type { VersionSelector } from '../versions';
import { errorMessage, StudioError } from '../errors';
import type { CaseResult, EvaluationView } from './evaluation-view';
import { evaluationView } from './evaluation-view';

/** Which version an evaluation replays the cases against (`{ status: 'draft' }`: the latest). */
export type EvaluationTarget = VersionSelector;

/** The version an evaluation runs against, as the composition root finds it. */
export interface EvaluatedVersion {
  versionNumber: number;
  /** The hash of the version's configuration (its snapshot): what the publish gate compares. */
  configHash: string;
}

/** A finished evaluation of one configuration as the Publish dialog shows it (see `lastOfConfig`). */
export interface LastEvaluation {
  evaluationId: string;
  /** The version it ran against (another version with the same configuration counts too). */
  versionNumber: number;
  passed: number;
  failed: number;
  finishedAt: string;
  /** The test cases changed since it started, or it did not cover every current case. */
  stale: boolean;
}

/** What one case's replay and check gave. */
export type CaseOutcome = Omit<CaseResult, 'testCaseId' | 'durationMs'>;

export interface EvaluationParts {
  storage: Storage;
  findVersion(request: { agentId: string; target: EvaluationTarget }): Promise<EvaluatedVersion>;
  listTestCases(agentId: string): Promise<TestCase[]>;
  /** When the agent's test cases last changed (created, edited or deleted), as an ISO time. */
  testCasesChangedAt(agentId: string): Promise<string>;
  /** Replays one case against the version and checks its expectations. */
  evaluateCase(request: { agentId: string; versionNumber: number; testCase: TestCase }): Promise<CaseOutcome>;
  /** How many cases replay at once (`STUDIO_EVAL_CONCURRENCY`). */
  concurrency: number;
  now(): Date;
  newId(): string;
  /** Keeps the background work in view, so shutdown can wait for it and a failure is logged. */
  track(work: Promise<unknown>): void;
  /**
   * This studio process on the database (its sign of life: lib/runtime/process-liveness.ts): its id
   * goes into the evaluations it runs, and it gives the time to judge other processes at (null: none).
   */
  process: { id: string; judgedAt(now: Date): string | null };
}

export interface StartEvaluationRequest {
  agentId: string;
  target: EvaluationTarget;
  /** Only these cases (default: every case of the agent). */
  testCaseIds?: string[];
  actor?: string;
}

export interface Evaluations {
  start(request: StartEvaluationRequest): Promise<{ evaluationId: string }>;
  get(evaluationId: string): Promise<EvaluationView>;
  list(request: { agentId: string; before?: EvaluationPosition; limit: number }): Promise<EvaluationView[]>;
  /**
   * The newest finished evaluation of exactly this configuration that covered every current test
   * case, started after they last changed and passed at least `minPassRate` of them (any such one
   * counts, whatever was evaluated after it).
   */
  findPassing(request: {
    agentId: string;
    configHash: string;
    minPassRate: number;
  }): Promise<EvaluationView | undefined>;
  /**
   * The evaluation of exactly this configuration the Publish dialog shows: with `minPassRate`, the
   * one `findPassing` finds when there is one; otherwise the newest finished one, passing or not,
   * and whether the test cases changed since (`stale`: a case was created, edited or deleted after
   * it started, or it did not cover every current case).
   */
  lastOfConfig(request: {
    agentId: string;
    configHash: string;
    minPassRate?: number;
  }): Promise<LastEvaluation | undefined>;
  /** Runs an evaluation and waits for it to finish (the CLI and tests). */
  runToEnd(request: StartEvaluationRequest): Promise<EvaluationView>;
  /**
   * Marks failed the evaluations a stopped process left running: their process is no longer alive
   * (or, stored before processes were recorded, they were not seen alive for
   * `evaluationStaleAfterMs`). At start, then now and then; an evaluation whose process is alive,
   * in this instance or another on the database, is left to it.
   */
  markInterrupted(): Promise<void>;
}

export const interruptedEvaluationMessage = 'The server stopped before the evaluation finished; start it again.';

/**
 * How long a running evaluation stored without its process (before processes were recorded) may go
 * without a sign of life before it counts as interrupted.
 */
export const evaluationStaleAfterMs = 5 * 60_000;

function chooseCases(cases: TestCase[], testCaseIds: string[] | undefined): TestCase[] {
  if (testCaseIds === undefined) return cases;
  const unknown = testCaseIds.filter((id) => !cases.some((testCase) => testCase.id === id));
  if (unknown.length > 0) {
    throw new StudioError('invalid_input', `Unknown test case: ${unknown.join(', ')}`, {
      issues: unknown.map((id) => ({ path: 'testCaseIds', message: `No test case "${id}" in this agent` })),
    });
  }
  return cases.filter((testCase) => testCaseIds.includes(testCase.id));
}

/** What decides whether an evaluation still speaks for the agent's test cases as they are now. */
async function currentCasesOf(parts: EvaluationParts, agentId: string) {
  const current = await parts.listTestCases(agentId);
  const changedAt = await parts.testCasesChangedAt(agentId);
  return {
    changedAt,
    /** It did not cover every current case, or a case changed after it started. */
    isStale(row: EvaluationRow, evaluation: EvaluationView): boolean {
      const covered = new Set(evaluation.results.map((result) => result.testCaseId));
      const coversEveryCase = current.every((testCase) => covered.has(testCase.id));
      return !(coversEveryCase && row.testCasesChangedAt >= changedAt);
    },
  };
}

/**
 * The newest finished evaluation of the configuration that lets it publish. Any of them counts, not
 * only the newest: a later evaluation of a few cases does not take away an earlier one of all.
 */
async function passingOfConfig(
  parts: EvaluationParts,
  { agentId, configHash, minPassRate }: { agentId: string; configHash: string; minPassRate: number },
): Promise<EvaluationView | undefined> {
  const cases = await currentCasesOf(parts, agentId);
  const rows = await parts.storage.queries.evaluations.finishedSince({
    agentId,
    configHash,
    testCasesChangedAt: cases.changedAt,
  });
  for (const row of rows) {
    const evaluation = evaluationView(row);
    const total = evaluation.passed + evaluation.failed;
    const passRate = total === 0 ? 0 : evaluation.passed / total;
    if (!cases.isStale(row, evaluation) && total > 0 && passRate >= minPassRate) return evaluation;
  }
  return undefined;
}

const described = (evaluation: EvaluationView, stale: boolean): LastEvaluation => {
  const { evaluationId, versionNumber, passed, failed, finishedAt } = evaluation;
  return { evaluationId, versionNumber, passed, failed, finishedAt: finishedAt ?? '', stale };
};

export function createEvaluations(parts: EvaluationParts): Evaluations {
  const queries = () => parts.storage.queries.evaluations;

  /** The row with `results` so far: written as each case finishes (progress), and once more at the end. */
  const resultsRow = (id: string, results: CaseResult[], finishedAt: string | null) => {
    const passed = results.filter((result) => result.passed).length;
    return {
      id,
      status: finishedAt === null ? ('running' as const) : ('finished' as const),
      passed,
      failed: results.length - passed,
      results: JSON.stringify(results),
      error: null,
      finishedAt,
    };
  };

  async function evaluateAll(row: EvaluationRow, cases: TestCase[]): Promise<void> {
    const limit = pLimit(parts.concurrency);
    const done: CaseResult[] = [];
    // Progress writes run one after another, so the last one written holds every case done so far
    // and the final write comes after all of them.
    let writes = Promise.resolve();
    const results = await Promise.all(
      cases.map((testCase) =>
        limit(async (): Promise<CaseResult> => {
          const started = performance.now();
          const outcome = await parts
            .evaluateCase({ agentId: row.agentId, versionNumber: row.versionNumber, testCase })
            .catch((error: unknown) => failedOutcome(error));
          const result = { testCaseId: testCase.id, ...outcome, durationMs: Math.round(performance.now() - started) };
          done.push(result);
          const soFar = [...done];
          writes = writes.then(() => queries().finish(resultsRow(row.id, soFar, null)));
          return result;
        }),
      ),
    );
    await writes;
    await queries().finish(resultsRow(row.id, results, parts.now().toISOString()));
  }

  async function begin(request: StartEvaluationRequest): Promise<{ row: EvaluationRow; done: Promise<void> }> {
    const version = await parts.findVersion({ agentId: request.agentId, target: request.target });
    const cases = chooseCases(await parts.listTestCases(request.agentId), request.testCaseIds);
    const row: EvaluationRow = {
      id: parts.newId(),
      agentId: request.agentId,
      versionNumber: version.versionNumber,
      configHash: version.configHash,
      status: 'running',
      testCasesChangedAt: await parts.testCasesChangedAt(request.agentId),
      passed: 0,
      failed: 0,
      results: '[]',
      error: null,
      createdBy: request.actor ?? null,
      startedAt: parts.now().toISOString(),
      finishedAt: null,
      aliveAt: null,
      processId: parts.process.id,
    };
    await queries().insert(row);
    const done = evaluateAll(row, cases).catch(async (error: unknown) => {
      await queries().finish({
        id: row.id,
        status: 'failed',
        passed: 0,
        failed: 0,
        results: '[]',
        error: errorMessage(error),
        finishedAt: parts.now().toISOString(),
      });
    });
    return { row, done };
  }

  /** The newest finished evaluation of the configuration, and whether the cases changed since. */
  async function newestOfConfig({ agentId, configHash }: { agentId: string; configHash: string }) {
    const row = await queries().newestFinished({ agentId, configHash });
    if (!row) return undefined;
    const evaluation = evaluationView(row);
    const cases = await currentCasesOf(parts, agentId);
    return { evaluation, stale: cases.isStale(row, evaluation) };
  }

  async function get(evaluationId: string): Promise<EvaluationView> {
    const row = await queries().get(evaluationId);
    if (!row) throw new StudioError('not_found', `No evaluation "${evaluationId}"`);
    return evaluationView(row);
  }

  return {
    async start(request) {
      const { row, done } = await begin(request);
      parts.track(done);
      return { evaluationId: row.id };
    },
    get,
    async list({ agentId, before, limit }) {
      const rows = await queries().page({ agentId, before: before ?? { startedAt: '\uffff', id: '' }, limit });
      return rows.map(evaluationView);
    },
    findPassing: (request) => passingOfConfig(parts, request),
    async lastOfConfig({ minPassRate, ...request }) {
      const passing = minPassRate === undefined ? undefined : await passingOfConfig(parts, { ...request, minPassRate });
      if (passing) return described(passing, false);
      const last = await newestOfConfig(request);
      return last ? described(last.evaluation, last.stale) : undefined;
    },
    async markInterrupted() {
      const now = parts.now();
      await queries().failStopped({
        error: interruptedEvaluationMessage,
        finishedAt: now.toISOString(),
        unmovedSince: new Date(now.getTime() - evaluationStaleAfterMs).toISOString(),
        judgedAt: parts.process.judgedAt(now),
      });
    },
    async runToEnd(request) {
      const { row, done } = await begin(request);
      await done;
      return get(row.id);
    },
  };
}

function failedOutcome(error: unknown): CaseOutcome {
  const message = errorMessage(error);
  return {
    passed: false,
    expectations: [{ type: 'replay', passed: false, detail: `The replay failed: ${message}` }],
  };
}
