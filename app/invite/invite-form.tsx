'use client';
import { useEffect, useState, type FormEvent } from 'react';
import { FormAlert } from '../_components/form-alert';
import { Button } from '../_components/ui/button';
import { Card } from '../_components/ui/card';
import { TextField } from '../_components/ui/field';
import { postOperation } from '../_lib/api-fetch';

const noToken = 'This page needs the invitation link an admin gave you (it ends in ?token=...).';

interface Invited {
  email: string;
  role: string;
}

export function InviteForm({ token }: { token: string }) {
  const [invited, setInvited] = useState<Invited | undefined>();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(token ? undefined : noToken);
  const [busy, setBusy] = useState(false);

  // Whom the link invites, so that the person sees which account they are creating.
  useEffect(() => {
    if (!token) return;
    let current = true;
    void postOperation<'readInvitation'>('/api/auth/invitation', { token }).then((answer) => {
      if (!current) return;
      if (answer.ok) setInvited(answer.value);
      else setError(answer.message);
    });
    return () => {
      current = false;
    };
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const answer = await postOperation<'acceptInvitation'>('/api/auth/accept-invitation', { token, password });
    if (answer.ok) {
      // A full load, so that every page is fetched with the new session cookie.
      window.location.assign('/');
      return;
    }
    setError(answer.message);
    setBusy(false);
  }

  return (
    <Card className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-xl font-semibold text-slate-900">Accept your invitation</h1>
      {invited ? (
        <p className="text-sm text-slate-700">
          You are invited as <strong>{invited.email}</strong> with the role {invited.role}. Choose a password to create
          your account.
        </p>
      ) : null}
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters."
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormAlert message={error} />
        <Button type="submit" variant="primary" disabled={busy || !invited}>
          Create account
        </Button>
      </form>
    </Card>
  );
}
