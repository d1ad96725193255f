/** PostgreSQL SQL for users and their sessions (db/queries/users.ts is the SQLite twin). */
import { asc, eq } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { sessions, users } from '../schema';
import { binary, changedAny, countWhere, pageAfter, rowBy, type CurrentDb } from './shared';

export function userQueries(db: CurrentDb): StudioQueries['users'] {
  return {
    byId: rowBy(db, users, users.id),
    byEmail: rowBy(db, users, users.email),
    list: async () =>
      await db()
        .select()
        .from(users)
        .orderBy(asc(binary(users.email))),
    page: async ({ afterEmail, limit }) => pageAfter(db, users, users.email, { after: afterEmail, limit }),
    countByRole: (role) => countWhere(db, users, eq(users.role, role)),
    setRole: async ({ id, role, updatedAt }) =>
      changedAny(await db().update(users).set({ role, updatedAt }).where(eq(users.id, id))),
    setBanned: async ({ id, banned, updatedAt }) =>
      changedAny(await db().update(users).set({ banned, updatedAt }).where(eq(users.id, id))),
    endSessions: async (userId) => (await db().delete(sessions).where(eq(sessions.userId, userId))).rowCount ?? 0,
  };
}
