import type { Metadata } from 'next';
import { currentStudio } from '@/lib/studio-handle';
import { SetupForm } from './setup-form';

export const metadata: Metadata = { title: 'Create the first admin' };

/**
 * Opened from the one-time link the server prints at its first start with sign-in required. A link
 * that is used, expired or no longer needed (an admin exists) says so at once.
 */
export default async function SetupPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const given = typeof token === 'string' ? token : '';
  const { firstAdmin } = currentStudio().access;
  const refusal = given && firstAdmin ? await firstAdmin.refusalOf(given) : undefined;
  return <SetupForm token={given} refusal={refusal} />;
}
