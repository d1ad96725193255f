/** PostgreSQL SQL for API keys (db/queries/api-keys.ts is the SQLite twin). */
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { apiKeys } from '../schema';
import { binary, changedAny, insertRow, pageByKey, rowBy, type CurrentDb } from './shared';

export function apiKeyQueries(db: CurrentDb): StudioQueries['apiKeys'] {
  return {
    insert: insertRow(db, apiKeys),
    byId: rowBy(db, apiKeys, apiKeys.id),
    byHash: rowBy(db, apiKeys, apiKeys.keyHash),
    list: async () =>
      await db()
        .select()
        .from(apiKeys)
        .orderBy(desc(binary(apiKeys.createdAt)), desc(binary(apiKeys.id))),
    page: ({ before, limit }) =>
      pageByKey(
        db,
        apiKeys,
        { time: apiKeys.createdAt, id: apiKeys.id },
        { from: { time: before.createdAt, id: before.id }, limit, order: 'newest first' },
      ),
    revoke: async ({ id, revokedAt }) =>
      changedAny(
        await db()
          .update(apiKeys)
          .set({ revokedAt })
          .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))),
      ),
    async touch({ uses }) {
      if (uses.length === 0) return;
      // One statement for every key, each stamped with the time of its own last use.
      const byId = JSON.stringify(Object.fromEntries(uses.map((use) => [use.id, use.lastUsedAt])));
      await db()
        .update(apiKeys)
        .set({ lastUsedAt: sql`uses.value` })
        .from(sql`json_each_text(${byId}::json) as uses`)
        .where(
          and(
            eq(apiKeys.id, sql`uses.key`),
            or(isNull(apiKeys.lastUsedAt), lt(binary(apiKeys.lastUsedAt), sql`uses.value collate "C"`)),
          ),
        );
    },
  };
}
