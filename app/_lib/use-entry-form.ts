'use client';
import { useState, type FormEvent } from 'react';
import { useHydrated } from './use-hydrated';

type Answer = { ok: true } | { ok: false; message: string };

/**
 * A form that signs someone in (sign-in, first-admin setup, accepting an invitation): while it
 * sends it is busy, a refusal is shown as its error, and success loads `destination` in full so
 * every part of the page is drawn for the signed-in person. `ready` stays false until the page's
 * scripts run: submitted earlier, the browser would put the fields in the address itself.
 */
export function useEntryForm(send: () => Promise<Answer>, destination: string, initialError?: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(initialError);
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const answer = await send();
    if (answer.ok) {
      window.location.assign(destination);
      return;
    }
    setError(answer.message);
    setBusy(false);
  }

  return { busy, error, setError, setBusy, ready: hydrated && !busy, submit };
}
