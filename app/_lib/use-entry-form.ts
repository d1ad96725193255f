'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { boundField } from './bound-field';
import { useHydrated } from './use-hydrated';

type Answer = { ok: true } | { ok: false; message: string };

/**
 * A form that signs someone in (sign-in, first-admin setup, accepting an invitation), validated
 * with the API's own body schema: its values are the body `send` posts. While it sends it is busy,
 * a refusal is shown as its error, and success loads `destination` in full so every part of the
 * page is drawn for the signed-in person. `ready` stays false until the page's scripts run:
 * submitted earlier, the browser would put the fields in the address itself.
 */
export function useEntryForm<Values extends FieldValues>({
  schema,
  defaultValues,
  send,
  destination,
  initialError,
}: {
  schema: z.ZodType<Values, Values>;
  defaultValues: DefaultValues<Values>;
  send: (values: Values) => Promise<Answer>;
  destination: string;
  initialError?: string;
}) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(initialError);
  const hydrated = useHydrated();

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setError(undefined);
    const answer = await send(values);
    if (answer.ok) {
      window.location.assign(destination);
      return;
    }
    setError(answer.message);
    setBusy(false);
  });

  /** A field's binding and the schema's message for it, for account-fields.tsx. */
  const field = (name: Path<Values>) => boundField(form, name);

  return { field, busy, error, setError, setBusy, ready: hydrated && !busy, submit };
}
