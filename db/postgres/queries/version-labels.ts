/** PostgreSQL SQL for custom version labels (db/queries/version-labels.ts is the SQLite twin). */
import { and, asc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { agentVersions, versionLabels } from '../schema';
import { binary, insertRow, preparedStatement, type CurrentDb } from './shared';

export function versionLabelQueries(db: CurrentDb): StudioQueries['labels'] {
  const withNumber = () =>
    db()
      .select({
        ...getTableColumns(versionLabels),
        versionNumber: agentVersions.versionNumber,
      })
      .from(versionLabels)
      .innerJoin(agentVersions, eq(agentVersions.id, versionLabels.versionId));
  // Every publish answers with the labels of the version it published: prepared once per connection.
  const versionNames = preparedStatement(db, 'label_names_of_version', (connection) =>
    connection
      .select({ name: versionLabels.name })
      .from(versionLabels)
      .where(eq(versionLabels.versionId, sql.placeholder('versionId')))
      .orderBy(asc(binary(versionLabels.name))),
  );
  const named = (agentId: string, name: string) =>
    and(eq(versionLabels.agentId, agentId), eq(versionLabels.name, name));

  return {
    list: async (agentId) =>
      await withNumber()
        .where(eq(versionLabels.agentId, agentId))
        .orderBy(asc(binary(versionLabels.name))),
    page: async ({ agentId, afterName, limit }) =>
      await withNumber()
        .where(and(eq(versionLabels.agentId, agentId), gt(binary(versionLabels.name), afterName)))
        .orderBy(asc(binary(versionLabels.name)))
        .limit(limit),
    get: async (agentId, name) => (await withNumber().where(named(agentId, name)))[0],
    namesForVersion: async (versionId) => (await versionNames().execute({ versionId })).map((row) => row.name),
    insert: insertRow(db, versionLabels),
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
