/**
 * Where runs live. The studio stores them in SQLite, so a paused run continues from another
 * request, another process or after a restart; an `Agent` used on its own keeps them in memory.
 * The caller's MCP token (`mastra__authToken`) never lands in the stored request context: it is
 * encrypted with the studio's secrets key in its own column and put back when the run is read.
 * Every write goes to the database at once: a run's answer leaves only after the run is stored.
 */
import type { DatabaseHandle } from '../../db/client';
import { runQueries, type RunRow } from '../../db/queries';
import { authTokenKey } from '../resolver';
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
}

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

/** The rest of a run's state as stored: one copy of it, the transcript's marker or entries in its place. */
function restOfState({ state }: RunRecord): string {
  const { messages, pending: _pending, ...rest } = state;
  // Set over the copied key, so the transcript keeps its place among the keys.
  return JSON.stringify({ ...rest, transcript: storedTranscript(rest.transcript, messages) });
}

/** The columns a save rewrites. */
function changingColumns(record: RunRecord) {
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

export function createSqliteRunStore({
  database,
  secretsKey,
}: {
  database: DatabaseHandle;
  secretsKey: SecretsKey;
}): RunStore {
  const queries = () => runQueries(database);
  return {
    insert(record) {
      const { stored, token } = splitAuthToken(record.requestContext);
      const row: InsertRow = {
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
      queries().insert(row);
    },
    get(runId) {
      const row = queries().get(runId);
      return row && recordOf(row, secretsKey);
    },
    latestPausedInThread(where) {
      const row = queries().latestPausedInThread(where);
      return row && recordOf(row, secretsKey);
    },
    save(record) {
      queries().update(changingColumns(record));
    },
    claim: ({ runId, revision, now }) => queries().claim({ id: runId, revision, updatedAt: now }),
    withRunningBackgroundTasks: () => queries().withRunningBackgroundTasks(),
  };
}
