/**
 * The audit log: one append-only row per mutation, written inside the mutation's transaction so
 * the log and the data can never disagree. Details never carry secret values.
 */
import type { AuditRow } from '../../db/queries';
import { canonicalJson } from '../versions';
import type { EditorContext } from './context';
import { readPageBeforeNumber, type Page, type PageRequest } from '../pagination';

export type AuditEntity = 'agent' | 'mcp_client';

export type AuditAction =
  | 'agent.create'
  | 'agent.save'
  | 'agent.metadata'
  | 'agent.publish'
  | 'agent.unpublish'
  | 'agent.restore'
  | 'agent.delete'
  | 'agent.version.delete'
  | 'agent.version.retention'
  | 'agent.label.set'
  | 'agent.label.delete'
  | 'agent.import'
  | 'mcp_client.create'
  | 'mcp_client.save'
  | 'mcp_client.restore'
  | 'mcp_client.import'
  | 'mcp_client.delete'
  | 'integration.import';

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  entity: string;
  entityId: string;
  details: Record<string, unknown>;
}

export function recordAudit(
  context: EditorContext,
  entry: {
    actor: string;
    action: AuditAction;
    /** Integration configs are audited too (their writes are not versions). */
    entity: AuditEntity | 'integration';
    entityId: string;
    details?: Record<string, unknown>;
  },
): void {
  context.audit.insert({
    at: context.now(),
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    details: canonicalJson(entry.details ?? {}),
  });
}

const toEntry = (row: AuditRow): AuditEntry => ({
  ...row,
  details: JSON.parse(row.details) as Record<string, unknown>,
});

export interface AuditService {
  /** Newest first; optionally only one entity (`{ entity: 'agent', entityId }`). */
  list(request?: PageRequest & { entity?: AuditEntity; entityId?: string }): Promise<Page<AuditEntry>>;
}

export function createAuditService(context: EditorContext): AuditService {
  return {
    async list({ entity, entityId, ...request } = {}) {
      return readPageBeforeNumber({
        request,
        read: (beforeId, limit) => context.audit.page({ entity, entityId, beforeId, limit }),
        keyOf: (row) => row.id,
        toItem: toEntry,
      });
    },
  };
}
