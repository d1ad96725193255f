'use client';
import { signInInput } from '@/lib/schemas';
import { sendJson } from '../_lib/send-json';
import { useEntryForm } from '../_lib/use-entry-form';
import { FormAlert } from '../_components/form-alert';
import { Button } from '../_components/ui/button';
import { EmailField, PasswordField } from '../_components/account-fields';

/** What a refused sign-in tells the person: never whether the email or the password was wrong. */
function refusalText(answer: { status: number; message: string; retryAfterSeconds?: number }): string {
  if (answer.status === 429) return `Too many attempts: try again in ${answer.retryAfterSeconds ?? 60} seconds.`;
  if (answer.status === 401 || answer.status === 400) return 'Wrong email or password';
  // The studio's own words (a disabled account, say).
  if (answer.status === 403) return answer.message;
  return answer.message;
}

export function SignInForm({ next, provider }: { next: string; provider?: { id: string; name: string } }) {
  const form = useEntryForm({
    schema: signInInput,
    defaultValues: { email: '', password: '' },
    send: async (body) => {
      const answer = await sendJson('POST', '/api/auth/sign-in', body);
      return answer.ok ? answer : { ok: false, message: refusalText(answer) };
    },
    destination: next,
  });

  async function signInWithProvider(id: string) {
    form.setBusy(true);
    form.setError(undefined);
    const answer = await sendJson<{ url?: string }>('POST', '/api/auth/sign-in/oauth2', {
      providerId: id,
      callbackURL: next,
    });
    if (answer.ok && answer.value.url) {
      window.location.assign(answer.value.url);
      return;
    }
    form.setBusy(false);
    form.setError(answer.ok ? 'The sign-in provider gave no address to go to.' : answer.message);
  }

  return (
    <div className="flex max-w-sm flex-col gap-4">
      <form
        onSubmit={(event) => void form.submit(event)}
        method="post"
        noValidate
        className="flex flex-col gap-3"
        aria-label="Sign in with email and password"
      >
        <EmailField {...form.field('email')} autoComplete="username" />
        <PasswordField {...form.field('password')} creating={false} />
        <Button type="submit" variant="primary" disabled={!form.ready} className="self-start">
          Sign in
        </Button>
      </form>
      <FormAlert message={form.error} />
      {provider ? (
        <Button disabled={!form.ready} onClick={() => void signInWithProvider(provider.id)} className="self-start">
          Sign in with {provider.name}
        </Button>
      ) : null}
    </div>
  );
}
