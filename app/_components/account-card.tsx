'use client';
/** The page of a one-time link (first admin, invitation): a card with its title, a lead and its form. */
import type { FormEventHandler, ReactNode } from 'react';
import { FormAlert } from './form-alert';
import { Button } from './ui/button';
import { Card } from './ui/card';

export function AccountCard({
  title,
  lead,
  onSubmit,
  fields,
  error,
  submitLabel,
  canSubmit,
}: {
  title: string;
  lead: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  fields: ReactNode;
  /** The server's refusal. */
  error: string | undefined;
  submitLabel: string;
  canSubmit: boolean;
}) {
  return (
    <Card className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {lead}
      <form className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {fields}
        <FormAlert message={error} />
        <Button type="submit" variant="primary" disabled={!canSubmit}>
          {submitLabel}
        </Button>
      </form>
    </Card>
  );
}
