'use client';
import { useEffect, useState } from 'react';
import { FormAlert } from '../_components/form-alert';
import { Button } from '../_components/ui/button';
import { Card } from '../_components/ui/card';
import { PasswordField } from '../_components/account-fields';
import { postOperation } from '../_lib/api-fetch';
import { useEntryForm } from '../_lib/use-entry-form';

const noToken = 'This page needs the invitation link an admin gave you (it ends in ?token=...).';

interface Invited {
  email: string;
  role: string;
}

export function InviteForm({ token }: { token: string }) {
  const [invited, setInvited] = useState<Invited | undefined>();
  const [password, setPassword] = useState('');
  const form = useEntryForm(
    () => postOperation<'acceptInvitation'>('/api/auth/accept-invitation', { token, password }),
    '/',
    token ? undefined : noToken,
  );
  const { setError } = form;

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
  }, [token, setError]);

  return (
    <Card className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-xl font-semibold text-slate-900">Accept your invitation</h1>
      {invited ? (
        <p className="text-sm text-slate-700">
          You are invited as <strong>{invited.email}</strong> with the role {invited.role}. Choose a password to create
          your account.
        </p>
      ) : null}
      <form className="flex flex-col gap-3" onSubmit={(event) => void form.submit(event)}>
        <PasswordField value={password} onValue={setPassword} creating />
        <FormAlert message={form.error} />
        <Button type="submit" variant="primary" disabled={!form.ready || !invited}>
          Create account
        </Button>
      </form>
    </Card>
  );
}
