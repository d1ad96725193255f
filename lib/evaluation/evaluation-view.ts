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
  startedAt: string;
  finishedAt: string | null;
  passed: number;
  failed: number;
  results: CaseResult[];
  error: string | null;
}

export function evaluationView(row: EvaluationRow): EvaluationView {
  return {
    evaluationId: row.id,
    status: row.status,
    agentId: row.agentId,
    versionNumber: row.versionNumber,
    configHash: row.configHash,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    passed: row.passed,
    failed: row.failed,
    results: JSON.parse(row.results) as CaseResult[],
    error: row.error,
  };
}
