/** PostgreSQL SQL for evaluations (db/queries/evaluations.ts is the SQLite twin). */
import { and, desc, eq, gte, lt, or } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { evaluations } from '../schema';
import { binary, type CurrentDb } from './shared';

/** The finished evaluations of one configuration of an agent. */
const finishedOfConfig = ({ agentId, configHash }: { agentId: string; configHash: string }) =>
  and(eq(evaluations.agentId, agentId), eq(evaluations.configHash, configHash), eq(evaluations.status, 'finished'));

export function evaluationQueries(db: CurrentDb): StudioQueries['evaluations'] {
  return {
    async insert(row) {
      await db().insert(evaluations).values(row);
    },
    async finish({ id, ...end }) {
      await db().update(evaluations).set(end).where(eq(evaluations.id, id));
    },
    get: async (id) => (await db().select().from(evaluations).where(eq(evaluations.id, id)))[0],
    page: async ({ agentId, before, limit }) =>
      db()
        .select()
        .from(evaluations)
        .where(
          and(
            eq(evaluations.agentId, agentId),
            or(
              lt(binary(evaluations.startedAt), before.startedAt),
              and(eq(evaluations.startedAt, before.startedAt), lt(binary(evaluations.id), before.id)),
            ),
          ),
        )
        .orderBy(desc(binary(evaluations.startedAt)), desc(binary(evaluations.id)))
        .limit(limit),
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
    async failRunning({ error, finishedAt }) {
      await db()
        .update(evaluations)
        .set({ status: 'failed', error, finishedAt })
        .where(eq(evaluations.status, 'running'));
    },
    async deleteOfAgent(agentId) {
      await db().delete(evaluations).where(eq(evaluations.agentId, agentId));
    },
  };
}
