/** PostgreSQL SQL for approved stdio launch specs (db/queries/stdio-launch-specs.ts is the SQLite twin). */
import { asc, eq } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { stdioLaunchSpecs } from '../schema';
import { binary, changedAny, type CurrentDb } from './shared';

export function stdioLaunchSpecQueries(db: CurrentDb): StudioQueries['stdioLaunchSpecs'] {
  return {
    async insert(row) {
      await db().insert(stdioLaunchSpecs).values(row);
    },
    list: async () =>
      await db()
        .select()
        .from(stdioLaunchSpecs)
        .orderBy(asc(binary(stdioLaunchSpecs.createdAt)), asc(binary(stdioLaunchSpecs.id))),
    delete: async (id) => changedAny(await db().delete(stdioLaunchSpecs).where(eq(stdioLaunchSpecs.id, id))),
  };
}
