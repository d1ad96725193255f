'use client';
/**
 * The people who sign in: each with their role and whether they may sign in, changed in place (a
 * change ends their sessions, so it takes effect at once); "Invite user" makes a one-time link for
 * a new person to set their password. The API checks the admin role again on every request.
 */
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../_components/form-alert';
import { Button } from '../_components/ui/button';
import { Card, Note } from '../_components/ui/card';
import { cn } from '../_components/ui/cn';
import { controlClasses, SelectField, TextField } from '../_components/ui/field';
import { TableHead } from '../_components/ui/table-head';
import { sendJson } from '../_lib/send-json';
import { useJsonList } from './use-json-list';

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
}

const roleNames = ['viewer', 'editor', 'admin'] as const;

function Invitation({ onInvited }: { onInvited: () => void }) {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState<string>();
  const [error, setError] = useState<string>();

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const answer = await sendJson<{ link: string }>('POST', '/api/users/invitations', {
      email: String(form.get('email') ?? '').trim(),
      role: String(form.get('role')),
    });
    if (!answer.ok) return setError(answer.message);
    setError(undefined);
    setLink(answer.value.link);
    onInvited();
  }

  if (!open)
    return (
      <Button className="self-start" onClick={() => setOpen(true)}>
        Invite user
      </Button>
    );
  return (
    <Card className="flex flex-col gap-3">
      <form onSubmit={invite} className="flex flex-wrap items-end gap-3" aria-label="Invite user">
        <TextField label="Email" name="email" type="email" required className="w-72" autoComplete="off" />
        <SelectField label="Role" name="role" defaultValue="editor" className="w-40">
          {roleNames.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary">
          Create invitation
        </Button>
      </form>
      <FormAlert message={error} />
      {link ? (
        <div className="flex flex-col gap-1">
          <TextField label="Invitation link" value={link} readOnly className="font-mono" />
          <p className="text-sm text-slate-700">
            Send this link to the person: it works once, for a week, and lets them set their password.
          </p>
        </div>
      ) : null}
    </Card>
  );
}

export function UsersPanel({ signInRequired }: { signInRequired: boolean }) {
  const { items, error, reload } = useJsonList<UserRow>(signInRequired ? '/api/users' : undefined);
  const [status, setStatus] = useState('');

  if (!signInRequired)
    return (
      <Note>
        Sign-in is off (STUDIO_AUTH=off): everyone who reaches the studio on this machine works as the local user. Start
        it with STUDIO_AUTH=required to have users with roles.
      </Note>
    );

  async function change(user: UserRow, change: { role?: string; disabled?: boolean }, done: string) {
    const answer = await sendJson('PATCH', `/api/users/${encodeURIComponent(user.id)}`, change);
    setStatus(answer.ok ? done : `Not changed: ${answer.message}`);
    await reload();
  }

  return (
    <section aria-label="Users" className="flex flex-col gap-3">
      <Invitation onInvited={() => void reload()} />
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
      {items ? (
        <table
          aria-label="Users"
          className="w-full border-collapse rounded-lg border border-slate-200 bg-white text-sm"
        >
          <TableHead columns={['Email', 'Role', 'Status', 'Actions']} />
          <tbody>
            {items.map((user) => (
              <tr key={user.id} className="border-b border-slate-100">
                <td className="p-2.5">{user.email}</td>
                <td className="p-2.5">
                  {/* Named for the row's person; the column heading says what it is. */}
                  <select
                    aria-label={`Role for ${user.email}`}
                    value={user.role}
                    className={cn(controlClasses, 'w-36')}
                    onChange={(event) =>
                      void change(user, { role: event.target.value }, `${user.email} is now ${event.target.value}.`)
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
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
