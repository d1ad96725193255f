/**
 * Audit entries about who may reach the studio: users (entity `user`, their email as its id) and
 * API keys (entity `api_key`, the key's id). Written through the studio's queries, so a change made
 * in `storage.transaction` commits or rolls back with its entry. Details name the user or key and
 * what changed; never a password, a key or its hash.
 */
import type { Storage } from '../../db/storage';

export type UserAuditAction =
  | 'user.setup'
  | 'user.create'
  | 'user.update'
  | 'user.invite'
  | 'user.invitation.withdraw'
  | 'user.invitation.accept'
  | 'user.password_change';

export type ApiKeyAuditAction = 'api_key.create' | 'api_key.revoke';

interface AuditEntry {
  at: Date;
  /** Who did it: `local`, `cli`, `user:<email>` or `key:<name>`. */
  actor: string;
  details?: Record<string, unknown>;
}

async function insertEntry(
  storage: Pick<Storage, 'queries'>,
  { at, actor, action, entity, entityId, details }: AuditEntry & { action: string; entity: string; entityId: string },
): Promise<void> {
  await storage.queries.audit.insert({
    at: at.toISOString(),
    actor,
    action,
    entity,
    entityId,
    details: JSON.stringify(details ?? {}),
  });
}

/** Writes an audit entry about a user (entity `user`, the email as its id). */
export async function recordUserAudit(
  storage: Pick<Storage, 'queries'>,
  { action, email, ...entry }: AuditEntry & { action: UserAuditAction; email: string },
): Promise<void> {
  await insertEntry(storage, { ...entry, action, entity: 'user', entityId: email });
}

/** Writes an audit entry about an API key (entity `api_key`, the key's id). */
export async function recordApiKeyAudit(
  storage: Pick<Storage, 'queries'>,
  { action, keyId, ...entry }: AuditEntry & { action: ApiKeyAuditAction; keyId: string },
): Promise<void> {
  await insertEntry(storage, { ...entry, action, entity: 'api_key', entityId: keyId });
}

/** Records that a signed-in user changed their own password: they are the actor; nothing of either password is kept. */
export async function recordPasswordChange(
  storage: Pick<Storage, 'queries'>,
  { at, email }: { at: Date; email: string },
): Promise<void> {
  await recordUserAudit(storage, { at, actor: `user:${email}`, action: 'user.password_change', email });
}
