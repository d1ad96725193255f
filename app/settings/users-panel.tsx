'use client';
/**
 * The people who sign in: each with their role and whether they may sign in, changed in place (a
 * change ends their sessions, so it takes effect at once); "Invite user" makes a one-time link for
 * a new person to set their password; invitations not accepted yet are listed below the users,
 * each of which can be withdrawn. The API checks the admin role again on every request.
 */
import type { OperationOutput } from '@/lib/client';
import { createInvitationInput } from '@/lib/schemas';
import { Button } from '../_components/ui/button';
import { Note } from '../_components/ui/card';
import { Time } from '../_components/format';
import { cn } from '../_components/ui/cn';
import { controlClasses, SelectField, TextField } from '../_components/ui/field';
import { callOperation, type OperationBody } from '../_lib/api-fetch';
import { CreateOnDemand } from './create-on-demand';
import { ManagedList, useManagedList } from './managed-list';

/** A user as `GET /api/users` lists them. */
type UserRow = OperationOutput<'listUsers'>['items'][number];

/** An invitation not accepted yet, as `GET /api/users/invitations` lists them. */
type InvitationRow = OperationOutput<'listInvitations'>['items'][number];

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

/** Invitations whose link has not been used yet; withdrawing one makes its link refused. */
function PendingInvitations({ list }: { list: ReturnType<typeof useManagedList<'listInvitations'>> }) {
  const withdraw = (invitation: InvitationRow) =>
    list.change(
      callOperation('withdrawInvitation', { params: { id: invitation.id } }),
      `The invitation of ${invitation.email} is withdrawn: its link is refused from now on.`,
      'Not withdrawn',
    );
  return (
    <ManagedList
      label="Pending invitations"
      adder={null}
      list={list}
      empty="No invitation is waiting to be accepted."
      columns={['Email', 'Role', 'Link expires', 'Actions']}
      keyOf={(invitation) => invitation.id}
      cells={(invitation) => (
        <>
          <td className="p-2.5">{invitation.email}</td>
          <td className="p-2.5">{invitation.role}</td>
          <td className="p-2.5">
            <Time iso={invitation.expiresAt} />
          </td>
          <td className="p-2.5">
            <Button size="sm" variant="danger" onClick={() => void withdraw(invitation)}>
              Withdraw the invitation of {invitation.email}
            </Button>
          </td>
        </>
      )}
    />
  );
}

export function UsersPanel({ signInRequired }: { signInRequired: boolean }) {
  const list = useManagedList('listUsers', { query: { limit: 100 } }, { enabled: signInRequired });
  const invitations = useManagedList('listInvitations', { query: { limit: 100 } }, { enabled: signInRequired });

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
    <div className="flex flex-col gap-6">
      <ManagedList
        label="Users"
        adder={<Invitation onInvited={() => void invitations.reload()} />}
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
      <PendingInvitations list={invitations} />
    </div>
  );
}
