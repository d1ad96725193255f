/**
 * PostgreSQL SQL of the runs list and of run retention (db/queries/run-list.ts is the SQLite twin,
 * with the filters, the key and the retention hook). The list's order and its key compare in the
 * column's own collation, both the same, so pages follow each other exactly and the indexes serve
 * them; ISO times of one format order the same in every collation.
 */
import { and, desc, eq, gte, inArray, lt, not, sql, type SQL } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { keptByRetention, retentionBatchSize, runListColumnsOf, type RunListFilter } from '../../queries/run-list';
import { runs } from '../schema';
import type { CurrentDb } from './shared';

type RunListQueries = Pick<StudioQueries['runs'], 'list' | 'deleteExpired'>;

function conditionsOf(filter: RunListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.agentId !== undefined) conditions.push(eq(runs.agentId, filter.agentId));
  if (filter.versionNumber !== undefined) conditions.push(eq(runs.versionNumber, filter.versionNumber));
  if (filter.label !== undefined) conditions.push(eq(runs.label, filter.label));
  if (filter.statuses?.length === 1) conditions.push(eq(runs.status, filter.statuses[0]!));
  else if (filter.statuses) conditions.push(inArray(runs.status, filter.statuses));
  if (filter.threadId !== undefined) conditions.push(eq(runs.threadId, filter.threadId));
  if (filter.resourceId !== undefined) conditions.push(eq(runs.resourceId, filter.resourceId));
  if (filter.from !== undefined) conditions.push(gte(runs.createdAt, filter.from));
  if (filter.to !== undefined) conditions.push(lt(runs.createdAt, filter.to));
  return conditions;
}

export function runListQueries(db: CurrentDb): RunListQueries {
  return {
    list: async ({ filter, after, limit }) =>
      await db()
        .select(runListColumnsOf(runs))
        .from(runs)
        .where(and(...conditionsOf(filter), sql`(${runs.createdAt}, ${runs.id}) < (${after.createdAt}, ${after.id})`))
        .orderBy(desc(runs.createdAt), desc(runs.id))
        .limit(limit),
    // `retentionBatchSize` at a time, each batch its own write, so no lock is held long.
    deleteExpired: async (before) => {
      let deleted = 0;
      for (;;) {
        const expired = db()
          .select({ id: runs.id })
          .from(runs)
          .where(and(lt(runs.createdAt, before), not(keptByRetention(runs))))
          .limit(retentionBatchSize);
        const batch = (await db().delete(runs).where(inArray(runs.id, expired))).rowCount ?? 0;
        deleted += batch;
        if (batch < retentionBatchSize) return deleted;
      }
    },
  };
}
