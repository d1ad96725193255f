/** A version row parsed into its snapshot (upgraded to the current format), cached by id. */
import type { AgentVersionRow } from '../../db/queries';
import { upgradeSnapshot, type AgentSnapshot } from '../agents';
import { StudioError } from '../errors';
import type { EditorContext } from './context';
import { deepFreeze } from './version-cache';
import { parseVersionMetadata, type VersionMetadata } from './version-metadata';

export interface StoredAgentVersion extends VersionMetadata {
  id: string;
  agentId: string;
  /**
   * Always in the current format, whatever `schemaVersion` the row was written with. Frozen:
   * versions are immutable and this object is shared through the cache.
   */
  snapshot: Readonly<AgentSnapshot>;
}

export function parseVersionRow(context: EditorContext, row: AgentVersionRow): StoredAgentVersion {
  return context.versionCache.get(row.id, () => {
    const upgraded = upgradeSnapshot({
      snapshot: JSON.parse(row.snapshot) as unknown,
      schemaVersion: row.schemaVersion,
    });
    if (!upgraded.ok) {
      throw new StudioError(
        'internal_error',
        `Version ${row.versionNumber} of agent "${row.agentId}" cannot be read: ${upgraded.message}`,
      );
    }
    return deepFreeze({
      id: row.id,
      agentId: row.agentId,
      ...parseVersionMetadata(row),
      snapshot: upgraded.snapshot as AgentSnapshot,
    });
  });
}
