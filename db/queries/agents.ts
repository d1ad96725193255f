/**
 * SQL for agent records. Reads that sit on hot paths are prepared once per connection and use
 * the primary key or the unique (agent_id, version_number) index, so their cost does not grow
 * with the number of versions.
 */
import { and, asc, eq, getTableColumns, gt, sql, type Column, type Table } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DatabaseHandle } from '../client';
import { agents, agentVersions } from '../schema';
import { deleteById, selectById, updateColumnsById } from './statements';
import { perHandle } from './per-handle';

export type AgentRow = typeof agents.$inferSelect;

/** The record with what its views need from the active and latest versions. */
export interface AgentSummaryRow extends AgentRow {
  activeVersionNumber: number | null;
  activeConfigHash: string | null;
  latestVersionId: string | null;
  latestConfigHash: string | null;
}

/** A summary with the latest version's name and description, for lists. */
export interface AgentListRow extends AgentSummaryRow {
  name: string | null;
  description: string | null;
}

type VersionColumns = Record<'id' | 'versionNumber' | 'configHash', Column>;

/**
 * The columns of a summary over an agents table and its active and latest versions joined under
 * those names (SQLite's tables or PostgreSQL's).
 */
export function summaryColumnsOf<Agents extends Table, Active extends VersionColumns, Latest extends VersionColumns>(
  records: Agents,
  { active, latest }: { active: Active; latest: Latest },
): Agents['_']['columns'] & {
  activeVersionNumber: Active['versionNumber'];
  activeConfigHash: Active['configHash'];
  latestVersionId: Latest['id'];
  latestConfigHash: Latest['configHash'];
} {
  return {
    ...getTableColumns(records),
    activeVersionNumber: active.versionNumber,
    activeConfigHash: active.configHash,
    latestVersionId: latest.id,
    latestConfigHash: latest.configHash,
  };
}

const active = alias(agentVersions, 'active_version');
const latest = alias(agentVersions, 'latest_version');

const p = sql.placeholder;

export const agentQueries = perHandle(({ db }: DatabaseHandle) => {
  const columns = summaryColumnsOf(agents, { active, latest });
  const listColumns = {
    ...columns,
    name: sql<string | null>`json_extract(${latest.snapshot}, '$.name')`,
    description: sql<string | null>`json_extract(${latest.snapshot}, '$.description')`,
  };
  // The record with its active and latest versions beside it (either may be missing). The rows are
  // typed by the callers below (a list row has the summary's columns and more).
  const withVersions = (selected: typeof columns) =>
    db
      .select(selected)
      .from(agents)
      .leftJoin(active, eq(active.id, agents.activeVersionId))
      .leftJoin(
        latest,
        sql`${latest.agentId} = ${agents.id} AND ${latest.versionNumber} = ${agents.latestVersionNumber}`,
      );

  const getRecord = selectById(db, agents);
  const getSummary = withVersions(columns)
    .where(eq(agents.id, p('id')))
    .prepare();
  const listSummaries = withVersions(listColumns)
    .where(gt(agents.id, p('afterId')))
    .orderBy(asc(agents.id))
    .limit(p('limit'))
    .prepare();
  // instr() on lower-cased text: a plain substring match with no LIKE wildcards to escape.
  const searchSummaries = withVersions(listColumns)
    .where(
      and(
        gt(agents.id, p('afterId')),
        sql`(instr(lower(${agents.id}), ${p('search')}) > 0 OR instr(lower(coalesce(json_extract(${latest.snapshot}, '$.name'), '')), ${p('search')}) > 0)`,
      ),
    )
    .orderBy(asc(agents.id))
    .limit(p('limit'))
    .prepare();
  const insert = db
    .insert(agents)
    .values({
      id: p('id'),
      source: p('source'),
      status: 'draft',
      activeVersionId: p('activeVersionId'),
      latestVersionNumber: p('latestVersionNumber'),
      authorId: p('authorId'),
      metadata: p('metadata'),
      createdAt: p('createdAt'),
      updatedAt: p('updatedAt'),
    })
    .prepare();
  const setLatest = updateColumnsById(db, agents, ['latestVersionNumber', 'updatedAt']);
  const setActive = updateColumnsById(db, agents, ['activeVersionId', 'status', 'updatedAt']);
  const setMetadata = updateColumnsById(db, agents, ['metadata', 'updatedAt']);
  const setPublishGate = updateColumnsById(db, agents, ['publishGate']);
  const remove = deleteById(db, agents);

  return {
    get: (id: string): AgentRow | undefined => getRecord.get({ id }),
    getSummary: (id: string) => getSummary.get({ id }) as AgentSummaryRow | undefined,
    /**
     * Agents ordered by id, after `afterId` (exclusive; '' for the first page). With `search`
     * (lower case), only agents whose id or latest name contains it.
     */
    listSummaries: ({ afterId, limit, search }: { afterId: string; limit: number; search?: string }) =>
      (search
        ? searchSummaries.all({ afterId, limit, search })
        : listSummaries.all({ afterId, limit })) as AgentListRow[],
    /** A new record; its publish gate starts off (`setPublishGate` sets it). */
    insert(row: Omit<AgentRow, 'status' | 'publishGate'>) {
      insert.run(row);
    },
    setLatestVersionNumber({
      id,
      latestVersionNumber,
      updatedAt,
    }: {
      id: string;
      latestVersionNumber: number;
      updatedAt: string;
    }) {
      setLatest.run({ id, latestVersionNumber, updatedAt });
    },
    setActiveVersion({
      id,
      activeVersionId,
      updatedAt,
    }: {
      id: string;
      activeVersionId: string | null;
      updatedAt: string;
    }) {
      setActive.run({ id, activeVersionId, status: activeVersionId === null ? 'draft' : 'published', updatedAt });
    },
    setMetadata({ id, metadata, updatedAt }: { id: string; metadata: string; updatedAt: string }) {
      setMetadata.run({ id, metadata, updatedAt });
    },
    /** The publish gate as JSON, or null for off. Not a change of the agent: `updatedAt` stays. */
    setPublishGate({ id, publishGate }: { id: string; publishGate: string | null }) {
      setPublishGate.run({ id, publishGate });
    },
    delete(id: string): boolean {
      return remove.run({ id }).changes > 0;
    },
  };
});

export type AgentQueries = ReturnType<typeof agentQueries>;
