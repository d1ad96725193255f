'use client';
import { useEffect, useState } from 'react';
import { acceptInvitationInput } from '@/lib/schemas';
import { AccountCard } from '../_components/account-card';
import { PasswordField } from '../_components/account-fields';
import { callOperation } from '../_lib/api-fetch';
import { useEntryForm } from '../_lib/use-entry-form';

const noToken = 'This page needs the invitation link an admin gave you (it ends in ?token=...).';

interface Invited {
  email: string;
  role: string;
}

export function InviteForm({ token }: { token: string }) {
  const [invited, setInvited] = useState<Invited | undefined>();
  const entry = useEntryForm({
    schema: acceptInvitationInput,
    defaultValues: { token, password: '' },
    send: (body) => callOperation('acceptInvitation', { body }),
    destination: '/',
    ...(token ? {} : { initialError: noToken }),
  });
  const { setError } = entry;

  // Whom the link invites, so that the person sees which account they are creating.
  useEffect(() => {
    if (!token) return;
    let current = true;
    void callOperation('readInvitation', { body: { token } }).then((answer) => {
      if (!current) return;
      if (answer.ok) setInvited(answer.value);
      else setError(answer.message);
    });
    return () => {
      current = false;
    };
  }, [token, setError]);

  return (
    <AccountCard
      title="Accept your invitation"
      lead={
        invited ? (
          <p className="text-sm text-slate-700">
            You are invited as <strong>{invited.email}</strong> with the role {invited.role}. Choose a password to
            create your account.
          </p>
        ) : null
      }
      onSubmit={(event) => void entry.submit(event)}
      fields={<PasswordField {...entry.field('password')} creating />}
      error={entry.error}
      submitLabel="Create account"
      canSubmit={entry.ready && invited !== undefined}
    />
  );
}
