/**
 * SQL for API keys: found by the hash of the key, listed newest first (whole, or a page after the
 * last key of the page before), revoked and stamped as used.
 */
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { apiKeys } from '../schema';
import { bind } from './placeholders';
import { insertRow, pageBeforeKey, selectBy, selectById } from './statements';
import { perHandle } from './per-handle';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** When a key was last used. */
export interface KeyUse {
  id: string;
  lastUsedAt: string;
}

/** Where a page of keys starts: below this creation time and id. */
export type ApiKeyPosition = Pick<ApiKeyRow, 'createdAt' | 'id'>;

const p = sql.placeholder;

export const apiKeyQueries = perHandle(({ db }: DatabaseHandle) => {
  const insert = insertRow(db, apiKeys);
  const byId = selectById(db, apiKeys);
  const byHash = selectBy(db, apiKeys, apiKeys.keyHash, 'keyHash');
  const newestFirst = [desc(apiKeys.createdAt), desc(apiKeys.id)];
  const list = db
    .select()
    .from(apiKeys)
    .orderBy(...newestFirst)
    .prepare();
  const page = pageBeforeKey(db, apiKeys, { time: apiKeys.createdAt, id: apiKeys.id });
  const revoke = db
    .update(apiKeys)
    .set({ revokedAt: bind('revokedAt') })
    .where(and(eq(apiKeys.id, p('id')), isNull(apiKeys.revokedAt)))
    .prepare();
  // The uses arrive as one JSON object (key id -> time of its last use), so one prepared statement
  // serves any number of them. A stamp never moves back: instances flushing at different moments
  // leave the latest use.
  const useOf = sql`(select value from json_each(${p('uses')}) where key = ${apiKeys.id})`;
  const touch = db
    .update(apiKeys)
    .set({ lastUsedAt: useOf })
    .where(
      and(
        sql`${apiKeys.id} in (select key from json_each(${p('uses')}))`,
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, useOf)),
      ),
    )
    .prepare();

  return {
    insert(row: ApiKeyRow) {
      insert.run(row);
    },
    byId: (id: string): ApiKeyRow | undefined => byId.get({ id }),
    byHash: (keyHash: string): ApiKeyRow | undefined => byHash.get({ keyHash }),
    /** Every key, newest first. */
    list: (): ApiKeyRow[] => list.all(),
    /** Up to `limit` keys older than `before` (by creation time, then id), newest first. */
    page: ({ before, limit }: { before: ApiKeyPosition; limit: number }): ApiKeyRow[] =>
      page.all({ beforeTime: before.createdAt, beforeId: before.id, limit }),
    /** Whether a key that was not revoked yet is revoked now. */
    revoke: ({ id, revokedAt }: { id: string; revokedAt: string }): boolean =>
      revoke.run({ id, revokedAt }).changes > 0,
    /** Records when several keys were last used, each at its own time, in one statement. */
    touch({ uses }: { uses: ReadonlyArray<KeyUse> }) {
      if (uses.length > 0)
        touch.run({ uses: JSON.stringify(Object.fromEntries(uses.map((use) => [use.id, use.lastUsedAt]))) });
    },
  };
});
