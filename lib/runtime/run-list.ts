/**
 * The runs list (`GET /api/runs`) and what a run shows of itself there: newest first by start time
 * then id, paged by an opaque cursor holding the last run's key (never an offset, so runs started
 * while someone pages do not shift the pages), filtered by agent, version, label, status, thread,
 * resource and start time. An `aborted` run is listed as `failed`, and the filter `failed` finds both.
 */
import type { RunListFilter, RunListKey, RunListRow } from '../../db/queries';
import { invalidInput } from '../errors';
import { definedFields } from '../defined-fields';
import { decodeTimeIdCursor, encodeTimeIdCursor, type Page } from '../pagination';
import type { RunStatus } from './run-types';
import { countToolCalls, type RunRecord } from './run-record';

export type ListedStatus = 'running' | 'paused' | 'finished' | 'failed';

/** One run as the list shows it. */
export interface RunListItem {
  runId: string;
  agentId: string;
  versionNumber: number | null;
  label: string | null;
  resolvedToolsHash: string | null;
  status: ListedStatus;
  /** The last model step's finish reason. */
  finishReason: string | null;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  usage: { inputTokens: number; outputTokens: number };
  toolCallCount: number;
  threadId: string | null;
  resourceId: string | null;
  error?: { code: string; message: string };
  /** `evaluation` for a replay of a test case; absent for every other run. */
  kind?: 'evaluation';
  /** A run of an unsaved draft (its `versionNumber` is null); absent for every other run. */
  draft?: true;
}

export interface RunListRequest {
  agentId?: string;
  versionNumber?: number;
  label?: string;
  status?: ListedStatus;
  threadId?: string;
  resourceId?: string;
  /** ISO times: runs started at or after `from`, before `to`. */
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
  /** How a bad cursor is named in the 400 (`query.cursor` when it came from a query string). */
  cursorPath?: string;
}

/** One page of runs, as every list answers: `nextCursor` is null on the last page. */
export type RunListPage = Page<RunListItem>;

export const defaultRunPageLimit = 20;
export const maxRunPageLimit = 100;

/** A key above every stored run: ISO times begin with a digit, and `~` sorts after every digit. */
const firstKey: RunListKey = { createdAt: '~', id: '' };

export const listedStatus = (status: RunStatus): ListedStatus => (status === 'aborted' ? 'failed' : status);

/** The stored statuses a listed status stands for. */
const storedStatuses = (status: ListedStatus): RunStatus[] => (status === 'failed' ? ['failed', 'aborted'] : [status]);

function keyOfCursor(cursor: string, path: string | undefined): RunListKey {
  const { time, id } = decodeTimeIdCursor(cursor, path);
  return { createdAt: time, id };
}

/** The storage filter of a request (times compared as the UTC ISO text runs are stored with). */
export function filterOf(request: RunListRequest): RunListFilter {
  const { agentId, versionNumber, label, status, threadId, resourceId, from, to } = request;
  const filter: RunListFilter = {};
  if (agentId !== undefined) filter.agentId = agentId;
  if (versionNumber !== undefined) filter.versionNumber = versionNumber;
  if (label !== undefined) filter.label = label;
  if (status !== undefined) filter.statuses = storedStatuses(status);
  if (threadId !== undefined) filter.threadId = threadId;
  if (resourceId !== undefined) filter.resourceId = resourceId;
  if (from !== undefined) filter.from = new Date(from).toISOString();
  if (to !== undefined) filter.to = new Date(to).toISOString();
  return filter;
}

/** One page of runs from a store, newest first; one run more than the page is read to know whether another follows. */
export async function readRunPage(
  store: { list(request: { filter: RunListFilter; after: RunListKey; limit: number }): Promise<RunListItem[]> },
  request: RunListRequest,
): Promise<RunListPage> {
  const limit = request.limit ?? defaultRunPageLimit;
  if (!Number.isInteger(limit) || limit < 1 || limit > maxRunPageLimit) {
    throw invalidInput([{ path: 'limit', message: `Use a whole number from 1 to ${maxRunPageLimit}` }]);
  }
  const after = request.cursor ? keyOfCursor(request.cursor, request.cursorPath) : firstKey;
  const items = await store.list({ filter: filterOf(request), after, limit: limit + 1 });
  const page = items.slice(0, limit);
  const last = page.at(-1);
  return items.length > limit && last
    ? { items: page, nextCursor: encodeTimeIdCursor({ time: last.startedAt, id: last.runId }) }
    : { items: page, nextCursor: null };
}

/** Whether a run passes a filter (for runs kept in memory). */
export function matchesFilter(record: RunRecord, filter: RunListFilter): boolean {
  const { agentId, versionNumber, label, statuses, threadId, resourceId, from, to } = filter;
  return (
    (agentId === undefined || record.agentId === agentId) &&
    (versionNumber === undefined || record.versionNumber === versionNumber) &&
    (label === undefined || record.label === label) &&
    (statuses === undefined || statuses.includes(record.status)) &&
    (threadId === undefined || record.threadId === threadId) &&
    (resourceId === undefined || record.resourceId === resourceId) &&
    (from === undefined || record.createdAt >= from) &&
    (to === undefined || record.createdAt < to)
  );
}

/** How long a run took from its start until it finished or failed; null while it runs or waits. */
export function durationOfRun({ createdAt, finishedAt }: Pick<RunRecord, 'createdAt' | 'finishedAt'>): number | null {
  return finishedAt === undefined ? null : Math.max(0, Date.parse(finishedAt) - Date.parse(createdAt));
}

/** A run's list entry from its record. */
export function listItemOfRecord(record: RunRecord): RunListItem {
  const { state } = record;
  return definedFields({
    runId: record.runId,
    agentId: record.agentId,
    versionNumber: record.versionNumber,
    label: record.label ?? null,
    resolvedToolsHash: record.resolvedToolsHash || null,
    status: listedStatus(record.status),
    finishReason: state.lastFinishReason ?? null,
    startedAt: record.createdAt,
    finishedAt: record.finishedAt ?? null,
    durationMs: durationOfRun(record),
    usage: { inputTokens: state.usage.inputTokens, outputTokens: state.usage.outputTokens },
    toolCallCount: countToolCalls(state),
    threadId: record.threadId ?? null,
    resourceId: record.resourceId ?? null,
    error: record.error ? { code: record.error.code, message: record.error.message } : undefined,
    kind: record.kind,
    draft: record.draft,
  });
}

/** A run's list entry from its stored row. */
export function listItemOfRow(row: RunListRow): RunListItem {
  const error = row.error === null ? undefined : (JSON.parse(row.error) as RunListItem['error']);
  return definedFields({
    runId: row.id,
    agentId: row.agentId,
    versionNumber: row.versionNumber,
    label: row.label,
    resolvedToolsHash: row.resolvedToolsHash,
    status: listedStatus(row.status),
    finishReason: row.finishReason,
    startedAt: row.createdAt,
    finishedAt: row.finishedAt,
    durationMs: row.durationMs,
    usage: { inputTokens: row.inputTokens, outputTokens: row.outputTokens },
    toolCallCount: row.toolCallCount,
    threadId: row.threadId,
    resourceId: row.resourceId,
    error: error ? { code: error.code, message: error.message } : undefined,
    kind: row.kind === 'evaluation' ? row.kind : undefined,
    draft: row.kind === 'draft' ? (true as const) : undefined,
  });
}
