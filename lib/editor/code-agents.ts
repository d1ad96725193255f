/**
 * Code-defined agents in the editor's reads: a registered code agent without an
 * override record is still listed and can be read, as `status: 'code_only'` with what its code
 * defines. Once a record exists (POST /api/agents with its id) it reads like any agent.
 */
import type { AgentListRow } from '../../db/queries';
import type { Instructions } from '../snapshots';
import type { CodeAgentInfo, EditorContext } from './context';

export interface CodeOnlyAgent {
  agent: { id: string; source: 'code'; status: 'code_only'; activeVersionId: null };
  version: null;
  code: { name: string; instructions: Instructions | null; model: string | null; tools: string[] };
}

export interface CodeOnlyListItem {
  id: string;
  source: 'code';
  status: 'code_only';
  activeVersionId: null;
  activeVersionNumber: null;
  latestVersionNumber: 0;
  hasUnpublishedChanges: false;
  authorId: null;
  metadata: Record<string, never>;
  createdAt: null;
  updatedAt: null;
  name: string | null;
  description: string | null;
}

/** The code-only view of a registered code agent with no record; `undefined` otherwise. */
export async function codeOnlyAgent(context: EditorContext, agentId: string): Promise<CodeOnlyAgent | undefined> {
  const info = context.codeAgents.get(agentId);
  if (!info || (await context.agents.get(agentId))) return undefined;
  return {
    agent: { id: agentId, source: 'code', status: 'code_only', activeVersionId: null },
    version: null,
    code: {
      name: info.name ?? agentId,
      instructions: info.instructions ?? null,
      model: info.modelName ?? null,
      tools: Object.keys(info.tools ?? {}),
    },
  };
}

function listItem(info: CodeAgentInfo & { id: string }): CodeOnlyListItem {
  return {
    id: info.id,
    source: 'code',
    status: 'code_only',
    activeVersionId: null,
    activeVersionNumber: null,
    latestVersionNumber: 0,
    hasUnpublishedChanges: false,
    authorId: null,
    metadata: {},
    createdAt: null,
    updatedAt: null,
    name: info.name ?? null,
    description: info.description ?? null,
  };
}

/**
 * One page's rows (`limit + 1` fetched after `afterId`, sorted by id) with the code agents that have
 * no record merged in by id. A code agent past the last fetched row is left for a later page unless
 * the rows ran out (then nothing later can hold its record).
 */
export function mergeCodeOnlyAgents({
  context,
  rows,
  afterId,
  fetched,
  search = '',
}: {
  context: EditorContext;
  rows: AgentListRow[];
  afterId: string;
  /** How many rows were asked for: fewer back means the table has no more. */
  fetched: number;
  /** Lower-case text the id or name must contain (as the stored rows were filtered). */
  search?: string;
}): Array<AgentListRow | CodeOnlyListItem> {
  const codeAgents = (context.codeAgents.list?.() ?? []).filter(
    (info) =>
      search === '' || info.id.toLowerCase().includes(search) || (info.name ?? '').toLowerCase().includes(search),
  );
  if (codeAgents.length === 0) return rows;
  const ids = new Set(rows.map((row) => row.id));
  const exhausted = rows.length < fetched;
  const lastId = rows[rows.length - 1]?.id;
  const extra = codeAgents
    .filter(
      (info) => info.id > afterId && !ids.has(info.id) && (exhausted || (lastId !== undefined && info.id < lastId)),
    )
    .map(listItem);
  if (extra.length === 0) return rows;
  return [...rows, ...extra].sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
}
