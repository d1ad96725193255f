'use client';
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { TextAreaField } from '../ui/field';
import type { JsonSchema } from '@/lib/playground';
import { formFields, RequestContextForm } from '../context-form';

function initialJson(schema: JsonSchema | undefined): string {
  return schema && (schema as { type?: unknown }).type === 'object' ? '{}' : '';
}

/**
 * The data that resumes a suspended tool: fields generated from its `resumeSchema` where the
 * schema is a flat object, kept in step with a JSON box that takes any value. The server checks
 * the data against the schema and answers the standard validation message when it does not fit.
 */
export function ResumeForm({
  toolName,
  suspendPayload,
  resumeSchema,
  busy,
  onResume,
}: {
  toolName: string;
  suspendPayload: unknown;
  resumeSchema: JsonSchema | undefined;
  busy: boolean;
  onResume: (resumeData: unknown) => void;
}) {
  const [json, setJson] = useState(() => initialJson(resumeSchema));
  const [error, setError] = useState<string | undefined>();
  const schema = resumeSchema as Record<string, unknown> | undefined;
  const generated = formFields(schema).length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch (parseError) {
      setError(`The resume data is not valid JSON: ${(parseError as Error).message}`);
      return;
    }
    setError(undefined);
    onResume(value);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      {suspendPayload !== undefined ? (
        <p>
          <span className="font-medium">{toolName} asks:</span>{' '}
          <span className="font-mono text-xs">
            {typeof suspendPayload === 'string' ? suspendPayload : JSON.stringify(suspendPayload)}
          </span>
        </p>
      ) : null}
      <div className={generated ? 'grid gap-3 md:grid-cols-2' : ''}>
        <RequestContextForm schema={schema} json={json} onJson={setJson} legend="Resume fields" />
        <TextAreaField
          label="Resume data"
          rows={4}
          value={json}
          error={error}
          hint={generated ? 'The same data as JSON.' : 'JSON, as the tool expects it.'}
          onChange={(event) => setJson(event.target.value)}
        />
      </div>
      <div>
        <Button type="submit" variant="primary" size="sm" disabled={busy}>
          Resume
        </Button>
      </div>
    </form>
  );
}
