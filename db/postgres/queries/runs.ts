/**
 * PostgreSQL SQL for agent runs (db/queries/runs.ts is the SQLite twin). `claim` is a conditional
 * update on `revision`: PostgreSQL re-checks the condition on the row a concurrent claim committed,
 * so of two continuations of the same paused run exactly one changes it. `insertNew` does nothing on
 * an id that exists, so of two inserts of one new id exactly one lands.
 */
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import type { RunListFilter } from '../../queries/runs';
import { runs } from '../schema';
import { binary, type CurrentDb } from './shared';

/** The conditions of a run list filter; times and ids compare byte by byte, as SQLite compares text. */
function runListConditions(filter: RunListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.agentId !== undefined) conditions.push(eq(runs.agentId, filter.agentId));
  if (filter.versionNumber !== undefined) conditions.push(eq(runs.versionNumber, filter.versionNumber));
  if (filter.label !== undefined) conditions.push(eq(runs.label, filter.label));
  if (filter.status === 'failed') conditions.push(inArray(runs.status, ['failed', 'aborted']));
  else if (filter.status !== undefined) conditions.push(eq(runs.status, filter.status));
  if (filter.threadId !== undefined) conditions.push(eq(runs.threadId, filter.threadId));
  if (filter.resourceId !== undefined) conditions.push(eq(runs.resourceId, filter.resourceId));
  if (filter.from !== undefined) conditions.push(gte(binary(runs.createdAt), filter.from));
  if (filter.to !== undefined) conditions.push(lt(binary(runs.createdAt), filter.to));
  if (filter.before !== undefined) {
    const { createdAt, id } = filter.before;
    conditions.push(
      or(lt(binary(runs.createdAt), createdAt), and(eq(runs.createdAt, createdAt), lt(binary(runs.id), id)))!,
    );
  }
  return conditions;
}

export function runQueries(db: CurrentDb): StudioQueries['runs'] {
  return {
    get: async (id) => (await db().select().from(runs).where(eq(runs.id, id)))[0],
    // Times and ids compare byte by byte, as on SQLite, so pages split at the same rows.
    page: async ({ limit, ...filter }) =>
      await db()
        .select()
        .from(runs)
        .where(and(...runListConditions(filter)))
        .orderBy(desc(binary(runs.createdAt)), desc(binary(runs.id)))
        .limit(limit),
    // Runs left `running` with a background task still marked running (their process stopped).
    withRunningBackgroundTasks: async () => {
      const rows = await db()
        .select({ id: runs.id })
        .from(runs)
        .where(
          and(
            eq(runs.status, 'running'),
            sql`jsonb_path_exists(${runs.state}::jsonb, '$.backgroundTasks[*] ? (@.status == "running")')`,
          ),
        );
      return rows.map((row) => row.id);
    },
    latestPausedInThread: async ({ agentId, threadId, resourceId }) =>
      (
        await db()
          .select()
          .from(runs)
          .where(
            and(
              eq(runs.agentId, agentId),
              eq(runs.threadId, threadId),
              // Null equals null here: a run without a resource matches a request without one.
              sql`${runs.resourceId} is not distinct from ${resourceId}`,
              eq(runs.status, 'paused'),
            ),
          )
          .orderBy(desc(binary(runs.createdAt)))
          .limit(1)
      )[0],
    async insert(row) {
      await db().insert(runs).values(row);
    },
    insertNew: async (row) => (await db().insert(runs).values(row).onConflictDoNothing()).rowCount === 1,
    async update({ id, status, messages, pending, state, error, updatedAt }) {
      await db()
        .update(runs)
        .set({ status, messages, pending, state, error, updatedAt, revision: sql`${runs.revision} + 1` })
        .where(eq(runs.id, id));
    },
    claim: async ({ id, revision, updatedAt }) => {
      const result = await db()
        .update(runs)
        .set({ status: 'running', updatedAt, revision: sql`${runs.revision} + 1` })
        .where(and(eq(runs.id, id), eq(runs.status, 'paused'), eq(runs.revision, revision)));
      return result.rowCount === 1;
    },
  };
}
