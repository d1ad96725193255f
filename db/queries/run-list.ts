/**
 * SQL of the runs list and of run retention (db/postgres/queries/run-list.ts is the PostgreSQL twin).
 * The list is newest first by (created_at, id), paged by that key (never by offset), so a page
 * follows the one before it however many runs start meanwhile. Each combination of filters is one
 * statement, prepared the first time it is asked for on a connection, and each filter has an index
 * ending in the list's order (db/schema.ts), so a page reads its rows in order and stops at the limit.
 */
import { and, desc, eq, gte, inArray, lt, not, sql, type Column, type SQL } from 'drizzle-orm';
import type { StudioDb } from '../client';
import { runs } from '../schema';

type RunStatus = (typeof runs.$inferSelect)['status'];

/** The filters of the runs list; `statuses` holds one status, or `failed` and `aborted` together. */
export interface RunListFilter {
  agentId?: string;
  versionNumber?: number;
  label?: string;
  statuses?: RunStatus[];
  threadId?: string;
  resourceId?: string;
  /** ISO times: `created_at >= from`, `created_at < to`. */
  from?: string;
  to?: string;
}

/** The key of the last run of a page: the next page starts below it. */
export type RunListKey = Pick<typeof runs.$inferSelect, 'createdAt' | 'id'>;

/** The columns the list shows (never the messages or state). */
const runListColumnNames = [
  'id',
  'agentId',
  'versionNumber',
  'label',
  'resolvedToolsHash',
  'status',
  'finishReason',
  'createdAt',
  'finishedAt',
  'durationMs',
  'inputTokens',
  'outputTokens',
  'toolCallCount',
  'threadId',
  'resourceId',
  'error',
  'kind',
] as const;

export type RunListRow = Pick<typeof runs.$inferSelect, (typeof runListColumnNames)[number]>;

/** The list's columns of a runs table (SQLite's or PostgreSQL's). */
export function runListColumnsOf<Table extends Record<(typeof runListColumnNames)[number], Column>>(table: Table) {
  return Object.fromEntries(runListColumnNames.map((name) => [name, table[name]])) as Pick<
    Table,
    (typeof runListColumnNames)[number]
  >;
}

/**
 * The hook of retention: runs it keeps whatever their age. Paused runs wait for an answer someone
 * may still give; a run saved as a test case is where that case came from (its `from_run_id`,
 * indexed), so it stays openable as long as the case exists.
 */
export const keptByRetention = ({ status, id }: { status: Column; id: Column }): SQL =>
  sql`(${status} = 'paused' or exists (select 1 from test_cases where test_cases.from_run_id = ${id}))`;

/** How many runs one retention statement deletes, so the write lock is never held long. */
export const retentionBatchSize = 1_000;

const p = sql.placeholder;

const scalarFilters = ['agentId', 'versionNumber', 'label', 'threadId', 'resourceId'] as const;

const filterColumn = {
  agentId: runs.agentId,
  versionNumber: runs.versionNumber,
  label: runs.label,
  threadId: runs.threadId,
  resourceId: runs.resourceId,
};

/** The conditions of one combination of filters, values bound by name (the same names as the filter's). */
function conditionsOf(filter: RunListFilter): SQL[] {
  const conditions: SQL[] = [];
  for (const name of scalarFilters) if (filter[name] !== undefined) conditions.push(eq(filterColumn[name], p(name)));
  if (filter.statuses?.length === 1) conditions.push(eq(runs.status, p('status')));
  else if (filter.statuses) conditions.push(inArray(runs.status, filter.statuses));
  if (filter.from !== undefined) conditions.push(gte(runs.createdAt, p('from')));
  if (filter.to !== undefined) conditions.push(lt(runs.createdAt, p('to')));
  conditions.push(sql`(${runs.createdAt}, ${runs.id}) < (${p('afterCreatedAt')}, ${p('afterId')})`);
  return conditions;
}

/** Which filters are given (and how many statuses): the statement to use. */
function shapeOf(filter: RunListFilter): string {
  const given = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name);
  return `${given.join(',')}|${filter.statuses?.join(',') ?? ''}`;
}

/** The values a statement binds for a filter and a key. */
function valuesOf(filter: RunListFilter, after: RunListKey, limit: number): Record<string, unknown> {
  const { statuses, ...rest } = filter;
  return {
    ...rest,
    ...(statuses?.length === 1 ? { status: statuses[0] } : {}),
    afterCreatedAt: after.createdAt,
    afterId: after.id,
    limit,
  };
}

export function runListStatements(db: StudioDb) {
  const prepared = new Map<string, { all(values: Record<string, unknown>): RunListRow[] }>();
  const statementFor = (filter: RunListFilter) => {
    const shape = shapeOf(filter);
    let statement = prepared.get(shape);
    if (!statement) {
      statement = db
        .select(runListColumnsOf(runs))
        .from(runs)
        .where(and(...conditionsOf(filter)))
        .orderBy(desc(runs.createdAt), desc(runs.id))
        .limit(p('limit'))
        .prepare();
      prepared.set(shape, statement);
    }
    return statement;
  };
  const expired = db
    .delete(runs)
    .where(
      inArray(
        runs.id,
        db
          .select({ id: runs.id })
          .from(runs)
          .where(and(lt(runs.createdAt, p('before')), not(keptByRetention(runs))))
          .limit(retentionBatchSize),
      ),
    )
    .prepare();

  return {
    /** Up to `limit` runs below `after`, newest first, matching every filter given. */
    list: ({ filter, after, limit }: { filter: RunListFilter; after: RunListKey; limit: number }): RunListRow[] =>
      statementFor(filter).all(valuesOf(filter, after, limit)),
    /**
     * Deletes the runs started before `before` that retention does not keep, `retentionBatchSize` at
     * a time (each batch its own write), and answers how many.
     */
    deleteExpired(before: string): number {
      let deleted = 0;
      for (;;) {
        const batch = expired.run({ before }).changes;
        deleted += batch;
        if (batch < retentionBatchSize) return deleted;
      }
    },
  };
}
