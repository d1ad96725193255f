/**
 * SQL for one-time links (the first admin's setup link, invitations), kept in the sign-in
 * library's `verifications` table: `identifier` is the link's kind and the SHA-256 of its token
 * (`invitation:<hash>`), `value` what the link grants as JSON. A link is used by deleting its row,
 * which only one caller can do.
 */
import { and, asc, eq, gt, like, or, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { verifications } from '../schema';
import { bindAs } from './placeholders';
import { deleteById, listOldestFirst, selectBy, selectById } from './statements';
import { perHandle } from './per-handle';

export type OneTimeLinkRow = typeof verifications.$inferSelect;

/** Where a page of links starts: after this creation time and id. */
export type OneTimeLinkPosition = Pick<OneTimeLinkRow, 'createdAt' | 'id'>;

const p = sql.placeholder;

export const oneTimeLinkQueries = perHandle(({ db }: DatabaseHandle) => {
  const insert = db
    .insert(verifications)
    .values({
      id: p('id'),
      identifier: p('identifier'),
      value: p('value'),
      expiresAt: bindAs('expiresAt', verifications.expiresAt),
      createdAt: bindAs('createdAt', verifications.createdAt),
      updatedAt: bindAs('updatedAt', verifications.updatedAt),
    })
    .prepare();
  const byIdentifier = selectBy(db, verifications, verifications.identifier, 'identifier');
  const byId = selectById(db, verifications);
  const listByKind = listOldestFirst(db, verifications, like(verifications.identifier, p('pattern')));
  const afterCreatedAt = bindAs('afterCreatedAt', verifications.createdAt);
  const pendingPage = db
    .select()
    .from(verifications)
    .where(
      and(
        like(verifications.identifier, p('pattern')),
        gt(verifications.expiresAt, bindAs('at', verifications.expiresAt)),
        or(
          gt(verifications.createdAt, afterCreatedAt),
          and(eq(verifications.createdAt, afterCreatedAt), gt(verifications.id, p('afterId'))),
        ),
      ),
    )
    .orderBy(asc(verifications.createdAt), asc(verifications.id))
    .limit(p('limit'))
    .prepare();
  const remove = deleteById(db, verifications);
  const removeByKind = db
    .delete(verifications)
    .where(like(verifications.identifier, p('pattern')))
    .prepare();

  return {
    insert: (row: OneTimeLinkRow): void => {
      insert.run(row);
    },
    byIdentifier: (identifier: string): OneTimeLinkRow | undefined => byIdentifier.get({ identifier }),
    byId: (id: string): OneTimeLinkRow | undefined => byId.get({ id }),
    /** Every link of a kind (`invitation`), oldest first. */
    listByKind: (kind: string): OneTimeLinkRow[] => listByKind.all({ pattern: `${kind}:%` }),
    /** Up to `limit` links of a kind unexpired `at`, oldest first, after the `after` position of the page before. */
    pendingPage: ({
      kind,
      at,
      after,
      limit,
    }: {
      kind: string;
      at: Date;
      after: OneTimeLinkPosition;
      limit: number;
    }): OneTimeLinkRow[] =>
      pendingPage.all({
        pattern: `${kind}:%`,
        at,
        afterCreatedAt: after.createdAt,
        afterId: after.id,
        limit,
      }),
    /** Whether this call deleted the row (a second caller finds it gone). */
    remove: (id: string): boolean => remove.run({ id }).changes > 0,
    /** Deletes every link of a kind; answers how many there were. */
    removeByKind: (kind: string): number => removeByKind.run({ pattern: `${kind}:%` }).changes,
  };
});
