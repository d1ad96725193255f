/** PostgreSQL SQL for custom version labels (db/queries/version-labels.ts is the SQLite twin). */
import { and, asc, eq } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { agentVersions, versionLabels } from '../schema';
import { binary, type CurrentDb } from './shared';

export function versionLabelQueries(db: CurrentDb): StudioQueries['labels'] {
  const withNumber = () =>
    db()
      .select({
        agentId: versionLabels.agentId,
        name: versionLabels.name,
        versionId: versionLabels.versionId,
        revisionToken: versionLabels.revisionToken,
        createdAt: versionLabels.createdAt,
        updatedAt: versionLabels.updatedAt,
        versionNumber: agentVersions.versionNumber,
      })
      .from(versionLabels)
      .innerJoin(agentVersions, eq(agentVersions.id, versionLabels.versionId));
  const named = (agentId: string, name: string) =>
    and(eq(versionLabels.agentId, agentId), eq(versionLabels.name, name));

  return {
    list: async (agentId) =>
      await withNumber()
        .where(eq(versionLabels.agentId, agentId))
        .orderBy(asc(binary(versionLabels.name))),
    get: async (agentId, name) => (await withNumber().where(named(agentId, name)))[0],
    namesForVersion: async (versionId) => {
      const rows = await db()
        .select({ name: versionLabels.name })
        .from(versionLabels)
        .where(eq(versionLabels.versionId, versionId))
        .orderBy(asc(binary(versionLabels.name)));
      return rows.map((row) => row.name);
    },
    async insert(row) {
      await db().insert(versionLabels).values(row);
    },
    async move({ agentId, name, versionId, revisionToken, updatedAt }) {
      await db().update(versionLabels).set({ versionId, revisionToken, updatedAt }).where(named(agentId, name));
    },
    async delete(agentId, name) {
      await db().delete(versionLabels).where(named(agentId, name));
    },
    async deleteAll(agentId) {
      await db().delete(versionLabels).where(eq(versionLabels.agentId, agentId));
    },
  };
}
