import type { Metadata } from 'next';
import { SetupForm } from './setup-form';

export const metadata: Metadata = { title: 'Create the first admin' };

/** Opened from the one-time link the server prints at its first start with sign-in required. */
export default async function SetupPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <SetupForm token={typeof token === 'string' ? token : ''} />;
}
