/** PostgreSQL SQL for API keys (db/queries/api-keys.ts is the SQLite twin). */
import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { apiKeys } from '../schema';
import { binary, changedAny, type CurrentDb } from './shared';

export function apiKeyQueries(db: CurrentDb): StudioQueries['apiKeys'] {
  return {
    async insert(row) {
      await db().insert(apiKeys).values(row);
    },
    byId: async (id) => (await db().select().from(apiKeys).where(eq(apiKeys.id, id)))[0],
    byHash: async (keyHash) => (await db().select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)))[0],
    list: async () =>
      await db()
        .select()
        .from(apiKeys)
        .orderBy(desc(binary(apiKeys.createdAt)), desc(binary(apiKeys.id))),
    page: async ({ before, limit }) =>
      await db()
        .select()
        .from(apiKeys)
        .where(
          or(
            lt(binary(apiKeys.createdAt), before.createdAt),
            and(eq(apiKeys.createdAt, before.createdAt), lt(binary(apiKeys.id), before.id)),
          ),
        )
        .orderBy(desc(binary(apiKeys.createdAt)), desc(binary(apiKeys.id)))
        .limit(limit),
    revoke: async ({ id, revokedAt }) =>
      changedAny(
        await db()
          .update(apiKeys)
          .set({ revokedAt })
          .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))),
      ),
    async touch({ ids, lastUsedAt }) {
      if (ids.length === 0) return;
      await db()
        .update(apiKeys)
        .set({ lastUsedAt })
        .where(
          and(inArray(apiKeys.id, ids), or(isNull(apiKeys.lastUsedAt), lt(binary(apiKeys.lastUsedAt), lastUsedAt))),
        );
    },
  };
}
