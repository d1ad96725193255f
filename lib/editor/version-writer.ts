/**
 * Appends a version to an agent inside the caller's write transaction: the snapshot is stored as
 * canonical JSON with its hash, the record's latest pointer moves, and the optional retention
 * limit removes the oldest versions nobody points at.
 */
import { randomUUID } from 'node:crypto';
import { currentSnapshotSchemaVersion, type AgentSnapshot } from '../agents';
import { canonicalJson, hashCanonicalJson } from '../versions';
import { parseVersionRow, type StoredAgentVersion } from './agent-version';
import { recordAudit } from './audit';
import type { EditorContext } from './context';
import { toVersionMetadataColumns } from './version-metadata';

export function appendVersion(
  context: EditorContext,
  {
    agentId,
    versionNumber,
    snapshot,
    changedFields,
    changeMessage,
    actor,
    createdAt = context.now(),
    schemaVersion = currentSnapshotSchemaVersion,
    retention = true,
  }: {
    agentId: string;
    versionNumber: number;
    snapshot: AgentSnapshot;
    changedFields: string[];
    changeMessage: string | null;
    actor: string | null;
    createdAt?: string;
    schemaVersion?: number;
    /** Import turns this off: its labels and published version are only set after every version is in. */
    retention?: boolean;
  },
): StoredAgentVersion {
  const text = canonicalJson(snapshot);
  const row = {
    id: randomUUID(),
    agentId,
    snapshot: text,
    ...toVersionMetadataColumns({
      versionNumber,
      schemaVersion,
      configHash: hashCanonicalJson(text),
      changedFields,
      changeMessage,
      authorId: actor,
      createdAt,
    }),
  };
  context.versions.insert(row);
  context.agents.setLatestVersionNumber({ id: agentId, latestVersionNumber: versionNumber, updatedAt: createdAt });
  if (retention) applyRetention(context, { agentId, actor: actor ?? 'system' });
  return parseVersionRow(context, row);
}

function applyRetention(context: EditorContext, { agentId, actor }: { agentId: string; actor: string }) {
  const maximum = context.maxVersionsPerAgent;
  if (maximum === undefined) return;
  const excess = context.versions.count(agentId) - maximum;
  if (excess <= 0) return;
  const removable = context.versions.oldestUnpinned(agentId, excess);
  for (const id of removable) {
    context.versions.delete(id);
    context.versionCache.delete(id);
  }
  if (removable.length > 0) {
    recordAudit(context, {
      actor,
      action: 'agent.version.retention',
      entity: 'agent',
      entityId: agentId,
      details: { deletedVersionIds: removable, maximum },
    });
  }
}
