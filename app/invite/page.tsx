import type { Metadata } from 'next';
import { InviteForm } from './invite-form';

export const metadata: Metadata = { title: 'Accept your invitation' };

/** Opened from the one-time link an admin made in Settings. */
export default async function InvitePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <InviteForm token={typeof token === 'string' ? token : ''} />;
}
