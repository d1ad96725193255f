'use client';
import { useState, type FormEvent } from 'react';
import { sendJson } from '../_lib/send-json';
import { useHydrated } from '../_lib/use-hydrated';
import { Button } from '../_components/ui/button';
import { TextField } from '../_components/ui/field';

/** What a refused sign-in tells the person: never whether the email or the password was wrong. */
function refusalText(answer: { status: number; message: string; retryAfterSeconds?: number }): string {
  if (answer.status === 429) return `Too many attempts: try again in ${answer.retryAfterSeconds ?? 60} seconds.`;
  if (answer.status === 401 || answer.status === 400) return 'Wrong email or password';
  if (answer.status === 403) return 'This account cannot sign in; ask an admin.';
  return answer.message;
}

export function SignInForm({ next, provider }: { next: string; provider?: { id: string; name: string } }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    const answer = await sendJson('POST', '/api/auth/sign-in', {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
    });
    if (answer.ok) {
      // A full load, so every part of the page (the navigation too) is drawn for the signed-in person.
      window.location.assign(next);
      return;
    }
    setBusy(false);
    setError(refusalText(answer));
  }

  async function signInWithProvider(id: string) {
    setBusy(true);
    setError(undefined);
    const answer = await sendJson<{ url?: string }>('POST', '/api/auth/sign-in/oauth2', {
      providerId: id,
      callbackURL: next,
    });
    if (answer.ok && answer.value.url) {
      window.location.assign(answer.value.url);
      return;
    }
    setBusy(false);
    setError(answer.ok ? 'The sign-in provider gave no address to go to.' : answer.message);
  }

  return (
    <div className="flex max-w-sm flex-col gap-4">
      <form
        onSubmit={signIn}
        method="post"
        className="flex flex-col gap-3"
        aria-label="Sign in with email and password"
      >
        <TextField label="Email" name="email" type="email" autoComplete="username" required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" variant="primary" disabled={busy || !hydrated} className="self-start">
          Sign in
        </Button>
      </form>
      {error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {provider ? (
        <Button disabled={busy} onClick={() => void signInWithProvider(provider.id)} className="self-start">
          Sign in with {provider.name}
        </Button>
      ) : null}
    </div>
  );
}
