/**
 * SQL for the studio processes on the database and their signs of life (lib/runtime/process-liveness.ts):
 * a process writes its row now and then (`beat`), removes it when it closes, and rows not written for
 * a long while are cleared by whichever process notices.
 */
import { lt, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { studioProcesses } from '../schema';
import { perHandle } from './per-handle';
import { deleteById, upsertRow } from './statements';

export type ProcessRow = typeof studioProcesses.$inferSelect;

export const processQueries = perHandle(({ db }: DatabaseHandle) => {
  const beat = upsertRow(db, studioProcesses, 'id');
  const remove = deleteById(db, studioProcesses);
  const removeSilent = db
    .delete(studioProcesses)
    .where(lt(studioProcesses.aliveAt, sql.placeholder('before')))
    .prepare();
  return {
    /** Writes the process's row with its latest sign of life. */
    beat(row: ProcessRow) {
      beat.run(row);
    },
    remove(id: string) {
      remove.run({ id });
    },
    /** Removes the rows of the processes not alive since `before`; how many. */
    removeSilent: (before: string): number => removeSilent.run({ before }).changes,
  };
});
