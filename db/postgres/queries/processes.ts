/** PostgreSQL SQL for the studio processes (db/queries/processes.ts is the SQLite twin). */
import { and, eq, gte, isNotNull, isNull, lt, notExists, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { StoppedLimits } from '../../queries';
import type { StudioQueries } from '../../storage';
import { studioProcesses } from '../schema';
import { binary, deleteBy, upsertRow, type CurrentDb } from './shared';

/**
 * A running run's or evaluation's process stopped: the process `processId` names has no row alive
 * at `judgedAt` (never while that is null), or, for one stored without its process, its last sign
 * of life `lastSeen` is before `unmovedSince`.
 */
export function ownerStopped(
  db: CurrentDb,
  processId: PgColumn,
  lastSeen: SQLWrapper,
  { unmovedSince, judgedAt }: StoppedLimits,
): SQL | undefined {
  const unnamedAndUnmoved = and(isNull(processId), lt(lastSeen, unmovedSince));
  if (judgedAt === null) return unnamedAndUnmoved;
  const alive = db()
    .select({ id: studioProcesses.id })
    .from(studioProcesses)
    .where(and(eq(studioProcesses.id, processId), gte(binary(studioProcesses.aliveUntil), judgedAt)));
  return or(unnamedAndUnmoved, and(isNotNull(processId), notExists(alive)));
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
