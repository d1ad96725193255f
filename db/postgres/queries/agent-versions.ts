/** PostgreSQL SQL for agent versions (db/queries/agent-versions.ts is the SQLite twin). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { agents, agentVersions, versionLabels } from '../schema';
import { everyColumn } from '../../queries/placeholders';
import { countWhere, preparedStatement, rowBy, versionReads, versionThrough, type CurrentDb } from './shared';

const latestJoin = and(
  eq(agentVersions.agentId, agents.id),
  eq(agentVersions.versionNumber, agents.latestVersionNumber),
);

export function agentVersionQueries(db: CurrentDb): StudioQueries['versions'] {
  const reads = versionReads(db, agentVersions, agentVersions.agentId);
  // The statements of every save and publish, prepared once per connection.
  const numbered = preparedStatement(db, 'agent_version_by_number', (connection) =>
    connection
      .select()
      .from(agentVersions)
      .where(
        and(
          eq(agentVersions.agentId, sql.placeholder('agentId')),
          eq(agentVersions.versionNumber, sql.placeholder('versionNumber')),
        ),
      ),
  );
  const append = preparedStatement(db, 'agent_version_insert', (connection) =>
    connection.insert(agentVersions).values(everyColumn(agentVersions)),
  );
  return {
    byId: rowBy(db, agentVersions, agentVersions.id),
    byNumber: async (agentId, versionNumber) => (await numbered().execute({ agentId, versionNumber }))[0],
    // Through the record's pointers: one primary-key lookup, then one unique-index lookup.
    latest: (agentId) =>
      versionThrough(db, { versions: agentVersions, from: agents, on: latestJoin, where: eq(agents.id, agentId) }),
    active: (agentId) =>
      versionThrough(db, {
        versions: agentVersions,
        from: agents,
        on: eq(agentVersions.id, agents.activeVersionId),
        where: eq(agents.id, agentId),
      }),
    activeId: async (agentId) =>
      (await db().select({ id: agents.activeVersionId }).from(agents).where(eq(agents.id, agentId)))[0]?.id,
    latestId: async (agentId) =>
      (
        await db()
          .select({ id: agentVersions.id })
          .from(agents)
          .innerJoin(agentVersions, latestJoin)
          .where(eq(agents.id, agentId))
      )[0]?.id,
    byLabel: (agentId, name) =>
      versionThrough(db, {
        versions: agentVersions,
        from: versionLabels,
        on: eq(agentVersions.id, versionLabels.versionId),
        where: and(eq(versionLabels.agentId, agentId), eq(versionLabels.name, name)),
      }),
    page: ({ agentId, beforeNumber, limit }) => reads.pageBefore({ ownerId: agentId, beforeNumber, limit }),
    all: (agentId) => reads.all(agentId),
    changedFieldsAfter: (agentId, versionNumber) => reads.changedFieldsAfter(agentId, versionNumber),
    highestNumber: async (agentId) =>
      (
        await db()
          .select({ versionNumber: sql<number | null>`max(${agentVersions.versionNumber})` })
          .from(agentVersions)
          .where(eq(agentVersions.agentId, agentId))
      )[0]?.versionNumber ?? 0,
    count: (agentId) => countWhere(db, agentVersions, eq(agentVersions.agentId, agentId)),
    async insert(row) {
      await append().execute(row);
    },
    async delete(id) {
      await db().delete(agentVersions).where(eq(agentVersions.id, id));
    },
    async deleteAll(agentId) {
      await db().delete(agentVersions).where(eq(agentVersions.agentId, agentId));
    },
    /** Retention candidates: oldest first, never the active, the latest or a labelled version. */
    oldestUnpinned: async (agentId, limit) => {
      const rows = await db()
        .select({ id: agentVersions.id })
        .from(agentVersions)
        .where(
          and(
            eq(agentVersions.agentId, agentId),
            sql`${agentVersions.id} IS DISTINCT FROM (SELECT ${agents.activeVersionId} FROM ${agents} WHERE ${agents.id} = ${agentId})`,
            sql`${agentVersions.versionNumber} < (SELECT ${agents.latestVersionNumber} FROM ${agents} WHERE ${agents.id} = ${agentId})`,
            sql`NOT EXISTS (SELECT 1 FROM ${versionLabels} WHERE ${versionLabels.versionId} = ${agentVersions.id})`,
          ),
        )
        .orderBy(asc(agentVersions.versionNumber))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}
