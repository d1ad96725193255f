/** SQL for agent versions (immutable rows; only inserted and, on request, deleted). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { agents, agentVersions, versionLabels } from '../schema';
import {
  allVersionsOf,
  changedFieldsAfter,
  deleteBy,
  deleteById,
  insertRow,
  selectFieldsBy,
  versionPageBefore,
} from './statements';
import { perHandle } from './per-handle';

export type AgentVersionRow = typeof agentVersions.$inferSelect;

const p = sql.placeholder;

/** Joins an agent record to its latest version (through the unique agent and number index). */
const latestOfAgent = and(
  eq(agentVersions.agentId, agents.id),
  eq(agentVersions.versionNumber, agents.latestVersionNumber),
);

/**
 * The hot reads, as builders so their SQL can be inspected (a test checks their query plans use
 * only indexes: their cost must not grow with the number of versions).
 */
function hotReads(db: DatabaseHandle['db']) {
  return {
    byId: () =>
      db
        .select()
        .from(agentVersions)
        .where(eq(agentVersions.id, p('id'))),
    byNumber: () =>
      db
        .select()
        .from(agentVersions)
        .where(and(eq(agentVersions.agentId, p('agentId')), eq(agentVersions.versionNumber, p('versionNumber')))),
    // Through the record's pointers: one primary-key lookup, then one unique-index lookup.
    latest: () =>
      db
        .select({ version: agentVersions })
        .from(agents)
        .innerJoin(agentVersions, latestOfAgent)
        .where(eq(agents.id, p('agentId'))),
    active: () =>
      db
        .select({ version: agentVersions })
        .from(agents)
        .innerJoin(agentVersions, eq(agentVersions.id, agents.activeVersionId))
        .where(eq(agents.id, p('agentId'))),
  };
}

/** SQL of the hot reads, for query-plan checks. */
export function hotReadQueries({ db }: DatabaseHandle): Record<'byId' | 'byNumber' | 'latest' | 'active', string> {
  const reads = hotReads(db);
  return {
    byId: reads.byId().toSQL().sql,
    byNumber: reads.byNumber().toSQL().sql,
    latest: reads.latest().toSQL().sql,
    active: reads.active().toSQL().sql,
  };
}

export const agentVersionQueries = perHandle(({ db }: DatabaseHandle) => {
  const reads = hotReads(db);
  const byId = reads.byId().prepare();
  const byNumber = reads.byNumber().prepare();
  const latest = reads.latest().prepare();
  const activeVersion = reads.active().prepare();
  const byLabel = db
    .select({ version: agentVersions })
    .from(versionLabels)
    .innerJoin(agentVersions, eq(agentVersions.id, versionLabels.versionId))
    .where(and(eq(versionLabels.agentId, p('agentId')), eq(versionLabels.name, p('name'))))
    .prepare();
  const page = versionPageBefore(db, agentVersions, agentVersions.agentId);
  const all = allVersionsOf(db, agentVersions, agentVersions.agentId);
  const changedSince = changedFieldsAfter(db, agentVersions, agentVersions.agentId);
  const ofAgent = { from: agentVersions, where: [agentVersions.agentId, 'agentId'] } as const;
  const highestNumber = selectFieldsBy(
    db,
    { versionNumber: sql<number | null>`max(${agentVersions.versionNumber})` },
    ofAgent,
  );
  const insert = insertRow(db, agentVersions);
  const remove = deleteById(db, agentVersions);
  const removeAll = deleteBy(db, agentVersions, agentVersions.agentId, 'agentId');
  const oldestUnpinned = db
    .select({ id: agentVersions.id })
    .from(agentVersions)
    .where(
      and(
        eq(agentVersions.agentId, p('agentId')),
        sql`${agentVersions.id} IS NOT (SELECT ${agents.activeVersionId} FROM ${agents} WHERE ${agents.id} = ${p('agentId')})`,
        sql`${agentVersions.versionNumber} < (SELECT ${agents.latestVersionNumber} FROM ${agents} WHERE ${agents.id} = ${p('agentId')})`,
        sql`NOT EXISTS (SELECT 1 FROM ${versionLabels} WHERE ${versionLabels.versionId} = ${agentVersions.id})`,
      ),
    )
    .orderBy(asc(agentVersions.versionNumber))
    .limit(p('limit'))
    .prepare();
  // Version ids only: when the parsed version is already cached (versions are immutable), the hot
  // path reads one small column instead of the whole snapshot row.
  const activeId = selectFieldsBy(db, { id: agents.activeVersionId }, { from: agents, where: [agents.id, 'agentId'] });
  const latestId = db
    .select({ id: agentVersions.id })
    .from(agents)
    .innerJoin(agentVersions, latestOfAgent)
    .where(eq(agents.id, p('agentId')))
    .prepare();
  const count = selectFieldsBy(db, { count: sql<number>`count(*)` }, ofAgent);

  return {
    byId: (id: string): AgentVersionRow | undefined => byId.get({ id }),
    byNumber: (agentId: string, versionNumber: number): AgentVersionRow | undefined =>
      byNumber.get({ agentId, versionNumber }),
    latest: (agentId: string): AgentVersionRow | undefined => latest.get({ agentId })?.version,
    active: (agentId: string): AgentVersionRow | undefined => activeVersion.get({ agentId })?.version,
    /** The active version's id (`null`: nothing published; `undefined`: no such agent). */
    activeId: (agentId: string): string | null | undefined => activeId.get({ agentId })?.id,
    latestId: (agentId: string): string | undefined => latestId.get({ agentId })?.id,
    byLabel: (agentId: string, name: string): AgentVersionRow | undefined => byLabel.get({ agentId, name })?.version,
    /** Newest first, numbers below `beforeNumber`. */
    page: ({
      agentId,
      beforeNumber,
      limit,
    }: {
      agentId: string;
      beforeNumber: number;
      limit: number;
    }): AgentVersionRow[] => page({ ownerId: agentId, beforeNumber, limit }),
    all: (agentId: string): AgentVersionRow[] => all(agentId),
    changedFieldsAfter: changedSince,
    highestNumber: (agentId: string): number => highestNumber.get({ agentId })?.versionNumber ?? 0,
    count: (agentId: string): number => count.get({ agentId })?.count ?? 0,
    insert(row: AgentVersionRow) {
      insert.run(row);
    },
    delete(id: string) {
      remove.run({ id });
    },
    deleteAll(agentId: string) {
      removeAll.run({ agentId });
    },
    /** Retention candidates: oldest first, never the active, the latest or a labelled version. */
    oldestUnpinned: (agentId: string, limit: number): string[] =>
      oldestUnpinned.all({ agentId, limit }).map((row) => row.id),
  };
});

export type AgentVersionQueries = ReturnType<typeof agentVersionQueries>;
