/**
 * SQL for the studio processes on the database and their signs of life (lib/runtime/process-liveness.ts):
 * a process writes its row now and then (`beat`) and removes it when it closes; rows of processes
 * stopped long ago are cleared by whichever process starts next.
 */
import { lt, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DatabaseHandle } from '../client';
import { studioProcesses } from '../schema';
import { perHandle } from './per-handle';
import { deleteById, upsertRow } from './statements';

export type ProcessRow = typeof studioProcesses.$inferSelect;

/** When a running run or evaluation counts as stopped. */
export type StoppedLimits = {
  /** One stored without its process (before processes were recorded): its last sign of life is before this. */
  unmovedSince: string;
  /** The time its process is judged at: stopped when its row is gone or alive only until before it (null: none judged). */
  judgedAt: string | null;
};

/**
 * A running run's or evaluation's process stopped: the process its `processId` names has no row
 * alive at the placeholder `judgedAt` (never while that is null), or, for one stored without its
 * process, its last sign of life `lastSeen` is before the placeholder `unmovedSince`.
 */
export const ownerStopped = (processId: SQLiteColumn, lastSeen: SQLiteColumn | SQL): SQL => {
  const judgedAt = sql.placeholder('judgedAt');
  return sql`(${processId} is null and ${lastSeen} < ${sql.placeholder('unmovedSince')}
    or ${processId} is not null and ${judgedAt} is not null and not exists (
      select 1 from ${studioProcesses}
      where ${studioProcesses.id} = ${processId} and ${studioProcesses.aliveUntil} >= ${judgedAt}))`;
};

export const processQueries = perHandle(({ db }: DatabaseHandle) => {
  const beat = upsertRow(db, studioProcesses, 'id');
  const remove = deleteById(db, studioProcesses);
  const removeStopped = db
    .delete(studioProcesses)
    .where(lt(studioProcesses.aliveUntil, sql.placeholder('before')))
    .prepare();
  return {
    /** Writes the process's row with its latest sign of life. */
    beat(row: ProcessRow) {
      beat.run(row);
    },
    remove(id: string) {
      remove.run({ id });
    },
    /** Removes the rows of the processes alive only until before `before`; how many. */
    removeStopped: (before: string): number => removeStopped.run({ before }).changes,
  };
});
