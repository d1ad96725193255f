/**
 * The one place the Runs pages read runs: the shapes of `GET /api/runs` and `GET /api/runs/:runId`
 * (written out here, so the pages depend on the contract rather than on how the runtime builds
 * it) and the in-process reader that answers them, `studio.runtime.runs`, read like every page reads
 * the studio (no page goes through the HTTP API in process).
 */
import { z } from 'zod';
import { invalidInput, issuesFromZod } from '@/lib/errors';
import type { RunView } from '@/lib/runtime';
import { currentStudio } from '@/lib/studio-handle';

export type RunStatus = 'running' | 'paused' | 'finished' | 'failed';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface RunListItem {
  runId: string;
  agentId: string;
  versionNumber: number | null;
  label: string | null;
  resolvedToolsHash: string | null;
  status: RunStatus;
  /** The last model step's finish reason. */
  finishReason: string | null;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  usage: TokenUsage;
  toolCallCount: number;
  threadId: string | null;
  resourceId: string | null;
  error?: { code: string; message: string };
}

/** An approval or a suspension and who answered it (`user:<email>`, `key:<name>`, `local`). */
export interface Answerable<State extends string> {
  state: State;
  answeredBy?: string;
  answeredAt?: string;
}

export interface StepToolCall {
  toolCallId: string;
  toolName: string;
  /** Where the tool comes from, as the resolution names sources (`code`, `mcp`, `builtin`, ...). */
  source: string;
  /** As shown for display: transforms applied, secrets redacted. */
  args: unknown;
  /** As shown for display; absent while the call waits. */
  result?: unknown;
  isError: boolean;
  error?: string;
  startedAt: string | null;
  durationMs: number | null;
  approval?: Answerable<'pending' | 'approved' | 'declined'>;
  suspended?: Answerable<'pending' | 'resumed'>;
}

export interface RunStep {
  /** 0-based, in order. */
  index: number;
  startedAt: string;
  durationMs: number;
  model: { startedAt: string; durationMs: number; finishReason: string | null; usage: TokenUsage };
  toolCalls: StepToolCall[];
}

/** What the stored transcript shows of the conversation (display transforms applied). */
export type TranscriptEntry =
  | { type: 'user'; content: unknown }
  | { type: 'text'; text: string }
  | { type: 'tool-call' | 'tool-call-approval'; toolCallId: string; toolName: string; args: unknown }
  | { type: 'tool-result'; toolCallId: string; toolName: string; result: unknown; isError: boolean }
  | { type: 'tool-call-decision'; toolCallId: string; toolName: string; decision: 'approved' | 'declined' }
  | { type: 'tool-call-suspended'; toolCallId: string; toolName: string; suspendPayload: unknown }
  | { type: 'tool-call-resumed'; toolCallId: string; toolName: string; resumeData: unknown }
  | {
      type: 'background-task-completed';
      taskId: string;
      toolCallId: string;
      toolName: string;
      status: 'completed' | 'failed';
      result: unknown;
    };

export interface RunDetail extends RunListItem {
  steps: RunStep[];
  transcript: TranscriptEntry[];
  /** The calls a paused run waits for. */
  pending?: Array<{ toolCallId: string; toolName: string; kind: string }>;
  files?: Record<string, string>;
}

export interface RunListQuery {
  limit?: number;
  cursor?: string;
  agentId?: string;
  versionNumber?: number;
  label?: string;
  status?: RunStatus;
  threadId?: string;
  resourceId?: string;
  /** ISO date-times: `startedAt >= from`, `startedAt < to`. */
  from?: string;
  to?: string;
}

export interface RunListPage {
  items: RunListItem[];
  nextCursor?: string;
}

/** What the pages need of the runtime; `invalid_input` for a bad filter or cursor, `not_found` for an unknown run. */
export interface RunsReader {
  list(query: RunListQuery): Promise<RunListPage>;
  get(runId: string): Promise<RunDetail>;
}

/** The list query a caller may send (the Runs tab's server action takes it from the browser). */
const runListQuerySchema = z
  .object({
    limit: z.number().int().min(1).max(100).optional(),
    cursor: z.string().min(1).max(500).optional(),
    agentId: z.string().min(1).max(200).optional(),
    versionNumber: z.number().int().min(1).optional(),
    label: z.string().min(1).max(100).optional(),
    status: z.enum(['running', 'paused', 'finished', 'failed']).optional(),
    threadId: z.string().min(1).max(256).optional(),
    resourceId: z.string().min(1).max(256).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

/** A run as the API's `getRun` shows it, in the contract's list form (`aborted` listed as `failed`, absent ids as null). */
function detailOf(view: RunView): RunDetail {
  const { error } = view;
  return {
    runId: view.runId,
    agentId: view.agentId,
    versionNumber: view.versionNumber ?? null,
    label: view.label ?? null,
    resolvedToolsHash: view.resolvedToolsHash ?? null,
    status: view.status === 'aborted' ? 'failed' : view.status,
    finishReason: view.finishReason,
    startedAt: view.startedAt,
    finishedAt: view.finishedAt,
    durationMs: view.durationMs,
    usage: view.usage,
    toolCallCount: view.toolCallCount,
    threadId: view.threadId ?? null,
    resourceId: view.resourceId ?? null,
    ...(error ? { error: { code: error.code, message: error.message } } : {}),
    steps: view.steps as RunStep[],
    transcript: view.transcript as TranscriptEntry[],
    ...(view.pending ? { pending: view.pending } : {}),
    ...(view.files ? { files: view.files } : {}),
  };
}

function reader(): RunsReader {
  const { runs } = currentStudio().runtime;
  return {
    async list(query) {
      const parsed = runListQuerySchema.safeParse(query);
      if (!parsed.success) throw invalidInput(issuesFromZod(parsed.error));
      return runs.list(parsed.data);
    },
    get: async (runId) => detailOf(await runs.get(runId)),
  };
}

export const listRuns = (query: RunListQuery): Promise<RunListPage> => reader().list(query);

export const getRun = (runId: string): Promise<RunDetail> => reader().get(runId);
