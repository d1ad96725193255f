/**
 * SQL for the users the studio manages beside the sign-in library: read, listed (whole or a page), counted by role,
 * given a role or disabled, and their sessions ended. Times are Dates and `banned` a boolean, as
 * the library keeps them (db/schema.ts); the columns convert them.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { sessions, users } from '../schema';
import { bind, bindAs } from './placeholders';
import { deleteBy, pageAfter, selectBy, selectById, updateById } from './statements';
import { perHandle } from './per-handle';

export type UserRow = typeof users.$inferSelect;

const p = sql.placeholder;

export const userQueries = perHandle(({ db }: DatabaseHandle) => {
  const byId = selectById(db, users);
  const byEmail = selectBy(db, users, users.email, 'email');
  const list = db.select().from(users).orderBy(asc(users.email)).prepare();
  const page = pageAfter(db, users, users.email, 'afterEmail');
  const countByRole = db
    .select({ count: sql<number>`count(*)` })
    .from(users)
    .where(eq(users.role, p('role')))
    .prepare();
  const setRole = updateById(db, users, { role: bind('role'), updatedAt: bindAs('updatedAt', users.updatedAt) });
  const setBanned = updateById(db, users, {
    banned: bindAs('banned', users.banned),
    updatedAt: bindAs('updatedAt', users.updatedAt),
  });
  const endSessions = deleteBy(db, sessions, sessions.userId, 'userId');

  return {
    byId: (id: string): UserRow | undefined => byId.get({ id }),
    byEmail: (email: string): UserRow | undefined => byEmail.get({ email }),
    /** Every user, by email. */
    list: (): UserRow[] => list.all(),
    /** Up to `limit` users whose email sorts after `afterEmail` (byte order), by email. */
    page: ({ afterEmail, limit }: { afterEmail: string; limit: number }): UserRow[] => page.all({ afterEmail, limit }),
    countByRole: (role: string): number => countByRole.get({ role })?.count ?? 0,
    /** Whether the user exists (and now has `role`). */
    setRole: ({ id, role, updatedAt }: { id: string; role: string; updatedAt: Date }): boolean =>
      setRole.run({ id, role, updatedAt }).changes > 0,
    /** Whether the user exists (and is now disabled or enabled). */
    setBanned: ({ id, banned, updatedAt }: { id: string; banned: boolean; updatedAt: Date }): boolean =>
      setBanned.run({ id, banned, updatedAt }).changes > 0,
    /** Ends every session of a user (signed out everywhere); answers how many there were. */
    endSessions: (userId: string): number => endSessions.run({ userId }).changes,
  };
});
