/** A version row parsed into its snapshot (upgraded to the current format), cached by id. */
import type { AgentVersionRow } from '../../db/queries';
import { upgradeSnapshot, type AgentSnapshot } from '../agents';
import { StudioError } from '../errors';
import type { EditorContext } from './context';
import { deepFreeze } from './version-cache';

export interface StoredAgentVersion {
  id: string;
  agentId: string;
  versionNumber: number;
  /** The format the row was written with; `snapshot` is always in the current format. */
  schemaVersion: number;
  configHash: string;
  changedFields: string[];
  changeMessage: string | null;
  authorId: string | null;
  createdAt: string;
  /** Frozen: versions are immutable and this object is shared through the cache. */
  snapshot: Readonly<AgentSnapshot>;
}

export function parseVersionRow(context: EditorContext, row: AgentVersionRow): StoredAgentVersion {
  return context.versionCache.get(row.id, () => {
    const upgraded = upgradeSnapshot({ snapshot: JSON.parse(row.snapshot) as unknown, schemaVersion: row.schemaVersion });
    if (!upgraded.ok) {
      throw new StudioError('internal_error', `Version ${row.versionNumber} of agent "${row.agentId}" cannot be read: ${upgraded.message}`);
    }
    return deepFreeze({
      id: row.id,
      agentId: row.agentId,
      versionNumber: row.versionNumber,
      schemaVersion: row.schemaVersion,
      configHash: row.configHash,
      changedFields: JSON.parse(row.changedFields) as string[],
      changeMessage: row.changeMessage,
      authorId: row.authorId,
      createdAt: row.createdAt,
      snapshot: upgraded.snapshot as AgentSnapshot,
    });
  });
}
