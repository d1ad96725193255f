/**
 * Where runs live. The studio stores them in SQLite, so a paused run continues from another
 * request, another process or after a restart; an `Agent` used on its own keeps them in memory.
 * The caller's MCP token (`mastra__authToken`) never lands in the stored request context: it is
 * encrypted with the studio's secrets key in its own column and put back when the run is read.
 *
 * Writes of runs that are over (finished, failed, aborted) are grouped: they are queued and written
 * together in one transaction a few milliseconds later (at once when many are waiting, and when
 * the studio closes; a second later when another process holds the write lock). A commit per run
 * was the largest cost of a run beside the model; a run that waits for an answer, or is running, is
 * written at once, because another request or process continues it. Reads in this process see
 * queued runs (see docs/runtime.md).
 */
import type { DatabaseHandle } from '../../db/client';
import { runQueries, writeTransaction, type RunRow } from '../../db/queries';
import { authTokenKey } from '../resolver';
import { busyRetryAfterSeconds, isDatabaseBusy } from '../errors';
import { decryptSecret, encryptSecret, type SecretsKey } from '../secrets';
import type { RunRecord, StoredPendingCall } from './run-types';
import { readTranscript, storedTranscript, type StoredTranscript } from './stored-transcript';

export interface RunStore {
  insert(record: RunRecord): void;
  get(runId: string): RunRecord | undefined;
  /** The newest paused run of an agent in a thread (for `autoResumeSuspendedTools`). */
  latestPausedInThread(where: { agentId: string; threadId: string }): RunRecord | undefined;
  /** Writes status, messages, pending, state and error; raises the revision. */
  save(record: RunRecord): void;
  /** Paused at `revision` -> running; false when another continuation claimed it first. */
  claim(request: { runId: string; revision: number; now: string }): boolean;
  /** Runs still `running` with a background task marked running. */
  withRunningBackgroundTasks(): string[];
  /** Writes whatever is queued now (what another process's lock blocks stays queued). */
  flush(): void;
  /** Writes what is queued and stops; what cannot be written is reported (the studio closes it). */
  close(): void;
}

/** How long a finished run's write may wait for others to share its transaction. */
export const groupedWriteDelayMs = 20;
/** Queued writes that are flushed at once rather than after the delay. */
const groupedWriteLimit = 256;

const isOver = (status: RunRecord['status']) => status === 'finished' || status === 'failed' || status === 'aborted';

const clone = <TValue>(value: TValue): TValue => structuredClone(value);

export function createMemoryRunStore(): RunStore {
  const records = new Map<string, RunRecord>();
  return {
    insert(record) {
      records.set(record.runId, clone(record));
    },
    get: (runId) => {
      const record = records.get(runId);
      return record && clone(record);
    },
    latestPausedInThread({ agentId, threadId }) {
      const found = [...records.values()]
        .filter((record) => record.agentId === agentId && record.threadId === threadId && record.status === 'paused')
        .at(-1);
      return found && clone(found);
    },
    save(record) {
      const current = records.get(record.runId);
      records.set(record.runId, clone({ ...record, revision: (current?.revision ?? record.revision) + 1 }));
    },
    claim({ runId, revision, now }) {
      const record = records.get(runId);
      if (!record || record.status !== 'paused' || record.revision !== revision) return false;
      records.set(runId, { ...record, status: 'running', revision: revision + 1, updatedAt: now });
      return true;
    },
    withRunningBackgroundTasks: () =>
      [...records.values()]
        .filter(
          (record) =>
            record.status === 'running' &&
            (record.state.backgroundTasks ?? []).some((task) => task.status === 'running'),
        )
        .map((record) => record.runId),
    flush: () => undefined,
    close: () => undefined,
  };
}

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

type InsertRow = Parameters<ReturnType<typeof runQueries>['insert']>[0];
type UpdateRow = Parameters<ReturnType<typeof runQueries>['update']>[0];
/** A queued write: the whole row of a run never stored, or the columns a save rewrites. */
type QueuedWrite = { kind: 'insert'; row: InsertRow } | { kind: 'update'; row: UpdateRow };

/** The rest of a run's state as stored: one copy of it, the transcript's marker or entries in its place. */
function restOfState({ state }: RunRecord): string {
  const { messages, pending: _pending, ...rest } = state;
  // Set over the copied key, so the transcript keeps its place among the keys.
  return JSON.stringify({ ...rest, transcript: storedTranscript(rest.transcript, messages) });
}

/** The columns a save rewrites. */
function changingColumns(record: RunRecord): UpdateRow {
  return {
    id: record.runId,
    status: record.status,
    updatedAt: record.updatedAt,
    messages: JSON.stringify(record.state.messages),
    pending: JSON.stringify(record.state.pending),
    state: restOfState(record),
    error: record.error === undefined ? null : JSON.stringify(record.error),
  };
}

/** Every column of a run's first write; the caller's MCP token goes encrypted into its own column. */
function insertRow(record: RunRecord, secretsKey: SecretsKey): InsertRow {
  const { stored, token } = splitAuthToken(record.requestContext);
  return {
    ...changingColumns(record),
    agentId: record.agentId,
    versionId: record.versionId,
    versionNumber: record.versionNumber,
    label: record.label ?? null,
    resolvedToolsHash: record.resolvedToolsHash,
    threadId: record.threadId ?? null,
    resourceId: record.resourceId ?? null,
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
    ...(row.label === null ? {} : { label: row.label }),
    resolvedToolsHash: row.resolvedToolsHash ?? '',
    status: row.status,
    ...(row.threadId === null ? {} : { threadId: row.threadId }),
    ...(row.resourceId === null ? {} : { resourceId: row.resourceId }),
    requestContext,
    state: {
      ...state,
      transcript: readTranscript(state.transcript, messages),
      messages,
      pending: JSON.parse(row.pending) as StoredPendingCall[],
    },
    revision: row.revision,
    ...(row.error === null ? {} : { error: JSON.parse(row.error) as RunRecord['error'] }),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Writes of runs that are over, queued and written together: a few milliseconds later, at once when
 * many wait, when the studio closes, and a second later when another process holds the write lock.
 */
function createWriteQueue({
  database,
  onWriteError,
}: {
  database: DatabaseHandle;
  onWriteError: ((error: unknown, runIds: string[]) => void) | undefined;
}) {
  const queued = new Map<string, QueuedWrite>();
  let timer: NodeJS.Timeout | undefined;
  /** Until when a group waits after another process held the write lock too long. */
  let retryAt = 0;

  function schedule(delayMs: number) {
    if (timer) return;
    timer = setTimeout(flush, delayMs);
    // A queued write never keeps the process alive by itself; closing the studio flushes.
    timer.unref();
  }

  function write(queuedWrite: QueuedWrite) {
    const statements = runQueries(database);
    if (queuedWrite.kind === 'insert') statements.insert(queuedWrite.row);
    else statements.update(queuedWrite.row);
  }

  function flush() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (queued.size === 0) return;
    const writes = [...queued.values()];
    queued.clear();
    try {
      writeTransaction(database, () => writes.forEach(write));
      retryAt = 0;
    } catch (error) {
      if (isDatabaseBusy(error)) {
        // Another process holds the write lock: the runs stay queued (and readable here) and
        // the group is tried again a little later rather than lost.
        for (const queuedWrite of writes) queued.set(queuedWrite.row.id, queuedWrite);
        retryAt = Date.now() + busyRetryAfterSeconds * 1_000;
        schedule(busyRetryAfterSeconds * 1_000);
        return;
      }
      // One bad row must not cost the others theirs: each is written on its own.
      for (const queuedWrite of writes) {
        try {
          write(queuedWrite);
        } catch (rowError) {
          onWriteError?.(rowError, [queuedWrite.row.id]);
        }
      }
    }
  }

  return {
    /** The queued write of a run, if any. */
    get: (runId: string) => queued.get(runId),
    add(queuedWrite: QueuedWrite) {
      const earlier = queued.get(queuedWrite.row.id);
      // A save after a queued insert rewrites the insert's columns (one row either way).
      queued.set(
        queuedWrite.row.id,
        earlier?.kind === 'insert' && queuedWrite.kind === 'update'
          ? { kind: 'insert', row: { ...earlier.row, ...queuedWrite.row, revision: earlier.row.revision + 1 } }
          : queuedWrite,
      );
      if (queued.size >= groupedWriteLimit && Date.now() >= retryAt) flush();
      else schedule(groupedWriteDelayMs);
    },
    flush,
    close() {
      flush();
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (queued.size === 0) return;
      const left = [...queued.keys()];
      queued.clear();
      onWriteError?.(new Error('Another process held the database lock when the studio closed.'), left);
    },
  };
}

export function createSqliteRunStore({
  database,
  secretsKey,
  onWriteError,
}: {
  database: DatabaseHandle;
  secretsKey: SecretsKey;
  /**
   * A run whose grouped write failed for a reason other than another process holding the lock
   * (the run was answered already; nothing else can report it).
   */
  onWriteError?: (error: unknown, runIds: string[]) => void;
}): RunStore {
  const queries = () => runQueries(database);
  const queue = createWriteQueue({ database, onWriteError });

  /** The stored row as it will be once the queue is written. */
  function currentRow(runId: string): RunRow | undefined {
    const write = queue.get(runId);
    if (write?.kind === 'insert') return { ...write.row };
    const row = queries().get(runId);
    if (!row || !write) return row;
    return { ...row, ...write.row, revision: row.revision + 1 };
  }

  return {
    insert(record) {
      const row = insertRow(record, secretsKey);
      if (isOver(record.status)) queue.add({ kind: 'insert', row });
      else queries().insert(row);
    },
    get(runId) {
      const row = currentRow(runId);
      return row && recordOf(row, secretsKey);
    },
    latestPausedInThread(where) {
      const row = queries().latestPausedInThread(where);
      return row && recordOf(row, secretsKey);
    },
    save(record) {
      const row = changingColumns(record);
      if (isOver(record.status)) queue.add({ kind: 'update', row });
      else {
        // A run is saved unfinished only before it is over, so nothing of it is queued; the check
        // keeps the order of its writes if that ever changes.
        if (queue.get(record.runId)) queue.flush();
        queries().update(row);
      }
    },
    claim: ({ runId, revision, now }) => queries().claim({ id: runId, revision, updatedAt: now }),
    withRunningBackgroundTasks: () => queries().withRunningBackgroundTasks(),
    flush: queue.flush,
    close: queue.close,
  };
}
