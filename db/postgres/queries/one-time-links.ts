/** PostgreSQL SQL for one-time links (db/queries/one-time-links.ts is the SQLite twin). */
import { and, asc, eq, gt, like, or } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { verifications } from '../schema';
import { binary, deleteBy, insertRow, rowBy, type CurrentDb } from './shared';

export function oneTimeLinkQueries(db: CurrentDb): StudioQueries['oneTimeLinks'] {
  return {
    insert: insertRow(db, verifications),
    byIdentifier: rowBy(db, verifications, verifications.identifier),
    byId: rowBy(db, verifications, verifications.id),
    listByKind: async (kind) =>
      await db()
        .select()
        .from(verifications)
        .where(like(verifications.identifier, `${kind}:%`))
        .orderBy(asc(verifications.createdAt), asc(verifications.id)),
    pendingPage: async ({ kind, at, after, limit }) =>
      await db()
        .select()
        .from(verifications)
        .where(
          and(
            like(verifications.identifier, `${kind}:%`),
            gt(verifications.expiresAt, at),
            or(
              gt(verifications.createdAt, after.createdAt),
              and(eq(verifications.createdAt, after.createdAt), gt(binary(verifications.id), after.id)),
            ),
          ),
        )
        .orderBy(asc(verifications.createdAt), asc(binary(verifications.id)))
        .limit(limit),
    remove: deleteBy(db, verifications, verifications.id),
    removeByKind: async (kind) =>
      (
        await db()
          .delete(verifications)
          .where(like(verifications.identifier, `${kind}:%`))
      ).rowCount ?? 0,
  };
}
