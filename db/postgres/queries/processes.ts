/** PostgreSQL SQL for the studio processes (db/queries/processes.ts is the SQLite twin). */
import { and, eq, gte, isNotNull, lt, notExists, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { StudioQueries } from '../../storage';
import { studioProcesses } from '../schema';
import { binary, deleteBy, upsertRow, type CurrentDb } from './shared';

/**
 * `processId` names a process that stopped as judged at `judgedAt`: its row is gone, or alive only
 * until before it. Undefined (no condition) while `judgedAt` is null: no process is judged then.
 */
export function processStopped(db: CurrentDb, processId: PgColumn, judgedAt: string | null): SQL | undefined {
  if (judgedAt === null) return undefined;
  const alive = db()
    .select({ id: studioProcesses.id })
    .from(studioProcesses)
    .where(and(eq(studioProcesses.id, processId), gte(binary(studioProcesses.aliveUntil), judgedAt)));
  return and(isNotNull(processId), notExists(alive));
}

export function processQueries(db: CurrentDb): StudioQueries['processes'] {
  const remove = deleteBy(db, studioProcesses, studioProcesses.id);
  return {
    beat: upsertRow(db, studioProcesses, 'id'),
    remove: async (id) => {
      await remove(id);
    },
    removeStopped: async (before) =>
      (
        await db()
          .delete(studioProcesses)
          .where(lt(binary(studioProcesses.aliveUntil), before))
      ).rowCount ?? 0,
  };
}
