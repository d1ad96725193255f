/**
 * The people who sign in, as an admin manages them (`/api/users`): listed, added with a password,
 * given another role, disabled or enabled again. A role change or a disabling ends every session of
 * the user, so it takes effect at once and not when a session next expires. The last enabled admin
 * can be neither demoted nor disabled: nobody would be left to manage the deployment.
 */
import { z } from 'zod';
import type { UserRow } from '../../db/queries';
import { StudioError } from '../errors';
import { emailInput } from './account-bodies';
import { maximumPasswordLength, minimumPasswordLength } from './password-rules';
import { isEnabledAdmin, isRole, roles, type Role } from './roles';
import type { UserServiceParts } from './sign-in';

/** The body of `POST /api/users`. */
export const createUserInput = z.strictObject({
  email: emailInput,
  name: z.string().trim().min(1).max(100).optional(),
  role: z.enum(roles, { error: 'The role is one of viewer, editor or admin' }),
  password: z
    .string()
    .min(minimumPasswordLength, `The password needs at least ${minimumPasswordLength} characters`)
    .max(maximumPasswordLength, `The password has at most ${maximumPasswordLength} characters`),
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
    /** Every user, by email. */
    async list(): Promise<UserView[]> {
      return (await users.list()).map(viewOf);
    },

    /** Adds a user who signs in with `password`; the name defaults to the part of the email before `@`. */
    async create({ email, name, role, password }: CreateUserInput): Promise<UserView> {
      const created = await signIn.createUser({ email, name: name ?? email.split('@')[0] ?? email, role, password });
      return viewOf(await find(created.id));
    },

    /** Changes a user's role or whether they are disabled; either ends every session of theirs. */
    async update({ id, change }: { id: string; change: UpdateUserInput }): Promise<UserView> {
      return storage.transaction(async () => {
        const row = await find(id);
        await refuseLockingOut(row, change);
        const updatedAt = now();
        const newRole = change.role === row.role ? undefined : change.role;
        if (newRole) await users.setRole({ id, role: newRole, updatedAt });
        if (change.disabled !== undefined) await users.setBanned({ id, banned: change.disabled, updatedAt });
        if (newRole || change.disabled === true) await users.endSessions(id);
        return viewOf(await find(id));
      });
    },
  };
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;
