/**
 * The people who sign in, as an admin manages them (`/api/users`): listed, added with a password,
 * given another role, disabled or enabled again. A role change or a disabling ends every session of
 * the user, so it takes effect at once and not when a session next expires. The last enabled admin
 * can be neither demoted nor disabled: nobody would be left to manage the deployment.
 */
import { z } from 'zod';
import type { UserRow } from '../../db/queries';
import { StudioError } from '../errors';
import { readPageAfterId, type Page, type PageRequest } from '../pagination';
import { emailInput, passwordInput } from './account-bodies';
import { recordUserAudit } from './account-audit';
import { isEnabledAdmin, isRole, roles, type Role } from './roles';
import type { UserServiceParts } from './sign-in';

/** The body of `POST /api/users`. */
export const createUserInput = z.strictObject({
  email: emailInput,
  name: z.string().trim().min(1).max(100).optional(),
  role: z.enum(roles, { error: 'The role is one of viewer, editor or admin' }),
  password: passwordInput,
});
export type CreateUserInput = z.infer<typeof createUserInput>;

/** The body of `PATCH /api/users/{id}`: what to change, the rest stays. */
export const updateUserInput = z.strictObject({
  role: z.enum(roles, { error: 'The role is one of viewer, editor or admin' }).optional(),
  disabled: z.boolean().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/** A user as an admin sees them: never a password or a session. */
export interface UserView {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Cannot sign in, and their sessions have ended. */
  disabled: boolean;
  createdAt: string;
}

function viewOf(row: UserRow): UserView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    // The column defaults to `viewer`; anything else the library may have stored grants no more.
    role: isRole(row.role) ? row.role : 'viewer',
    disabled: row.banned === true,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a user: never a password or a session. */
const auditDetails = ({ id, email, role, disabled }: UserView) => ({ id, email, role, disabled });

/** Whether the change leaves `row` an admin who can sign in. */
function staysEnabledAdmin(row: UserRow, change: UpdateUserInput): boolean {
  return isEnabledAdmin({ role: change.role ?? row.role, banned: change.disabled ?? row.banned });
}

export function createUserDirectory({ storage, signIn, now = () => new Date() }: UserServiceParts) {
  const users = storage.queries.users;

  async function find(id: string): Promise<UserRow> {
    const row = await users.byId(id);
    if (!row) throw new StudioError('not_found', `No user has the id "${id}".`);
    return row;
  }

  async function refuseLockingOut(row: UserRow, change: UpdateUserInput): Promise<void> {
    if (!isEnabledAdmin(row) || staysEnabledAdmin(row, change)) return;
    const others = (await users.list()).filter((other) => other.id !== row.id && isEnabledAdmin(other));
    if (others.length === 0)
      throw new StudioError(
        'conflict',
        `${row.email} is the last enabled admin; make another user an admin first, or nobody could manage users and keys.`,
      );
  }

  return {
    /** A page of the users, by email (`limit` default 20, `cursor` the previous page's `nextCursor`). */
    list(request?: PageRequest): Promise<Page<UserView>> {
      return readPageAfterId({
        request,
        read: (afterEmail, limit) => users.page({ afterEmail, limit }),
        keyOf: (row) => row.email,
        toItem: viewOf,
      });
    },

    /**
     * Adds a user who signs in with `password`; the name defaults to the part of the email before
     * `@`. The sign-in library writes the user on a connection of its own, so the audit entry
     * (`actor` did it) follows in a transaction of its own.
     */
    async create({ actor, email, name, role, password }: CreateUserInput & { actor: string }): Promise<UserView> {
      const created = await signIn.createUser({ email, name: name ?? email.split('@')[0] ?? email, role, password });
      return storage.transaction(async () => {
        const view = viewOf(await find(created.id));
        await recordUserAudit(storage, {
          at: now(),
          actor,
          action: 'user.create',
          email: view.email,
          details: auditDetails(view),
        });
        return view;
      });
    },

    /**
     * Changes a user's role or whether they are disabled; either ends every session of theirs. A
     * change is recorded in the audit log as done by `actor`; asking for what is already so changes
     * and records nothing.
     */
    async update({ id, change, actor }: { id: string; change: UpdateUserInput; actor: string }): Promise<UserView> {
      return storage.transaction(async () => {
        const row = await find(id);
        await refuseLockingOut(row, change);
        const before = viewOf(row);
        const updatedAt = now();
        const newRole = change.role === before.role ? undefined : change.role;
        const newDisabled = change.disabled === before.disabled ? undefined : change.disabled;
        if (newRole) await users.setRole({ id, role: newRole, updatedAt });
        if (newDisabled !== undefined) await users.setBanned({ id, banned: newDisabled, updatedAt });
        if (newRole || newDisabled === true) await users.endSessions(id);
        const after = viewOf(await find(id));
        if (newRole || newDisabled !== undefined)
          await recordUserAudit(storage, {
            at: updatedAt,
            actor,
            action: 'user.update',
            email: after.email,
            details: { ...auditDetails(after), previous: { role: before.role, disabled: before.disabled } },
          });
        return after;
      });
    },
  };
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;
