/** An evaluation as the API and the editor show it, read from its stored row. */
import type { EvaluationRow } from '../../db/queries';

/** One expectation's verdict, with a sentence a person reads. */
export interface ExpectationVerdict {
  type: string;
  passed: boolean;
  detail: string;
}

/** What one test case's replay gave. */
export interface CaseResult {
  testCaseId: string;
  passed: boolean;
  expectations: ExpectationVerdict[];
  /** The stored run of the replay (absent when the replay could not start). */
  runId?: string;
  /** The hash of the tool set the replay ran with (its run's `resolvedToolsHash`). */
  resolvedToolsHash?: string;
  /** The difference from the recording: calls added, removed, arguments changed; the answer's words. */
  diff?: unknown;
  usage?: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
  durationMs: number;
}

export interface EvaluationView {
  evaluationId: string;
  status: 'running' | 'finished' | 'failed';
  agentId: string;
  versionNumber: number;
  configHash: string;
  /**
   * The hash of the resolved tool set the cases ran with, as their runs report it; `null` until a
   * case has run, or when the cases' request contexts resolved different tool sets (each case's
   * result then has its own).
   */
  resolvedToolsHash: string | null;
  startedAt: string;
  finishedAt: string | null;
  passed: number;
  failed: number;
  results: CaseResult[];
  error: string | null;
}

/** The one tool set hash every replayed case ran with, or `null`. */
function sharedToolsHash(results: CaseResult[]): string | null {
  const hashes = new Set(results.flatMap((result) => (result.resolvedToolsHash ? [result.resolvedToolsHash] : [])));
  return hashes.size === 1 ? [...hashes][0]! : null;
}

export function evaluationView(row: EvaluationRow): EvaluationView {
  const results = JSON.parse(row.results) as CaseResult[];
  return {
    evaluationId: row.id,
    status: row.status,
    agentId: row.agentId,
    versionNumber: row.versionNumber,
    configHash: row.configHash,
    resolvedToolsHash: sharedToolsHash(results),
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    passed: row.passed,
    failed: row.failed,
    results,
    error: row.error,
  };
}
