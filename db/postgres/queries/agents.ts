/** PostgreSQL SQL for agent records (db/queries/agents.ts is the SQLite twin; the answers are the same). */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AgentListRow, AgentSummaryRow } from '../../queries';
import type { StudioQueries } from '../../storage';
import { agents, agentVersions } from '../schema';
import { summaryColumnsOf } from '../../queries/agents';
import { bind } from '../../queries/placeholders';
import { binary, deleteBy, preparedStatement, rowBy, type CurrentDb } from './shared';

const active = alias(agentVersions, 'active_version');
const latest = alias(agentVersions, 'latest_version');

const columns = summaryColumnsOf(agents, { active, latest });
const latestName = sql<string | null>`(${latest.snapshot}::jsonb ->> 'name')`;
const listColumns = {
  ...columns,
  name: latestName,
  description: sql<string | null>`(${latest.snapshot}::jsonb ->> 'description')`,
};
const activeJoin = eq(active.id, agents.activeVersionId);
const latestJoin = and(eq(latest.agentId, agents.id), eq(latest.versionNumber, agents.latestVersionNumber));

export function agentQueries(db: CurrentDb): StudioQueries['agents'] {
  const listed = () => db().select(listColumns).from(agents).leftJoin(active, activeJoin).leftJoin(latest, latestJoin);
  // The statements of every save and publish, prepared once per connection.
  const summary = preparedStatement(db, 'agent_summary', (connection) =>
    connection
      .select(columns)
      .from(agents)
      .leftJoin(active, activeJoin)
      .leftJoin(latest, latestJoin)
      .where(eq(agents.id, sql.placeholder('id'))),
  );
  const moveLatest = preparedStatement(db, 'agent_move_latest', (connection) =>
    connection
      .update(agents)
      .set({ latestVersionNumber: bind('latestVersionNumber'), updatedAt: bind('updatedAt') })
      .where(eq(agents.id, sql.placeholder('id'))),
  );
  const moveActive = preparedStatement(db, 'agent_move_active', (connection) =>
    connection
      .update(agents)
      .set({ activeVersionId: bind('activeVersionId'), status: bind('status'), updatedAt: bind('updatedAt') })
      .where(eq(agents.id, sql.placeholder('id'))),
  );

  return {
    get: rowBy(db, agents, agents.id),
    getSummary: async (id) => (await summary().execute({ id }))[0] as AgentSummaryRow | undefined,
    // strpos() on lower-cased text: a plain substring match, no LIKE wildcards to escape.
    listSummaries: async ({ afterId, limit, search }) =>
      (await listed()
        .where(
          and(
            gt(binary(agents.id), afterId),
            search
              ? sql`(strpos(lower(${agents.id}), ${search}) > 0 OR strpos(lower(coalesce(${latestName}, '')), ${search}) > 0)`
              : undefined,
          ),
        )
        .orderBy(asc(binary(agents.id)))
        .limit(limit)) as AgentListRow[],
    async insert(row) {
      await db()
        .insert(agents)
        .values({ ...row, status: 'draft' });
    },
    async setLatestVersionNumber(pointer) {
      await moveLatest().execute(pointer);
    },
    async setActiveVersion({ id, activeVersionId, updatedAt }) {
      const status = activeVersionId === null ? 'draft' : 'published';
      await moveActive().execute({ id, activeVersionId, status, updatedAt });
    },
    async setMetadata({ id, metadata, updatedAt }) {
      await db().update(agents).set({ metadata, updatedAt }).where(eq(agents.id, id));
    },
    async setPublishGate({ id, publishGate }) {
      await db().update(agents).set({ publishGate }).where(eq(agents.id, id));
    },
    delete: deleteBy(db, agents, agents.id),
  };
}
