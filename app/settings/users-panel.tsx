'use client';
/**
 * The people who sign in: each with their role and whether they may sign in, changed in place (a
 * change ends their sessions, so it takes effect at once); "Invite user" makes a one-time link for
 * a new person to set their password. The API checks the admin role again on every request.
 */
import type { OperationOutput } from '@/lib/client';
import { createInvitationInput } from '@/lib/schemas';
import { Button } from '../_components/ui/button';
import { Note } from '../_components/ui/card';
import { cn } from '../_components/ui/cn';
import { controlClasses, SelectField, TextField } from '../_components/ui/field';
import { callOperation, type OperationBody } from '../_lib/api-fetch';
import { CreateOnDemand } from './create-on-demand';
import { ManagedList, useManagedList } from './managed-list';

/** A user as `GET /api/users` lists them. */
type UserRow = OperationOutput<'listUsers'>['items'][number];

const roleNames = ['viewer', 'editor', 'admin'] as const;

function Invitation({ onInvited }: { onInvited: () => void }) {
  return (
    <CreateOnDemand
      opener="Invite user"
      schema={createInvitationInput}
      defaultValues={{ email: '', role: 'editor' }}
      send={(body) => callOperation('createInvitation', { body })}
      onMade={onInvited}
      shown={(made) => (
        <div className="flex flex-col gap-1">
          <TextField label="Invitation link" value={made.link} readOnly className="font-mono" />
          <p className="text-sm text-slate-700">
            Send this link to the person: it works once, for a week, and lets them set their password.
          </p>
        </div>
      )}
      fields={(field) => (
        <>
          <TextField label="Email" type="email" required className="w-72" autoComplete="off" {...field('email')} />
          <SelectField label="Role" className="w-40" {...field('role')}>
            {roleNames.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="primary">
            Create invitation
          </Button>
        </>
      )}
    />
  );
}

export function UsersPanel({ signInRequired }: { signInRequired: boolean }) {
  const list = useManagedList('listUsers', { query: { limit: 100 } }, { enabled: signInRequired });

  if (!signInRequired)
    return (
      <Note>
        Sign-in is off (STUDIO_AUTH=off): everyone who reaches the studio on this machine works as the local user. Start
        it with STUDIO_AUTH=required to have users with roles.
      </Note>
    );

  const change = (user: UserRow, change: OperationBody<'updateUser'>, done: string) =>
    list.change(callOperation('updateUser', { params: { id: user.id }, body: change }), done, 'Not changed');

  return (
    <ManagedList
      label="Users"
      adder={<Invitation onInvited={() => void list.reload()} />}
      list={list}
      columns={['Email', 'Role', 'Status', 'Actions']}
      keyOf={(user) => user.id}
      cells={(user) => (
        <>
          <td className="p-2.5">{user.email}</td>
          <td className="p-2.5">
            {/* Named for the row's person; the column heading says what it is. */}
            <select
              aria-label={`Role for ${user.email}`}
              value={user.role}
              className={cn(controlClasses, 'w-36')}
              onChange={(event) =>
                void change(
                  user,
                  { role: event.target.value as (typeof roleNames)[number] },
                  `${user.email} is now ${event.target.value}.`,
                )
              }
            >
              {roleNames.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          </td>
          <td className="p-2.5">{user.disabled ? 'Disabled' : 'Active'}</td>
          <td className="p-2.5">
            {user.disabled ? (
              <Button
                size="sm"
                onClick={() => void change(user, { disabled: false }, `${user.email} can sign in again.`)}
              >
                Enable {user.email}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="danger"
                onClick={() => void change(user, { disabled: true }, `${user.email} is disabled and signed out.`)}
              >
                Disable {user.email}
              </Button>
            )}
          </td>
        </>
      )}
    />
  );
}
