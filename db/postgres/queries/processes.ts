/** PostgreSQL SQL for the studio processes (db/queries/processes.ts is the SQLite twin). */
import { lt } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { studioProcesses } from '../schema';
import { binary, deleteBy, upsertRow, type CurrentDb } from './shared';

export function processQueries(db: CurrentDb): StudioQueries['processes'] {
  const remove = deleteBy(db, studioProcesses, studioProcesses.id);
  return {
    beat: upsertRow(db, studioProcesses, 'id'),
    remove: async (id) => {
      await remove(id);
    },
    removeSilent: async (before) =>
      (
        await db()
          .delete(studioProcesses)
          .where(lt(binary(studioProcesses.aliveAt), before))
      ).rowCount ?? 0,
  };
}
