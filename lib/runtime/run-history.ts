/**
 * Stored runs as the editor's Runs pages read them: a filtered list, newest first, paged by a
 * keyset cursor, and one run with its steps. The shapes are those of `GET /api/runs` and
 * `GET /api/runs/:runId` (docs/editor.md, "Runs"). What the store does not record yet is given as
 * zero or null: step and tool call timings, per-step usage, tool sources and who answered.
 * Steps are rebuilt from the stored messages (one assistant message per model call, the last
 * `stepCount` of them), their arguments and results from the transcript, which is what the UI may
 * show (display transforms applied), never the raw input.
 */
import type { ModelMessage } from 'ai';
import { z } from 'zod';
import type { RunListFilter, RunRow } from '../../db/queries';
import type { StudioQueries } from '../../db/storage';
import { invalidInput, StudioError } from '../errors';
import { pageLimit } from '../pagination';
import type { RunStore } from './run-store';
import type { RunRecord, TranscriptEntry } from './run-types';
import { readTranscript, type StoredTranscript } from './stored-transcript';

export type RunListStatus = 'running' | 'paused' | 'finished' | 'failed';

export interface RunListItem {
  runId: string;
  agentId: string;
  versionNumber: number | null;
  label: string | null;
  resolvedToolsHash: string | null;
  status: RunListStatus;
  finishReason: string | null;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  usage: { inputTokens: number; outputTokens: number };
  toolCallCount: number;
  threadId: string | null;
  resourceId: string | null;
  error?: { code: string; message: string };
}

export interface RunStepToolCall {
  toolCallId: string;
  toolName: string;
  source: string;
  args: unknown;
  result?: unknown;
  isError: boolean;
  error?: string;
  startedAt: string | null;
  durationMs: number | null;
  approval?: { state: 'pending' | 'approved' | 'declined'; answeredBy?: string; answeredAt?: string };
  suspended?: { state: 'pending' | 'resumed'; answeredBy?: string; answeredAt?: string };
}

export interface RunStep {
  index: number;
  startedAt: string;
  durationMs: number;
  model: {
    startedAt: string;
    durationMs: number;
    finishReason: string | null;
    usage: { inputTokens: number; outputTokens: number };
  };
  toolCalls: RunStepToolCall[];
}

export interface RunDetail extends RunListItem {
  steps: RunStep[];
  transcript: TranscriptEntry[];
  pending?: Array<{ toolCallId: string; toolName: string; kind: string }>;
  files?: Record<string, string>;
}

export const runListQuerySchema = z.strictObject({
  limit: z.number().int().min(1).max(100).optional(),
  cursor: z.string().optional(),
  agentId: z.string().min(1).optional(),
  versionNumber: z.number().int().min(1).optional(),
  label: z.string().min(1).optional(),
  status: z.enum(['running', 'paused', 'finished', 'failed']).optional(),
  threadId: z.string().min(1).optional(),
  resourceId: z.string().min(1).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export type RunListQuery = z.input<typeof runListQuerySchema>;

export interface RunHistory {
  /** Newest first; `nextCursor` when older runs follow. Bad filters are `invalid_input` naming them. */
  list(query: RunListQuery): Promise<{ items: RunListItem[]; nextCursor?: string }>;
  /** One run with its steps; `not_found` for an unknown id. */
  get(runId: string): Promise<RunDetail>;
}

const cursorSchema = z.object({ startedAt: z.string(), runId: z.string() });

function encodeCursor({ createdAt, id }: RunRow): string {
  return Buffer.from(JSON.stringify({ startedAt: createdAt, runId: id }), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): RunListFilter['before'] {
  try {
    const { startedAt, runId } = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { createdAt: startedAt, id: runId };
  } catch {
    throw invalidInput([{ path: 'cursor', message: 'The cursor is not one this API returned' }]);
  }
}

const isOver = (status: RunRecord['status']) => status === 'finished' || status === 'failed' || status === 'aborted';

/** The model's calls of this run: its last `stepCount` assistant messages (earlier ones are history). */
function stepMessages(messages: ReadonlyArray<ModelMessage>, stepCount: number) {
  const assistant = messages.filter((message) => message.role === 'assistant');
  return stepCount > 0 ? assistant.slice(-stepCount) : [];
}

function toolCallIdsOf(message: ModelMessage): Array<{ toolCallId: string; toolName: string }> {
  if (message.role !== 'assistant' || typeof message.content === 'string') return [];
  return message.content.flatMap((part) =>
    part.type === 'tool-call' ? [{ toolCallId: part.toolCallId, toolName: part.toolName }] : [],
  );
}

function errorText(result: unknown): string {
  if (typeof result === 'object' && result !== null && 'message' in result) return String(result.message);
  return typeof result === 'string' ? result : JSON.stringify(result);
}

/** A tool call as the transcript shows it, with its approval or suspension. */
function toolCallOf(
  { toolCallId, toolName }: { toolCallId: string; toolName: string },
  entries: ReadonlyArray<TranscriptEntry>,
): RunStepToolCall {
  const call: RunStepToolCall = {
    toolCallId,
    toolName,
    source: 'unknown',
    args: undefined,
    isError: false,
    startedAt: null,
    durationMs: null,
  };
  for (const entry of entries) {
    if (!('toolCallId' in entry) || entry.toolCallId !== toolCallId) continue;
    if (entry.type === 'tool-call') call.args = entry.args;
    else if (entry.type === 'tool-call-approval') {
      call.args = entry.args;
      call.approval = { state: 'pending' };
    } else if (entry.type === 'tool-call-decision') call.approval = { state: entry.decision };
    else if (entry.type === 'tool-call-suspended') call.suspended = { state: 'pending' };
    else if (entry.type === 'tool-call-resumed') call.suspended = { state: 'resumed' };
    else if (entry.type === 'tool-result') {
      call.result = entry.result;
      call.isError = entry.isError;
      if (entry.isError) call.error = errorText(entry.result);
    }
  }
  return call;
}

const zeroUsage = () => ({ inputTokens: 0, outputTokens: 0 });

function stepsOf(record: RunRecord): RunStep[] {
  const { messages, stepCount, transcript, lastFinishReason } = record.state;
  const calls = stepMessages(messages, stepCount);
  return calls.map((message, index) => {
    const toolCalls = toolCallIdsOf(message).map((call) => toolCallOf(call, transcript));
    const last = index === calls.length - 1;
    const finishReason = last ? (lastFinishReason ?? null) : toolCalls.length > 0 ? 'tool-calls' : null;
    return {
      index,
      startedAt: record.createdAt,
      durationMs: 0,
      model: { startedAt: record.createdAt, durationMs: 0, finishReason, usage: zeroUsage() },
      toolCalls,
    };
  });
}

function listItemOf(record: RunRecord): RunListItem {
  const over = isOver(record.status);
  const toolCallCount = stepMessages(record.state.messages, record.state.stepCount).reduce(
    (count, message) => count + toolCallIdsOf(message).length,
    0,
  );
  return {
    runId: record.runId,
    agentId: record.agentId,
    versionNumber: record.versionNumber,
    label: record.label ?? null,
    resolvedToolsHash: record.resolvedToolsHash === '' ? null : record.resolvedToolsHash,
    status: record.status === 'aborted' ? 'failed' : record.status,
    finishReason: record.state.lastFinishReason ?? null,
    startedAt: record.createdAt,
    finishedAt: over ? record.updatedAt : null,
    durationMs: over ? Math.max(0, Date.parse(record.updatedAt) - Date.parse(record.createdAt)) : null,
    usage: { inputTokens: record.state.usage.inputTokens, outputTokens: record.state.usage.outputTokens },
    toolCallCount,
    threadId: record.threadId ?? null,
    resourceId: record.resourceId ?? null,
    ...(record.error ? { error: { code: record.error.code, message: record.error.message } } : {}),
  };
}

/** What a list row needs of a stored row (its request context and token stay unread). */
function recordOfRow(row: RunRow): RunRecord {
  const state = JSON.parse(row.state) as RunRecord['state'] & { transcript: StoredTranscript };
  const messages = JSON.parse(row.messages) as ModelMessage[];
  return {
    runId: row.id,
    agentId: row.agentId,
    versionId: row.versionId,
    versionNumber: row.versionNumber,
    ...(row.label === null ? {} : { label: row.label }),
    resolvedToolsHash: row.resolvedToolsHash ?? '',
    status: row.status,
    ...(row.threadId === null ? {} : { threadId: row.threadId }),
    ...(row.resourceId === null ? {} : { resourceId: row.resourceId }),
    requestContext: {},
    state: { ...state, transcript: readTranscript(state.transcript, messages), messages, pending: [] },
    revision: row.revision,
    ...(row.error === null ? {} : { error: JSON.parse(row.error) as RunRecord['error'] }),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function createRunHistory({
  queries,
  runStore,
}: {
  queries: Pick<StudioQueries['runs'], 'page'>;
  runStore: Pick<RunStore, 'get' | 'flush'>;
}): RunHistory {
  return {
    async list(query) {
      const parsed = runListQuerySchema.safeParse(query);
      if (!parsed.success)
        throw invalidInput(
          parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'query', message: issue.message })),
        );
      const { limit, cursor, from, to, ...filter } = parsed.data;
      const size = pageLimit(limit ?? 50);
      // Finished runs are written in groups a few milliseconds later: the list shows them at once.
      await runStore.flush();
      const rows = await queries.page({
        ...filter,
        ...(from === undefined ? {} : { from: new Date(from).toISOString() }),
        ...(to === undefined ? {} : { to: new Date(to).toISOString() }),
        ...(cursor === undefined || cursor === '' ? {} : { before: decodeCursor(cursor) }),
        limit: size + 1,
      });
      const page = rows.slice(0, size);
      const last = page.at(-1);
      return {
        items: page.map((row) => listItemOf(recordOfRow(row))),
        ...(rows.length > size && last ? { nextCursor: encodeCursor(last) } : {}),
      };
    },
    async get(runId) {
      const record = await runStore.get(runId);
      if (!record) throw new StudioError('not_found', `No run with id "${runId}".`, { runId });
      const { pending, files } = record.state;
      return {
        ...listItemOf(record),
        steps: stepsOf(record),
        transcript: record.state.transcript,
        ...(pending.length > 0
          ? { pending: pending.map(({ toolCallId, toolName, kind }) => ({ toolCallId, toolName, kind })) }
          : {}),
        ...(files ? { files } : {}),
      };
    },
  };
}
