'use client';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { SuspendedForm } from '@/lib/playground';
import { formNodeOf, initialFormValue, valueOfForm, type FormValue } from '@/lib/schema-form';
import { SchemaFields } from '../schema-form/schema-fields';
import { Button } from '../ui/button';

type ElicitationSpec = Extract<SuspendedForm, { kind: 'elicitation' }>;

/**
 * An MCP server's question during a tool call (elicitation): its message, a form generated from the
 * schema it requested, and Accept (sends the filled-in content) or Decline. The server gets the
 * answer and the tool call goes on. Content that does not fit the schema is refused by the studio
 * (400, shown like any failed resume) before the run continues.
 */
export function ElicitationForm({
  form: spec,
  busy,
  onAnswer,
}: {
  form: ElicitationSpec;
  busy: boolean;
  onAnswer: (answer: { action: 'accept'; content: unknown } | { action: 'decline' }) => void;
}) {
  const id = useId();
  const node = useMemo(() => formNodeOf(spec.requestedSchema), [spec.requestedSchema]);
  const [value, setValue] = useState<FormValue>(() => initialFormValue(node));
  const [error, setError] = useState<string | undefined>();
  const built = valueOfForm(node, value);
  const problems = new Map(built.problems.map((problem) => [problem.path, problem.message]));

  function accept(event: FormEvent) {
    event.preventDefault();
    const [problem] = built.problems;
    if (problem) return setError(`${problem.path}: ${problem.message}`);
    setError(undefined);
    onAnswer({ action: 'accept', content: built.value ?? {} });
  }

  return (
    <form onSubmit={accept} noValidate aria-labelledby={`${id}-message`} className="flex flex-col gap-3">
      <p id={`${id}-message`}>
        <span className="font-medium">MCP server {spec.serverName} asks:</span> {spec.message}
      </p>
      <SchemaFields node={node} value={value} onChange={setValue} errorOf={(path) => problems.get(path)} />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="sm" disabled={busy}>
          Accept
        </Button>
        <Button type="button" size="sm" disabled={busy} onClick={() => onAnswer({ action: 'decline' })}>
          Decline
        </Button>
      </div>
    </form>
  );
}
