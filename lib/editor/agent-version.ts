/**
 * Agent versions: a row parsed into its snapshot (upgraded to the current format, cached by id),
 * and how the shared version writer stores them, with the optional retention limit.
 */
import type { AgentVersionRow } from '../../db/queries';
import { currentSnapshotSchemaVersion, snapshotFields, upgradeSnapshot, type AgentSnapshot } from '../snapshots';
import { issueMessages, StudioError } from '../errors';
import { canonicalForm, hashCanonicalJson } from '../versions';
import { recordAudit } from './audit';
import type { EditorContext } from './context';
import { deepFreeze } from '../deep-freeze';
import { parseVersionMetadata, type VersionMetadata } from './version-metadata';
import type { VersionedKind } from './version-writer';

export interface StoredAgentVersion extends VersionMetadata {
  id: string;
  agentId: string;
  /**
   * Always in the current format, whatever `schemaVersion` the row was written with. Frozen:
   * versions are immutable and this object is shared through the cache.
   */
  snapshot: Readonly<AgentSnapshot>;
}

/** A row as a stored version (cached by id); `written` is its snapshot when this process just wrote it. */
export function parseVersionRow(
  context: EditorContext,
  row: AgentVersionRow,
  written?: AgentSnapshot,
): StoredAgentVersion {
  return context.versionCache.get(row.id, () => toStoredVersion(row, written));
}

/**
 * A version by id, for an id a record's pointer holds (the row exists): its row is read only when
 * the version is not cached, so a save finds the latest version without reading it again.
 */
export async function versionById(context: EditorContext, id: string): Promise<StoredAgentVersion> {
  // The cache parses synchronously, so a missing row is read before asking it; a hit reads nothing.
  const row = context.versionCache.peek(id) === undefined ? await context.versions.byId(id) : undefined;
  return context.versionCache.get(id, () => toStoredVersion(row!, undefined));
}

function toStoredVersion(row: AgentVersionRow, written: AgentSnapshot | undefined): StoredAgentVersion {
  return deepFreeze({
    id: row.id,
    agentId: row.agentId,
    ...parseVersionMetadata(row),
    // An import may write an older format, which a read upgrades.
    snapshot: written && row.schemaVersion === currentSnapshotSchemaVersion ? written : readSnapshot(row),
  });
}

/** A row's snapshot text in the current format, whatever format it was written with. */
function readSnapshot(row: AgentVersionRow): AgentSnapshot {
  const upgraded = upgradeSnapshot({
    snapshot: JSON.parse(row.snapshot) as unknown,
    schemaVersion: row.schemaVersion,
  });
  if (!upgraded.ok) {
    throw new StudioError(
      'internal_error',
      `Version ${row.versionNumber} of agent "${row.agentId}" cannot be read: ${issueMessages(upgraded.issues)}`,
    );
  }
  return upgraded.value.snapshot as AgentSnapshot;
}

/**
 * With `maxVersionsPerAgent` set, removes the oldest versions beyond it that nothing points at
 * (never the published, a labelled or the latest version).
 */
async function applyRetention(context: EditorContext, { agentId, actor }: { agentId: string; actor: string }) {
  const maximum = context.maxVersionsPerAgent;
  if (maximum === undefined) return;
  const excess = (await context.versions.count(agentId)) - maximum;
  if (excess <= 0) return;
  const removable = await context.versions.oldestUnpinned(agentId, excess);
  for (const id of removable) {
    await context.versions.delete(id);
    context.versionCache.delete(id);
  }
  if (removable.length > 0) {
    await recordAudit(context, {
      actor,
      action: 'agent.version.retention',
      entityId: agentId,
      details: { deletedVersionIds: removable, maximum },
    });
  }
}

export const agentVersions: VersionedKind<AgentSnapshot, StoredAgentVersion, AgentVersionRow> = {
  entity: 'agent',
  noun: 'Agent',
  ownerKey: 'agentId',
  fields: snapshotFields,
  schemaVersion: currentSnapshotSchemaVersion,
  encode: (_context, snapshot) => {
    const written = canonicalForm(snapshot);
    const text = JSON.stringify(written);
    return { text, configHash: hashCanonicalJson(text), written };
  },
  insert: async (context, { ownerId, ...columns }) => {
    const row = { ...columns, agentId: ownerId };
    await context.versions.insert(row);
    return row;
  },
  parse: parseVersionRow,
  rows: (context) => context.versions,
  setLatestVersionNumber: (context, pointer) => context.agents.setLatestVersionNumber(pointer),
  afterAppend: (context, { ownerId, actor }) => applyRetention(context, { agentId: ownerId, actor: actor ?? 'system' }),
};
