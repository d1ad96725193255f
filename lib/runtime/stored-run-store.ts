/**
 * The studio's run store: runs in its storage (SQLite or PostgreSQL), so a paused run continues from
 * another request, another process or after a restart.
 * The caller's MCP token (`mastra__authToken`) never lands in the stored request context: it is
 * encrypted with the studio's secrets key in its own column and put back when the run is read.
 *
 * Writes of runs that are over (finished, failed, aborted) are grouped: they are queued and written
 * together in one transaction a few milliseconds later (at once when many are waiting, and when
 * the studio closes; a second later when another process holds the write lock). A commit per run
 * was the largest cost of a run beside the model; a run that waits for an answer, or is running, is
 * written at once, because another request or process continues it. Reads in this process see
 * queued runs (see docs/runtime.md).
 *
 * Every row names the process that last wrote it, and the process keeps a sign of life on the
 * database (./process-liveness.ts), so a run left `running` by a process that is no longer alive lost
 * it: any process on the database may end it (`interrupted`, `endInterrupted`; ./interrupted-runs.ts).
 */
import type { RunRow } from '../../db/queries';
import type { Storage, StudioQueries } from '../../db/storage';
import { authTokenKey } from '../resolver';
import { busyRetryAfterSeconds, isDatabaseBusy, isDatabaseUnreachable, unavailableRetryAfterSeconds } from '../errors';
import { decryptSecret, encryptSecret, type SecretsKey } from '../secrets';
import type { StoredPendingCall } from './run-types';
import { countToolCalls, type RunRecord } from './run-record';
import { durationOfRun, listItemOfRow } from './run-list';
import type { RunStore } from './run-store';
import type { ProcessLiveness } from './process-liveness';
import { readTranscript, storedTranscript, type StoredTranscript } from './stored-transcript';

/**
 * Runs stored without their process (by a studio before processes were recorded) were kept alive by
 * a write of their `updatedAt` every 30 seconds; five missed ones mean their process stopped.
 */
const unnamedRunStaleAfterMs = 5 * 30_000;

/** How long a finished run's write may wait for others to share its transaction. */
export const groupedWriteDelayMs = 20;
/** Queued writes that are flushed at once rather than after the delay. */
const groupedWriteLimit = 256;
/** Writes held while the database is busy or out of reach, at the most (by default). */
const defaultHeldWriteLimit = 10_000;

/** How long to wait before a failed group is tried again; undefined when trying again would not help. */
function retryDelayOf(error: unknown): number | undefined {
  if (isDatabaseBusy(error)) return busyRetryAfterSeconds;
  if (isDatabaseUnreachable(error)) return unavailableRetryAfterSeconds;
  return undefined;
}

const isOver = (status: RunRecord['status']) => status === 'finished' || status === 'failed' || status === 'aborted';

function splitAuthToken(requestContext: Record<string, unknown>): {
  stored: Record<string, unknown>;
  token?: string;
} {
  if (!(authTokenKey in requestContext)) return { stored: requestContext };
  const { [authTokenKey]: token, ...stored } = requestContext;
  return typeof token === 'string' ? { stored, token } : { stored };
}

/** Binds a run's stored token to its row: copied into another run, it does not decrypt. */
const authTokenLocation = (runId: string) => `runs|${runId}|authToken`;

type InsertRow = Parameters<StudioQueries['runs']['insert']>[0];
type UpdateRow = Parameters<StudioQueries['runs']['update']>[0];
/** A queued write: the whole row of a run never stored, or the columns a save rewrites. */
type QueuedWrite = { kind: 'insert'; row: InsertRow } | { kind: 'update'; row: UpdateRow };

/** Two writes of one run as one: a save after an insert rewrites the insert's columns (one row either way). */
function combine(earlier: QueuedWrite, later: QueuedWrite): QueuedWrite {
  return earlier.kind === 'insert' && later.kind === 'update'
    ? { kind: 'insert', row: { ...earlier.row, ...later.row, revision: earlier.row.revision + 1 } }
    : later;
}

/** The row as it is once `write` lands on `row` (undefined: nothing stored yet). */
function applyWrite(row: RunRow | undefined, write: QueuedWrite): RunRow | undefined {
  if (write.kind === 'insert') return { ...write.row };
  return row && { ...row, ...write.row, revision: row.revision + 1 };
}

/** The rest of a run's state as stored: one copy of it, the transcript's marker or entries in its place. */
function restOfState({ state }: RunRecord): string {
  const { messages, pending: _pending, ...rest } = state;
  // Set over the copied key, so the transcript keeps its place among the keys.
  return JSON.stringify({ ...rest, transcript: storedTranscript(rest.transcript, messages) });
}

/**
 * The columns a save rewrites: the state, what the runs list shows and filters on, and the process
 * writing it.
 */
function changingColumns(record: RunRecord, processId: string): UpdateRow {
  const { state } = record;
  return {
    id: record.runId,
    status: record.status,
    updatedAt: record.updatedAt,
    processId,
    messages: JSON.stringify(state.messages),
    pending: JSON.stringify(state.pending),
    state: restOfState(record),
    error: record.error === undefined ? null : JSON.stringify(record.error),
    finishedAt: record.finishedAt ?? null,
    durationMs: durationOfRun(record),
    finishReason: state.lastFinishReason ?? null,
    inputTokens: state.usage.inputTokens,
    outputTokens: state.usage.outputTokens,
    toolCallCount: countToolCalls(state),
  };
}

/** Every column of a run's first write; the caller's MCP token goes encrypted into its own column. */
function insertRow(record: RunRecord, secretsKey: SecretsKey, processId: string): InsertRow {
  const { stored, token } = splitAuthToken(record.requestContext);
  return {
    ...changingColumns(record, processId),
    agentId: record.agentId,
    versionId: record.versionId,
    versionNumber: record.versionNumber,
    label: record.label ?? null,
    resolvedToolsHash: record.resolvedToolsHash,
    threadId: record.threadId ?? null,
    resourceId: record.resourceId ?? null,
    createdBy: record.createdBy ?? null,
    kind: record.kind ?? (record.draft ? 'draft' : 'run'),
    requestContext: JSON.stringify(stored),
    authToken:
      token === undefined
        ? null
        : encryptSecret({ key: secretsKey, plaintext: token, location: authTokenLocation(record.runId) }),
    revision: record.revision,
    createdAt: record.createdAt,
  };
}

function recordOf(row: RunRow, secretsKey: SecretsKey): RunRecord {
  const requestContext = JSON.parse(row.requestContext) as Record<string, unknown>;
  if (row.authToken) {
    requestContext[authTokenKey] = decryptSecret({
      key: secretsKey,
      value: row.authToken,
      location: authTokenLocation(row.id),
    });
  }
  const state = JSON.parse(row.state) as Omit<RunRecord['state'], 'messages' | 'pending' | 'transcript'> & {
    transcript: StoredTranscript;
  };
  const messages = JSON.parse(row.messages) as RunRecord['state']['messages'];
  return {
    runId: row.id,
    agentId: row.agentId,
    versionId: row.versionId,
    versionNumber: row.versionNumber,
    label: row.label ?? undefined,
    draft: row.kind === 'draft' ? (true as const) : undefined,
    resolvedToolsHash: row.resolvedToolsHash ?? '',
    status: row.status,
    threadId: row.threadId ?? undefined,
    resourceId: row.resourceId ?? undefined,
    createdBy: row.createdBy ?? undefined,
    kind: row.kind === 'evaluation' ? row.kind : undefined,
    requestContext,
    state: {
      ...state,
      transcript: readTranscript(state.transcript, messages),
      messages,
      pending: JSON.parse(row.pending) as StoredPendingCall[],
    },
    revision: row.revision,
    error: row.error === null ? undefined : (JSON.parse(row.error) as RunRecord['error']),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt ?? undefined,
  };
}

/**
 * Writes of runs that are over, queued and written together: a few milliseconds later, at once when
 * many wait, when the studio closes, and a second later when another process holds the write lock.
 * A group stays readable here until its transaction has committed, so this process reads its own
 * writes whichever database is behind the storage.
 */
function createWriteQueue({
  storage,
  onWriteError,
  heldWriteLimit,
}: {
  storage: Storage;
  onWriteError: ((error: unknown, runIds: string[]) => void) | undefined;
  heldWriteLimit: number;
}) {
  const queued = new Map<string, QueuedWrite>();
  /** The group whose transaction is open now. */
  let writing = new Map<string, QueuedWrite>();
  /** The last flush; the next one starts when it is done, so a run's writes land in their order. */
  let flushing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  /** Until when a group waits after another process held the write lock too long. */
  let retryAt = 0;

  function schedule(delayMs: number) {
    if (timer) return;
    timer = setTimeout(() => void flush(), delayMs);
    // A queued write never keeps the process alive by itself; closing the studio flushes.
    timer.unref();
  }

  /** A long outage does not fill the memory: past the limit the earliest held writes are given up, and reported. */
  function dropBeyondHeldLimit() {
    const excess = [...queued.keys()].slice(0, Math.max(0, queued.size - heldWriteLimit));
    if (excess.length === 0) return;
    for (const runId of excess) queued.delete(runId);
    onWriteError?.(new Error(`More than ${heldWriteLimit} finished runs waited for the database.`), excess);
  }

  async function write(queuedWrite: QueuedWrite) {
    if (queuedWrite.kind === 'insert') await storage.queries.runs.insert(queuedWrite.row);
    else await storage.queries.runs.update(queuedWrite.row);
  }

  /** Writes the queued group; never rejects: a group is tried again later, or its failures reported. */
  async function writeGroup() {
    if (queued.size === 0) return;
    writing = new Map(queued);
    queued.clear();
    const writes = [...writing.values()];
    try {
      await storage.transaction(async () => {
        for (const queuedWrite of writes) await write(queuedWrite);
      });
      retryAt = 0;
    } catch (error) {
      const retryAfterSeconds = retryDelayOf(error);
      if (retryAfterSeconds !== undefined) {
        // Another process holds the write lock, or the database server is out of reach: the runs
        // stay queued and the group is tried again a little later rather than lost. Reads here
        // see them (a run stored earlier once the database answers reads again). A write queued
        // meanwhile comes after the one that failed.
        for (const queuedWrite of writes) {
          const later = queued.get(queuedWrite.row.id);
          queued.set(queuedWrite.row.id, later ? combine(queuedWrite, later) : queuedWrite);
        }
        dropBeyondHeldLimit();
        retryAt = Date.now() + retryAfterSeconds * 1_000;
        schedule(retryAfterSeconds * 1_000);
        return;
      }
      // One bad row must not cost the others theirs: each is written on its own.
      for (const queuedWrite of writes) {
        try {
          await write(queuedWrite);
        } catch (rowError) {
          onWriteError?.(rowError, [queuedWrite.row.id]);
        }
      }
    } finally {
      writing = new Map();
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    flushing = flushing.then(writeGroup);
    return flushing;
  }

  return {
    /** The writes of a run not committed yet, oldest first. */
    writesOf(runId: string): QueuedWrite[] {
      return [writing.get(runId), queued.get(runId)].filter((write) => write !== undefined);
    },
    add(queuedWrite: QueuedWrite) {
      const earlier = queued.get(queuedWrite.row.id);
      queued.set(queuedWrite.row.id, earlier ? combine(earlier, queuedWrite) : queuedWrite);
      if (queued.size >= groupedWriteLimit && Date.now() >= retryAt) void flush();
      else schedule(groupedWriteDelayMs);
    },
    flush,
    async close() {
      await flush();
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (queued.size === 0) return;
      const left = [...queued.keys()];
      queued.clear();
      onWriteError?.(new Error('The database was busy or out of reach when the studio closed.'), left);
    },
  };
}

export function createStoredRunStore({
  storage,
  secretsKey,
  onWriteError,
  liveness,
  heldWriteLimit = defaultHeldWriteLimit,
}: {
  storage: Storage;
  secretsKey: SecretsKey;
  /**
   * A run whose grouped write failed for a reason other than another process holding the lock
   * (the run was answered already; nothing else can report it).
   */
  onWriteError?: (error: unknown, runIds: string[]) => void;
  /**
   * This process on the database (./process-liveness.ts): its id goes into the runs it writes, and
   * it gives the time to judge other processes at. Its first beat has landed.
   */
  liveness: Pick<ProcessLiveness, 'id' | 'judgedAt'>;
  /** How many finished runs may wait for a busy or unreachable database; the earliest past it are reported and dropped. */
  heldWriteLimit?: number;
}): RunStore {
  const queries = storage.queries.runs;
  const queue = createWriteQueue({ storage, onWriteError, heldWriteLimit });
  const rowOf = (record: RunRecord) => insertRow(record, secretsKey, liveness.id);

  /** The stored row as it will be once the queue is written. */
  async function currentRow(runId: string): Promise<RunRow | undefined> {
    // Taken before the read: a group that commits meanwhile is still applied, never missed.
    const writes = queue.writesOf(runId);
    const stored = writes[0]?.kind === 'insert' ? undefined : await queries.get(runId);
    return writes.reduce(applyWrite, stored);
  }

  return {
    async insert(record) {
      const row = rowOf(record);
      if (isOver(record.status)) queue.add({ kind: 'insert', row });
      else await queries.insert(row);
    },
    async insertNew(record) {
      // A finished run queued under this id is not in the table yet; it is taken all the same.
      if (queue.writesOf(record.runId).length > 0) return false;
      return queries.insertNew(rowOf(record));
    },
    async get(runId) {
      const row = await currentRow(runId);
      return row && recordOf(row, secretsKey);
    },
    async latestPausedInThread({ agentId, threadId, resourceId }) {
      const row = await queries.latestPausedInThread({ agentId, threadId, resourceId: resourceId ?? null });
      return row && recordOf(row, secretsKey);
    },
    async save(record) {
      const row = changingColumns(record, liveness.id);
      if (isOver(record.status)) queue.add({ kind: 'update', row });
      else {
        // A run is saved unfinished only before it is over, so nothing of it is queued; the check
        // keeps the order of its writes if that ever changes.
        if (queue.writesOf(record.runId).length > 0) await queue.flush();
        await queries.update(row);
      }
    },
    claim: ({ runId, revision, now }) => queries.claim({ id: runId, revision, updatedAt: now, processId: liveness.id }),
    async list(request) {
      // Runs over a moment ago may still be queued: written first, so the list shows them.
      await queue.flush();
      return (await queries.list(request)).map(listItemOfRow);
    },
    deleteExpired: (before) => queries.deleteExpired(before),
    async interrupted(at) {
      const rows = await queries.stoppedRunning({
        unmovedSince: new Date(at.getTime() - unnamedRunStaleAfterMs).toISOString(),
        judgedAt: liveness.judgedAt(at),
      });
      // None is this process's own: it judges only while its own row is alive.
      return rows.map((row) => recordOf(row, secretsKey));
    },
    endInterrupted: (record) =>
      queries.endRunning({ ...changingColumns(record, liveness.id), revision: record.revision }),
    flush: queue.flush,
    close: queue.close,
  };
}
