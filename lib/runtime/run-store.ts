/**
 * Where runs live, and the store an `Agent` used on its own keeps them in: memory. The studio keeps
 * them in its storage (SQLite or PostgreSQL; ./stored-run-store.ts), so a paused run continues from
 * another request, another process or after a restart.
 */
import type { RunListFilter, RunListKey } from '../../db/queries';
import type { RunRecord } from './run-record';
import { listItemOfRecord, matchesFilter, type RunListItem } from './run-list';

/** Where `autoResumeSuspendedTools` looks: one agent's runs in one thread, of one resource (or of none). */
export interface ThreadOfResource {
  agentId: string;
  threadId: string;
  /** Undefined matches only runs started without a resourceId. */
  resourceId: string | undefined;
}

export interface RunStore {
  insert(record: RunRecord): Promise<void>;
  /**
   * Writes a new run at once unless a run with its id exists (stored, or queued to be): false then.
   * The id is the primary key, so of two inserts of one id exactly one succeeds, in any process.
   */
  insertNew(record: RunRecord): Promise<boolean>;
  get(runId: string): Promise<RunRecord | undefined>;
  /** The newest paused run of an agent in a thread, of the same resource (for `autoResumeSuspendedTools`). */
  latestPausedInThread(where: ThreadOfResource): Promise<RunRecord | undefined>;
  /** Writes status, messages, pending, state and error; raises the revision. */
  save(record: RunRecord): Promise<void>;
  /** Paused at `revision` -> running; false when another continuation claimed it first. */
  claim(request: { runId: string; revision: number; now: string }): Promise<boolean>;
  /**
   * Runs still `running` whose process stopped, as seen at `at` (./interrupted-runs.ts). Runs this
   * store runs itself are never among them.
   */
  interrupted(at: Date): Promise<RunRecord[]>;
  /** Writes a run that is still running at `record.revision`; false when it moved on or ended meanwhile. */
  endInterrupted(record: RunRecord): Promise<boolean>;
  /** Up to `limit` runs below `after` (by start time, then id), newest first, matching the filter. */
  list(request: { filter: RunListFilter; after: RunListKey; limit: number }): Promise<RunListItem[]>;
  /** Deletes runs started before `before` that retention does not keep (paused ones); how many. */
  deleteExpired(before: string): Promise<number>;
  /** Writes whatever is queued now (what another process's lock blocks stays queued). */
  flush(): Promise<void>;
  /** Writes what is queued and stops; what cannot be written is reported (the studio closes it). */
  close(): Promise<void>;
}

const clone = <TValue>(value: TValue): TValue => structuredClone(value);
export function createMemoryRunStore(): RunStore {
  const records = new Map<string, RunRecord>();
  return {
    async insert(record) {
      records.set(record.runId, clone(record));
    },
    async insertNew(record) {
      if (records.has(record.runId)) return false;
      records.set(record.runId, clone(record));
      return true;
    },
    async get(runId) {
      const record = records.get(runId);
      return record && clone(record);
    },
    async latestPausedInThread({ agentId, threadId, resourceId }) {
      const found = [...records.values()]
        .filter(
          (record) =>
            record.agentId === agentId &&
            record.threadId === threadId &&
            record.resourceId === resourceId &&
            record.status === 'paused',
        )
        .at(-1);
      return found && clone(found);
    },
    async save(record) {
      const current = records.get(record.runId);
      records.set(record.runId, clone({ ...record, revision: (current?.revision ?? record.revision) + 1 }));
    },
    async claim({ runId, revision, now }) {
      const record = records.get(runId);
      if (!record || record.status !== 'paused' || record.revision !== revision) return false;
      records.set(runId, { ...record, status: 'running', revision: revision + 1, updatedAt: now });
      return true;
    },
    // Runs in memory end with their process: none is ever left behind by another.
    interrupted: async () => [],
    endInterrupted: async () => false,
    async list({ filter, after, limit }) {
      return [...records.values()]
        .filter((record) => matchesFilter(record, filter) && isBelow(record, after))
        .sort((left, right) => (isBelow(left, keyOf(right)) ? 1 : -1))
        .slice(0, limit)
        .map(listItemOfRecord);
    },
    async deleteExpired(before) {
      const expired = [...records.values()].filter((record) => record.createdAt < before && record.status !== 'paused');
      for (const record of expired) records.delete(record.runId);
      return expired.length;
    },
    flush: async () => undefined,
    close: async () => undefined,
  };
}

const keyOf = (record: RunRecord): RunListKey => ({ createdAt: record.createdAt, id: record.runId });

/** Whether a run comes after the key in the list (newest first, then by id descending). */
const isBelow = (record: RunRecord, key: RunListKey) =>
  record.createdAt < key.createdAt || (record.createdAt === key.createdAt && record.runId < key.id);
