/** PostgreSQL SQL for approved stdio launch specs (db/queries/stdio-launch-specs.ts is the SQLite twin). */
import { asc } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { stdioLaunchSpecs } from '../schema';
import { binary, deleteBy, insertRow, pageByKey, type CurrentDb } from './shared';

export function stdioLaunchSpecQueries(db: CurrentDb): StudioQueries['stdioLaunchSpecs'] {
  return {
    insert: insertRow(db, stdioLaunchSpecs),
    list: async () =>
      await db()
        .select()
        .from(stdioLaunchSpecs)
        .orderBy(asc(binary(stdioLaunchSpecs.createdAt)), asc(binary(stdioLaunchSpecs.id))),
    page: ({ after, limit }) =>
      pageByKey(
        db,
        stdioLaunchSpecs,
        { time: stdioLaunchSpecs.createdAt, id: stdioLaunchSpecs.id },
        { from: { time: after.createdAt, id: after.id }, limit, order: 'oldest first' },
      ),
    delete: deleteBy(db, stdioLaunchSpecs, stdioLaunchSpecs.id),
  };
}
