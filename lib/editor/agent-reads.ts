/**
 * Reading agents and versions. A version is found through the record's pointers and the unique
 * (agent_id, version_number) index, then parsed once per version id (see `agent-version.ts`).
 */
import type { AgentListRow, AgentSummaryRow, AgentVersionRow } from '../../db/queries';
import { issueMessages, StudioError } from '../errors';
import { checkLabelName, type VersionSelector } from '../versions';
import { parseVersionRow, type StoredAgentVersion } from './agent-version';
import {
  toAgentListItem,
  toAgentView,
  toVersionView,
  versionLabelsFor,
  type AgentListItem,
  type AgentView,
  type VersionView,
} from './agent-views';
import { mergeCodeOnlyAgents, type CodeOnlyListItem } from './code-agents';
import type { EditorContext } from './context';
import { agentNotFound, labelNotFound, noPublishedVersion, versionNotFound, existingAgent } from './not-found';
import { readPageAfterId, readPageBeforeNumber, type Page, type PageRequest } from '../pagination';
import { parseInput } from './parse-input';
import { agentSearchSchema } from '../schemas';

export type DefaultSelector = 'latest' | 'published';

export interface FoundVersion {
  version: StoredAgentVersion;
  /** The label the selector named, if any (runs record it). */
  label?: string;
}

async function rowForSelector(
  context: EditorContext,
  agentId: string,
  selector: VersionSelector | undefined,
  fallback: DefaultSelector,
): Promise<AgentVersionRow | undefined> {
  const published = async () => (await context.versions.active(agentId)) ?? fail(noPublishedVersion(agentId));
  const latest = () => context.versions.latest(agentId);
  if (!selector) return fallback === 'published' ? published() : latest();
  if ('versionId' in selector) {
    const row = await context.versions.byId(selector.versionId);
    return row?.agentId === agentId ? row : fail(versionNotFound(agentId, { versionId: selector.versionId }));
  }
  if ('versionNumber' in selector) {
    return (
      (await context.versions.byNumber(agentId, selector.versionNumber)) ??
      fail(versionNotFound(agentId, { versionNumber: selector.versionNumber }))
    );
  }
  if ('status' in selector) return selector.status === 'published' ? published() : latest();
  const check = checkLabelName(selector.label);
  if (!check.ok) throw new StudioError('invalid_version_label', issueMessages(check.issues), { label: selector.label });
  if (selector.label === 'production') return published();
  if (selector.label === 'latest') return latest();
  return (await context.versions.byLabel(agentId, selector.label)) ?? fail(labelNotFound(agentId, selector.label));
}

function fail(error: StudioError): never {
  throw error;
}

/** Which of the two moving pointers a selector follows, when it follows one. */
function pointerOf(
  selector: VersionSelector | undefined,
  fallback: DefaultSelector,
): 'published' | 'latest' | undefined {
  if (!selector) return fallback;
  if ('status' in selector) return selector.status === 'published' ? 'published' : 'latest';
  if ('label' in selector && (selector.label === 'production' || selector.label === 'latest')) {
    return selector.label === 'production' ? 'published' : 'latest';
  }
  return undefined;
}

/**
 * How long a published or latest pointer read from the database is trusted. A write invalidates it
 * at once when the storage's generation moves: a write of this process, of another process on the
 * same SQLite file (its data version), or another instance's announced change on PostgreSQL; this
 * time bounds what nothing announces. Each read otherwise costs a SQLite read transaction, which
 * took about 40% of a resolve request's CPU time on the HTTP hot path.
 */
export const pointerCacheMs = 100;
const pointerCacheEntries = 10_000;

async function pointerId(
  context: EditorContext,
  agentId: string,
  pointer: 'published' | 'latest',
): Promise<string | undefined> {
  const generation = context.storage.generation();
  const now = context.monotonicMs();
  let entry = context.pointerCache.get(agentId);
  if (!entry || entry.generation !== generation || entry.expiresAt <= now) {
    if (context.pointerCache.size >= pointerCacheEntries) context.pointerCache.clear();
    entry = { generation, expiresAt: now + pointerCacheMs };
    context.pointerCache.set(agentId, entry);
  }
  const cached = entry[pointer];
  if (cached) return cached;
  // One read per refresh: the requests that arrive while it is under way wait for it, instead of
  // each reading again (on a database server they would queue for its few connections). The entry
  // was stamped with the generation before this read, so a write committed meanwhile makes the
  // next call read again.
  const stamped = entry;
  const read = (pointer === 'published' ? context.versions.activeId(agentId) : context.versions.latestId(agentId)).then(
    (id) => {
      // Only real ids are kept: a missing agent or nothing published goes the slow way, which says why.
      if (id === null || id === undefined) delete stamped[pointer];
      return id ?? undefined;
    },
    (error: unknown) => {
      delete stamped[pointer];
      throw error;
    },
  );
  entry[pointer] = read;
  return read;
}

/**
 * The runtime's hot path: published or latest by id only, answered from the parsed-version cache
 * when the version was read before (versions never change once written).
 */
async function cachedPointerVersion(
  context: EditorContext,
  agentId: string,
  selector: VersionSelector | undefined,
  fallback: DefaultSelector,
) {
  const pointer = pointerOf(selector, fallback);
  if (!pointer) return undefined;
  const id = await pointerId(context, agentId, pointer);
  return id ? context.versionCache.peek<StoredAgentVersion>(id) : undefined;
}

/** The version a selector names; the agent's absence is reported before anything else. */
export async function findVersion(
  context: EditorContext,
  { agentId, selector, fallback }: { agentId: string; selector?: VersionSelector; fallback: DefaultSelector },
): Promise<FoundVersion> {
  const cached = await cachedPointerVersion(context, agentId, selector, fallback);
  if (cached) {
    const label = selector && 'label' in selector ? selector.label : undefined;
    return label === undefined ? { version: cached } : { version: cached, label };
  }
  let row: AgentVersionRow | undefined;
  try {
    row = await rowForSelector(context, agentId, selector, fallback);
  } catch (error) {
    await existingAgent(context, agentId);
    throw error;
  }
  if (!row) throw agentNotFound(agentId);
  const label = selector && 'label' in selector ? selector.label : undefined;
  return label === undefined
    ? { version: parseVersionRow(context, row) }
    : { version: parseVersionRow(context, row), label };
}

export async function agentSummary(context: EditorContext, agentId: string): Promise<AgentSummaryRow> {
  return (await context.agents.getSummary(agentId)) ?? fail(agentNotFound(agentId));
}

export async function versionView(
  context: EditorContext,
  agent: AgentView,
  version: StoredAgentVersion,
): Promise<VersionView> {
  return toVersionView(
    version,
    versionLabelsFor({ version, agent, customLabels: await context.labels.namesForVersion(version.id) }),
  );
}

/** `{ agent, version }` as the API shapes them. */
export async function agentWithVersion(context: EditorContext, agentId: string, version: StoredAgentVersion) {
  const agent = toAgentView(await agentSummary(context, agentId));
  return { agent, version: await versionView(context, agent, version) };
}

export async function getAgent(context: EditorContext, agentId: string, selector?: VersionSelector) {
  const { version } = await findVersion(context, { agentId, selector, fallback: 'latest' });
  return agentWithVersion(context, agentId, version);
}

export interface AgentListRequest extends PageRequest {
  /** Only agents whose id or name contains this text (case-insensitive); empty lists every agent. */
  search?: string;
}

export async function listAgents(
  context: EditorContext,
  { search: searchText, ...request }: AgentListRequest = {},
): Promise<Page<AgentListItem | CodeOnlyListItem>> {
  return readPageAfterId({
    request,
    // Code agents without an override record are listed too, merged in id order.
    read: async (afterId, limit) => {
      const search = parseInput(agentSearchSchema, searchText ?? '').toLowerCase();
      const rows = await context.agents.listSummaries({ afterId, limit, search });
      return mergeCodeOnlyAgents({ context, rows, afterId, fetched: limit, search });
    },
    keyOf: (row) => row.id,
    toItem: (row) => ('status' in row && row.status === 'code_only' ? row : toAgentListItem(row as AgentListRow)),
  });
}

export async function listAgentVersions(
  context: EditorContext,
  agentId: string,
  request: PageRequest = {},
): Promise<Page<VersionView>> {
  const agent = toAgentView(await agentSummary(context, agentId));
  const labelsByVersion = new Map<string, string[]>();
  for (const label of await context.labels.list(agentId)) {
    labelsByVersion.set(label.versionId, [...(labelsByVersion.get(label.versionId) ?? []), label.name]);
  }
  return readPageBeforeNumber({
    request,
    read: (beforeNumber, limit) => context.versions.page({ agentId, beforeNumber, limit }),
    keyOf: (row) => row.versionNumber,
    toItem: (row) => {
      const version = parseVersionRow(context, row);
      return toVersionView(
        version,
        versionLabelsFor({ version, agent, customLabels: labelsByVersion.get(version.id) ?? [] }),
      );
    },
  });
}
