'use client';
import { useState } from 'react';
import { FormAlert } from '../_components/form-alert';
import { Button } from '../_components/ui/button';
import { Card } from '../_components/ui/card';
import { EmailField, PasswordField } from '../_components/account-fields';
import { postOperation } from '../_lib/api-fetch';
import { useEntryForm } from '../_lib/use-entry-form';

const noToken = 'This page needs the setup link the server printed at start (it ends in ?token=...).';

export function SetupForm({ token }: { token: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useEntryForm(
    () => postOperation<'setUpFirstAdmin'>('/api/auth/setup', { token, email, password }),
    '/',
    token ? undefined : noToken,
  );

  return (
    <Card className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-xl font-semibold text-slate-900">Create the first admin</h1>
      <p className="text-sm text-slate-700">
        This link works once and for an hour after the server started. The admin can then invite everyone else.
      </p>
      <form className="flex flex-col gap-3" onSubmit={(event) => void form.submit(event)}>
        <EmailField value={email} onValue={setEmail} />
        <PasswordField value={password} onValue={setPassword} creating />
        <FormAlert message={form.error} />
        <Button type="submit" variant="primary" disabled={!form.ready || !token}>
          Create admin
        </Button>
      </form>
    </Card>
  );
}
