/** PostgreSQL SQL for one-time links (db/queries/one-time-links.ts is the SQLite twin). */
import { asc, eq, like } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { verifications } from '../schema';
import { changedAny, type CurrentDb } from './shared';

export function oneTimeLinkQueries(db: CurrentDb): StudioQueries['oneTimeLinks'] {
  return {
    insert: async (row) => {
      await db().insert(verifications).values(row);
    },
    byIdentifier: async (identifier) =>
      (await db().select().from(verifications).where(eq(verifications.identifier, identifier)))[0],
    byId: async (id) => (await db().select().from(verifications).where(eq(verifications.id, id)))[0],
    listByKind: async (kind) =>
      await db()
        .select()
        .from(verifications)
        .where(like(verifications.identifier, `${kind}:%`))
        .orderBy(asc(verifications.createdAt), asc(verifications.id)),
    remove: async (id) => changedAny(await db().delete(verifications).where(eq(verifications.id, id))),
    removeByKind: async (kind) =>
      (
        await db()
          .delete(verifications)
          .where(like(verifications.identifier, `${kind}:%`))
      ).rowCount ?? 0,
  };
}
