'use client';
/**
 * What Settings' "Create API key" and "Invite user" have in common: a button that opens its form,
 * a form whose fields become the body of one POST, the refusal shown as an alert, and what the
 * server made kept to show (a key or a link is shown this once).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '../_components/form-alert';
import { Button } from '../_components/ui/button';
import { Card } from '../_components/ui/card';
import { sendJson } from '../_lib/send-json';

export function CreateOnDemand<Made>({
  opener,
  path,
  bodyOf,
  onMade,
  fields,
  shown,
}: {
  /** The name of the button that opens the form, and of the form. */
  opener: string;
  path: string;
  bodyOf: (form: FormData) => unknown;
  onMade: () => void;
  fields: ReactNode;
  /** What to show of what the server made. */
  shown: (made: Made) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState<Made>();
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = await sendJson<Made>('POST', path, bodyOf(new FormData(event.currentTarget)));
    if (!answer.ok) return setError(answer.message);
    setError(undefined);
    setMade(answer.value);
    onMade();
  }

  if (!open)
    return (
      <Button className="self-start" onClick={() => setOpen(true)}>
        {opener}
      </Button>
    );
  return (
    <Card className="flex flex-col gap-3">
      <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3" aria-label={opener}>
        {fields}
      </form>
      <FormAlert message={error} />
      {made === undefined ? null : shown(made)}
    </Card>
  );
}

/** A form field's text, trimmed. */
export const textOf = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
