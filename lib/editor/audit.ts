/**
 * The audit log: one append-only row per mutation, written inside the mutation's transaction so
 * the log and the data can never disagree. Details never carry secret values.
 */
import type { AuditFilter, AuditRow } from '../../db/queries';
import { canonicalJson } from '../versions';
import type { EditorContext } from './context';
import { readPageBeforeNumber, type Page, type PageRequest } from '../pagination';

/** What is stored as numbered versions (its actions include `.create`, `.save` and `.restore`). */
export type VersionedAuditEntity = 'agent' | 'mcp_client';

/**
 * Integrations are stored as one config each, not versioned: their actions are `.save` and `.delete`.
 * `deployment` rows record a backup that carried secrets and every restore (entity id `deployment`).
 */
export type AuditEntity = VersionedAuditEntity | 'integration' | 'stdio_launch_spec' | 'model_provider' | 'deployment';

/** Each action starts with the entity it is about, which is how its row's `entity` is set. */
export type AuditAction =
  | 'agent.create'
  | 'agent.save'
  | 'agent.metadata'
  | 'agent.publish'
  | 'agent.publish_gate'
  | 'agent.unpublish'
  | 'agent.restore'
  | 'agent.delete'
  | 'agent.version.delete'
  | 'agent.version.retention'
  | 'agent.label.set'
  | 'agent.label.delete'
  | 'agent.import'
  | 'agent.test_case.create'
  | 'agent.test_case.update'
  | 'agent.test_case.delete'
  | 'mcp_client.create'
  | 'mcp_client.save'
  | 'mcp_client.restore'
  | 'mcp_client.import'
  | 'mcp_client.export_secrets'
  | 'mcp_client.delete'
  | 'mcp_client.approve'
  | 'stdio_launch_spec.create'
  | 'stdio_launch_spec.delete'
  | 'model_provider.save'
  | 'integration.import'
  | 'deployment.export_secrets'
  | 'deployment.import';

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  entity: string;
  entityId: string;
  details: Record<string, unknown>;
}

/** The entity an action is about: the action's first part (`agent.label.set` is about an agent). */
function entityOf(action: AuditAction): AuditEntity {
  return action.slice(0, action.indexOf('.')) as AuditEntity;
}

export async function recordAudit(
  context: EditorContext,
  entry: {
    actor: string;
    action: AuditAction;
    /** The id of the entity the action names. */
    entityId: string;
    details?: Record<string, unknown>;
    /** When it happened, for a write that stamps its rows with one time (now by default). */
    at?: string;
  },
): Promise<void> {
  await context.audit.insert({
    at: entry.at ?? context.now(),
    actor: entry.actor,
    action: entry.action,
    entity: entityOf(entry.action),
    entityId: entry.entityId,
    details: canonicalJson(entry.details ?? {}),
  });
}

/** The import of an agent's or a saved client's versions, from its own export or a deployment backup. */
export async function recordImport(
  context: EditorContext,
  {
    actor,
    entity,
    entityId,
    details,
  }: { actor: string; entity: VersionedAuditEntity; entityId: string; details: Record<string, unknown> },
): Promise<void> {
  await recordAudit(context, { actor, action: `${entity}.import`, entityId, details });
}

const toEntry = (row: AuditRow): AuditEntry => ({
  ...row,
  details: JSON.parse(row.details) as Record<string, unknown>,
});

export type { AuditFilter };

export interface AuditService {
  /** Newest first, matching every filter given: who (`actor`), what (`action`, `entity`, `entityId`), when (`from`, `to`). */
  list(request?: PageRequest & AuditFilter): Promise<Page<AuditEntry>>;
}

export function createAuditService(context: EditorContext): AuditService {
  return {
    async list({ limit, cursor, cursorPath, ...filter } = {}) {
      return readPageBeforeNumber({
        request: { limit, cursor, cursorPath },
        read: (beforeId, count) => context.audit.page({ ...filter, beforeId, limit: count }),
        keyOf: (row) => row.id,
        toItem: toEntry,
      });
    },
  };
}
