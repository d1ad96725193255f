'use client';
import { firstAdminInput } from '@/lib/schemas';
import { AccountCard } from '../_components/account-card';
import { EmailField, PasswordField } from '../_components/account-fields';
import { callOperation } from '../_lib/api-fetch';
import { useEntryForm } from '../_lib/use-entry-form';

const noToken = 'This page needs the setup link the server printed at start (it ends in ?token=...).';

/** `refusal`: why the link no longer works (read when the page opened), so nobody fills in a dead form. */
export function SetupForm({ token, refusal }: { token: string; refusal: string | undefined }) {
  const unusable = token ? refusal : noToken;
  const entry = useEntryForm({
    schema: firstAdminInput,
    defaultValues: { token, email: '', password: '' },
    send: (body) => callOperation('setUpFirstAdmin', { body }),
    destination: '/',
    ...(unusable ? { initialError: unusable } : {}),
  });

  return (
    <AccountCard
      title="Create the first admin"
      lead={
        <p className="text-sm text-slate-700">
          This link works once and for an hour after the server started. The admin can then invite everyone else.
        </p>
      }
      onSubmit={(event) => void entry.submit(event)}
      fields={
        <>
          <EmailField {...entry.field('email')} />
          <PasswordField {...entry.field('password')} creating />
        </>
      }
      error={entry.error}
      submitLabel="Create admin"
      canSubmit={entry.ready && !unusable}
    />
  );
}
