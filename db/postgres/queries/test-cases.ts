/** PostgreSQL SQL for test cases (db/queries/test-cases.ts is the SQLite twin; the answers are the same). */
import { and, asc, eq } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { testCaseChanges, testCases } from '../schema';
import { binary, changedAny, insertRow, pageByKey, upsertRow, type CurrentDb } from './shared';

const ofAgent = (agentId: string, id: string) => and(eq(testCases.agentId, agentId), eq(testCases.id, id));

export function testCaseQueries(db: CurrentDb): StudioQueries['testCases'] {
  return {
    list: async (agentId) =>
      await db()
        .select()
        .from(testCases)
        .where(eq(testCases.agentId, agentId))
        .orderBy(asc(binary(testCases.createdAt)), asc(binary(testCases.id))),
    page: ({ agentId, after, limit }) =>
      pageByKey(
        db,
        testCases,
        { time: testCases.createdAt, id: testCases.id, where: eq(testCases.agentId, agentId) },
        { from: { time: after.createdAt, id: after.id }, limit, order: 'oldest first' },
      ),
    get: async (agentId, id) => (await db().select().from(testCases).where(ofAgent(agentId, id)))[0],
    insert: insertRow(db, testCases),
    async update({ id, ...columns }) {
      await db().update(testCases).set(columns).where(eq(testCases.id, id));
    },
    delete: async (agentId, id) => changedAny(await db().delete(testCases).where(ofAgent(agentId, id))),
    async deleteAll(agentId) {
      await db().delete(testCases).where(eq(testCases.agentId, agentId));
    },
    changedAt: async (agentId) =>
      (
        await db()
          .select({ changedAt: testCaseChanges.changedAt })
          .from(testCaseChanges)
          .where(eq(testCaseChanges.agentId, agentId))
      )[0]?.changedAt,
    markChanged: upsertRow(db, testCaseChanges, 'agentId'),
  };
}
