'use client';
/**
 * What Settings' "Create API key", "Invite user" and "Approve a launch spec" have in common: a
 * button that opens its form, a form validated with the API's own body schema whose values `send`
 * sends to one operation (as `useEntryForm` does), each problem beside its field, the refusal shown
 * as an alert, and what the server made kept to show (a key or a link is shown this once).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../_components/form-alert';
import { Button } from '../_components/ui/button';
import { Card } from '../_components/ui/card';
import type { ApiAnswer } from '../_lib/api-fetch';
import { boundField } from '../_lib/bound-field';

/** What a field of the form spreads onto its TextField or SelectField: its binding and its error. */
export type FieldOf<Values extends FieldValues> = (name: Path<Values>) => ReturnType<typeof boundField<Values>>;

/**
 * A form's schema for values that become a body (`bodyOf`): it checks the body with the API's own
 * schema and puts each problem beside its field; `fieldOf` names the form's field for a body field
 * it calls otherwise.
 */
export function bodyCheck<Values>(
  bodySchema: z.ZodType,
  bodyOf: (values: Values) => unknown,
  fieldOf: (bodyField: string) => string = (bodyField) => bodyField,
) {
  return z.custom<Values>().superRefine((values, context) => {
    for (const issue of bodySchema.safeParse(bodyOf(values)).error?.issues ?? [])
      context.addIssue({ code: 'custom', path: [fieldOf(String(issue.path[0]))], message: issue.message });
  });
}

export function CreateOnDemand<Values extends FieldValues, Made>({
  opener,
  schema,
  defaultValues,
  send,
  onMade,
  fields,
  shown,
}: {
  /** The name of the button that opens the form, and of the form. */
  opener: string;
  schema: z.ZodType<Values, Values>;
  defaultValues: DefaultValues<Values>;
  /** Sends the checked values as the body of one operation (`callOperation`). */
  send: (values: Values) => Promise<ApiAnswer<Made>>;
  onMade: () => void;
  fields: (field: FieldOf<Values>) => ReactNode;
  /** What to show of what the server made. */
  shown: (made: Made) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState<Made>();
  const [error, setError] = useState<string>();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues });

  const submit = form.handleSubmit(async (values) => {
    // What an earlier submit made is not this one's answer (a link for someone else, say).
    setMade(undefined);
    const answer = await send(values);
    if (!answer.ok) return setError(answer.message);
    setError(undefined);
    setMade(answer.value);
    onMade();
  });

  const field: FieldOf<Values> = (name) => boundField(form, name);

  if (!open)
    return (
      <Button className="self-start" onClick={() => setOpen(true)}>
        {opener}
      </Button>
    );
  return (
    <Card className="flex flex-col gap-3">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="flex flex-wrap items-end gap-3"
        aria-label={opener}
      >
        {fields(field)}
      </form>
      <FormAlert message={error} />
      {made === undefined ? null : shown(made)}
    </Card>
  );
}
