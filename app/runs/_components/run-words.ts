/**
 * How the Runs pages say a run's states in words (the editor speaks plainly: "Waiting for
 * approval", not `paused` or `pending`).
 */
import type { RunListItem, RunStatus, StepToolCall, TokenUsage } from '../_data/runs';

export const statusWords: Record<RunStatus, string> = {
  running: 'Running',
  paused: 'Waiting for an answer',
  finished: 'Finished',
  failed: 'Failed',
};

/** What a paused run waits for, by the kind of its pending call. */
export function waitingWords(kind: string): string {
  if (kind === 'approval') return 'Waiting for approval';
  if (kind === 'suspended') return 'Waiting for data';
  if (kind === 'client') return "Waiting for the app's tool results";
  return 'Waiting for an answer';
}

/** A duration as people read it: 850 ms, 1.2 s, 3 min 5 s. */
export function durationWords(durationMs: number | null): string {
  if (durationMs === null) return 'not over yet';
  if (durationMs < 1_000) return `${Math.round(durationMs)} ms`;
  if (durationMs < 60_000) return `${(durationMs / 1_000).toFixed(1)} s`;
  const seconds = Math.round(durationMs / 1_000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

export function tokenWords({ inputTokens, outputTokens }: TokenUsage): string {
  return `${inputTokens + outputTokens} (${inputTokens} in, ${outputTokens} out)`;
}

/** Which configuration a run ran: a version, the code's own definition, or unsaved changes from the editor. */
export function versionWords({
  versionNumber,
  label,
  draft,
}: Pick<RunListItem, 'versionNumber' | 'label' | 'draft'>): string {
  if (draft) return 'Unsaved draft';
  const version = versionNumber === null ? 'As defined in code' : `Version ${versionNumber}`;
  return label ? `${version} (${label})` : version;
}

const finishWords: Record<string, string> = {
  stop: 'answered',
  'tool-calls': 'called tools',
  length: 'stopped at the length limit',
  'content-filter': 'stopped by the content filter',
  error: 'stopped by an error',
};

/** Why a model step ended, in words. */
export function finishReasonWords(finishReason: string | null): string {
  if (finishReason === null) return 'not recorded';
  return finishWords[finishReason] ?? finishReason;
}

const sourceWords: Record<string, string> = {
  code: 'registered tool',
  registry: 'registered tool',
  mcp: 'MCP server',
  integration: 'integration',
  provider: 'tool provider',
  agent: 'sub-agent',
  // Recorded by runs from before sub-agents were resolved tools, and by agents run on their own.
  'sub-agent': 'sub-agent',
  workflow: 'workflow',
  builtin: 'built-in tool',
  client: "the app's own tool",
};

export function sourceOfTool(source: string): string {
  if (source === 'unknown' || source === '') return 'source not recorded';
  return sourceWords[source] ?? source;
}

/** Where a call stands, in words: its approval or suspension, then its outcome. */
export function callStateWords(call: StepToolCall): string {
  const { approval, suspended } = call;
  if (approval?.state === 'pending') return 'Waiting for approval';
  if (suspended?.state === 'pending') return 'Waiting for data';
  const answered = (verb: string, by?: string) => (by ? `${verb} by ${by}` : verb);
  const decided =
    approval?.state === 'declined'
      ? answered('Declined', approval.answeredBy)
      : approval?.state === 'approved'
        ? answered('Approved', approval.answeredBy)
        : suspended?.state === 'resumed'
          ? answered('Answered', suspended.answeredBy)
          : '';
  const outcome = call.isError ? 'failed' : call.result === undefined ? 'no result' : 'done';
  return decided ? `${decided}, ${outcome}` : outcome[0]!.toUpperCase() + outcome.slice(1);
}
