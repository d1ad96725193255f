/** PostgreSQL SQL for evaluations (db/queries/evaluations.ts is the SQLite twin). */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { evaluations } from '../schema';
import { ownerStopped } from './processes';
import { binary, insertRow, pageByKey, rowBy, type CurrentDb } from './shared';

/** The finished evaluations of one configuration of an agent. */
const finishedOfConfig = ({ agentId, configHash }: { agentId: string; configHash: string }) =>
  and(eq(evaluations.agentId, agentId), eq(evaluations.configHash, configHash), eq(evaluations.status, 'finished'));

export function evaluationQueries(db: CurrentDb): StudioQueries['evaluations'] {
  return {
    insert: insertRow(db, evaluations),
    async finish({ id, ...end }) {
      // Only a running evaluation takes its results: one another instance failed stays failed.
      await db()
        .update(evaluations)
        .set(end)
        .where(and(eq(evaluations.id, id), eq(evaluations.status, 'running')));
    },
    get: rowBy(db, evaluations, evaluations.id),
    page: ({ agentId, before, limit }) =>
      pageByKey(
        db,
        evaluations,
        { time: evaluations.startedAt, id: evaluations.id, where: eq(evaluations.agentId, agentId) },
        { from: { time: before.startedAt, id: before.id }, limit, order: 'newest first' },
      ),
    newestFinished: async (config) =>
      (
        await db()
          .select()
          .from(evaluations)
          .where(finishedOfConfig(config))
          .orderBy(desc(evaluations.startedAt))
          .limit(1)
      )[0],
    finishedSince: async ({ testCasesChangedAt, ...config }) =>
      db()
        .select()
        .from(evaluations)
        .where(and(finishedOfConfig(config), gte(binary(evaluations.testCasesChangedAt), testCasesChangedAt)))
        .orderBy(desc(binary(evaluations.startedAt)), desc(binary(evaluations.id))),
    async failStopped({ error, finishedAt, ...limits }) {
      // One stored before processes were recorded was last seen alive at `aliveAt`, or at its start.
      const lastSeen = sql`coalesce(${evaluations.aliveAt}, ${evaluations.startedAt})`;
      const result = await db()
        .update(evaluations)
        .set({ status: 'failed', error, finishedAt })
        .where(and(eq(evaluations.status, 'running'), ownerStopped(db, evaluations.processId, lastSeen, limits)));
      return result.rowCount ?? 0;
    },
    async deleteOfAgent(agentId) {
      await db().delete(evaluations).where(eq(evaluations.agentId, agentId));
    },
  };
}
