'use client';
import { useState } from 'react';
import { SelectField, TextAreaField, TextField } from './ui/field';

type Property = { type?: string | string[]; enum?: unknown[]; description?: string; title?: string };

/** The top-level fields of a request-context JSON Schema that a simple form can edit. */
export function formFields(schema: Record<string, unknown> | undefined): Array<[string, Property]> {
  const properties = schema?.properties;
  if (typeof properties !== 'object' || properties === null) return [];
  return Object.entries(properties as Record<string, Property>).filter(([, property]) =>
    ['string', 'number', 'integer', 'boolean'].includes(String(property.type)),
  );
}

/**
 * A form generated from a JSON Schema such as the agent's `requestContextSchema` (top-level text,
 * number, yes/no and one-of fields), kept in step with the JSON text beside it: the JSON stays the
 * source of truth. The Playground uses it for a suspended tool's `resumeSchema` too.
 */
export function RequestContextForm({
  schema,
  json,
  onJson,
  legend = 'Request context fields',
}: {
  schema: Record<string, unknown> | undefined;
  json: string;
  onJson: (text: string) => void;
  legend?: string;
}) {
  const fields = formFields(schema);
  if (fields.length === 0) return null;
  let context: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      context = parsed as Record<string, unknown>;
  } catch {
    // The JSON box shows its own error; the form shows empty fields meanwhile.
  }
  const set = (key: string, value: unknown) => {
    const next = { ...context };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onJson(JSON.stringify(next, null, 2));
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {fields.map(([key, property]) => {
        const value = context[key];
        if (property.type === 'boolean') {
          return (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={value === true}
                onChange={(event) => set(key, event.target.checked)}
              />
              {key}
            </label>
          );
        }
        if (property.enum) {
          return (
            <SelectField
              key={key}
              label={key}
              hint={property.description}
              value={value === undefined || value === null ? '' : String(value)}
              onChange={(event) => {
                const chosen = property.enum!.find((option) => String(option) === event.target.value);
                set(key, event.target.value === '' ? undefined : chosen);
              }}
            >
              <option value="">(not set)</option>
              {property.enum.map((option) => (
                <option key={String(option)} value={String(option)}>
                  {String(option)}
                </option>
              ))}
            </SelectField>
          );
        }
        const numeric = property.type === 'number' || property.type === 'integer';
        return (
          <TextField
            key={key}
            label={key}
            type={numeric ? 'number' : 'text'}
            hint={property.description}
            value={value === undefined || value === null ? '' : String(value)}
            onChange={(event) => {
              const text = event.target.value;
              set(key, text === '' ? undefined : numeric ? Number(text) : text);
            }}
          />
        );
      })}
    </fieldset>
  );
}

/** Parses the JSON box: a plain object, or the problem in words. */
export function parseContext(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text === '' ? '{}' : text);
  } catch (error) {
    return { ok: false, message: `The request context is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: 'The request context must be a JSON object, such as {"plan": "pro"}.' };
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * The request context typed as JSON in a box: `field` goes to ContextJsonField, and `read()`
 * answers the parsed context, or undefined after putting the problem beside the box.
 */
export function useContextJson() {
  const [json, setJson] = useState('{}');
  const [error, setError] = useState<string | undefined>();
  function read(): Record<string, unknown> | undefined {
    const context = parseContext(json);
    setError(context.ok ? undefined : context.message);
    return context.ok ? context.value : undefined;
  }
  return { json, setJson, read, field: { json, onJson: setJson, error } };
}

/** The request context as a JSON object, typed in a box (its parse error shown beside it). */
export function ContextJsonField({
  json,
  onJson,
  label = 'Request context',
  ...shown
}: {
  json: string;
  onJson: (text: string) => void;
  error: string | undefined;
  rows: number;
  hint?: string;
  label?: string;
}) {
  return <TextAreaField label={label} value={json} onChange={(event) => onJson(event.target.value)} {...shown} />;
}
