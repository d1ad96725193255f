/**
 * PostgreSQL SQL for agent runs (db/queries/runs.ts is the SQLite twin). `claim` is a conditional
 * update on `revision`: PostgreSQL re-checks the condition on the row a concurrent claim committed,
 * so of two continuations of the same paused run exactly one changes it. `insertNew` does nothing on
 * an id that exists, so of two inserts of one new id exactly one lands. `endRunning` is conditional
 * the same way, on the run still running at the revision read.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { runs } from '../schema';
import { ownerStopped } from './processes';
import { runListQueries } from './run-list';
import { binary, insertRow, rowBy, type CurrentDb } from './shared';

export function runQueries(db: CurrentDb): StudioQueries['runs'] {
  return {
    ...runListQueries(db),
    get: rowBy(db, runs, runs.id),
    stoppedRunning: async (limits) =>
      db()
        .select()
        .from(runs)
        .where(and(eq(runs.status, 'running'), ownerStopped(db, runs.processId, binary(runs.updatedAt), limits))),
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
    insert: insertRow(db, runs),
    insertNew: async (row) => (await db().insert(runs).values(row).onConflictDoNothing()).rowCount === 1,
    async update({ id, ...columns }) {
      await db()
        .update(runs)
        .set({ ...columns, revision: sql`${runs.revision} + 1` })
        .where(eq(runs.id, id));
    },
    endRunning: async ({ id, revision, ...columns }) => {
      const result = await db()
        .update(runs)
        .set({ ...columns, revision: sql`${runs.revision} + 1` })
        .where(and(eq(runs.id, id), eq(runs.status, 'running'), eq(runs.revision, revision)));
      return result.rowCount === 1;
    },
    abortPausedOfAgent: async ({ agentId, error, at }) => {
      const result = await db()
        .update(runs)
        .set({
          status: 'aborted',
          pending: '[]',
          error,
          finishedAt: at,
          updatedAt: at,
          revision: sql`${runs.revision} + 1`,
        })
        .where(and(eq(runs.agentId, agentId), eq(runs.status, 'paused')));
      return result.rowCount ?? 0;
    },
    claim: async ({ id, revision, updatedAt, processId }) => {
      const result = await db()
        .update(runs)
        .set({ status: 'running', updatedAt, processId, revision: sql`${runs.revision} + 1` })
        .where(and(eq(runs.id, id), eq(runs.status, 'paused'), eq(runs.revision, revision)));
      return result.rowCount === 1;
    },
  };
}
