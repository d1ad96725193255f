'use client';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../_components/form-alert';
import { Button } from '../_components/ui/button';
import { Card } from '../_components/ui/card';
import { TextField } from '../_components/ui/field';
import { postOperation } from '../_lib/api-fetch';
import { useHydrated } from '../_lib/use-hydrated';

const noToken = 'This page needs the setup link the server printed at start (it ends in ?token=...).';

export function SetupForm({ token }: { token: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(token ? undefined : noToken);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const answer = await postOperation<'setUpFirstAdmin'>('/api/auth/setup', { token, email, password });
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
      <h1 className="text-xl font-semibold text-slate-900">Create the first admin</h1>
      <p className="text-sm text-slate-700">
        This link works once and for an hour after the server started. The admin can then invite everyone else.
      </p>
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
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
        <Button type="submit" variant="primary" disabled={busy || !token || !hydrated}>
          Create admin
        </Button>
      </form>
    </Card>
  );
}
