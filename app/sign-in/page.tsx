import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { disabledAccountMessage } from '@/lib/auth';
import { currentStudio } from '@/lib/studio-handle';
import { SimplePage } from '../_components/simple-page';
import { Note } from '../_components/ui/card';
import { currentPrincipal } from '../_server/principal';
import { SignInForm } from './sign-in-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sign in' };

/** Where to go after signing in: a path of this site only, never another site. */
function pathBack(next: unknown): string {
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')
    ? next
    : '/';
}

/** Why a sign-in through the provider came back without a session (`?error=<code>` from the library). */
function providerErrorText(code: string): string {
  if (code === 'account_not_linked')
    return 'Your provider did not confirm this email address, so it cannot sign you in to the account that has it. Sign in with your password, or ask an admin.';
  if (code.toLowerCase().includes('banned')) return disabledAccountMessage;
  return 'The sign-in provider did not sign you in. Try again, or sign in with your password.';
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[]; error?: string | string[] }>;
}) {
  const params = await searchParams;
  const next = pathBack(params.next);
  const { signIn } = currentStudio().access;
  if (!signIn)
    return (
      <SimplePage
        title="Sign in"
        lead="Sign-in is off on this studio: everyone who reaches it works as the local user, so there is nothing to sign in to."
      />
    );
  if (await currentPrincipal()) redirect(next);
  const provider = signIn.oidc;
  return (
    <SimplePage title="Sign in" lead="Sign in to configure and publish agents.">
      {typeof params.error === 'string' ? <Note tone="warning">{providerErrorText(params.error)}</Note> : null}
      <SignInForm next={next} {...(provider ? { provider: { id: provider.providerId, name: provider.name } } : {})} />
    </SimplePage>
  );
}
