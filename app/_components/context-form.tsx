'use client';
import { useId, useState } from 'react';
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

/** How a value reads in a sentence: text in quotes, anything else as JSON. */
const shownValue = (value: unknown) => (typeof value === 'string' ? `\u201c${value}\u201d` : JSON.stringify(value));

/** Why the JSON's value cannot be shown by the field's control as it is, or undefined when it can. */
export function fieldMismatch(property: Property, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (property.enum) {
    return property.enum.some((option) => option === value)
      ? undefined
      : `The JSON gives ${shownValue(value)}, which is not one of the choices.`;
  }
  const wanted =
    property.type === 'boolean'
      ? { fits: typeof value === 'boolean', words: 'true or false' }
      : property.type === 'number' || property.type === 'integer'
        ? { fits: typeof value === 'number', words: 'a number' }
        : { fits: typeof value === 'string', words: 'text' };
  return wanted.fits ? undefined : `The JSON gives ${shownValue(value)}, not ${wanted.words}.`;
}

/** The JSON text as a plain object, or undefined when it is not one (yet). */
function objectOf(json: string): Record<string, unknown> | undefined {
  const parsed = parseContext(json);
  return parsed.ok ? parsed.value : undefined;
}

/**
 * A form generated from a JSON Schema such as the agent's `requestContextSchema` (top-level text,
 * number, yes/no and one-of fields), kept in step with the JSON text beside it: the JSON is the one
 * source of truth, each field shows its value and each change rewrites it. While the JSON does not
 * parse, the fields keep the last context that did and wait (disabled) until it is fixed, so a
 * mistake typed in the box neither empties the form nor is overwritten by it. A value the field's
 * control cannot show as it is (a text for a number, a value outside the choices) is shown with a
 * note, never silently replaced. The Playground uses it for a suspended tool's `resumeSchema` too.
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
  const parsed = objectOf(json);
  // The last JSON text that parsed and its object (React's "information from previous renders").
  const [lastValid, setLastValid] = useState({ json, context: parsed ?? {} });
  if (parsed && lastValid.json !== json) setLastValid({ json, context: parsed });
  const fields = formFields(schema);
  if (fields.length === 0) return null;
  const context = parsed ?? lastValid.context;
  const set = (key: string, value: unknown) => {
    const next = { ...context };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onJson(JSON.stringify(next, null, 2));
  };
  return (
    <fieldset disabled={!parsed} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {parsed ? null : (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          The JSON has a mistake, so these fields keep the last values that were valid. Fix the JSON to change them
          here.
        </p>
      )}
      {fields.map(([key, property]) => (
        <ContextField
          key={key}
          name={key}
          property={property}
          value={context[key]}
          onValue={(value) => set(key, value)}
        />
      ))}
    </fieldset>
  );
}

/** One field's control over its value in the JSON (`undefined`: the field is left out). */
function ContextField(props: { name: string; property: Property; value: unknown; onValue: (value: unknown) => void }) {
  const { name, property, value, onValue } = props;
  const errorId = useId();
  const mismatch = fieldMismatch(property, value);
  const text =
    value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (property.type === 'boolean' && !property.enum) {
    return (
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={value === true}
            aria-describedby={mismatch ? errorId : undefined}
            aria-invalid={mismatch ? true : undefined}
            onChange={(event) => onValue(event.target.checked)}
          />
          {name}
        </label>
        {mismatch ? (
          <p id={errorId} className="text-sm text-danger">
            {mismatch}
          </p>
        ) : null}
      </div>
    );
  }
  if (property.enum) {
    return (
      <SelectField
        label={name}
        hint={property.description}
        error={mismatch}
        value={text}
        onChange={(event) => {
          const chosen = property.enum!.find((option) => String(option) === event.target.value);
          onValue(event.target.value === '' ? undefined : (chosen ?? value));
        }}
      >
        <option value="">(not set)</option>
        {property.enum.map((option) => (
          <option key={String(option)} value={String(option)}>
            {String(option)}
          </option>
        ))}
        {/* The JSON's own value stays shown (and chosen) until another is picked. */}
        {mismatch && text !== '' ? <option value={text}>{text} (not one of the choices)</option> : null}
      </SelectField>
    );
  }
  const numeric = property.type === 'number' || property.type === 'integer';
  return (
    <TextField
      label={name}
      // A number field holding text shows it as text, so what the JSON says stays visible.
      type={numeric && typeof value !== 'string' ? 'number' : 'text'}
      hint={property.description}
      error={mismatch}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        onValue(typed === '' ? undefined : numeric && Number.isFinite(Number(typed)) ? Number(typed) : typed);
      }}
    />
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
 * The request context typed as JSON in a box: `field` goes to ContextJsonField, with the problem
 * shown beside the box as soon as the text stops being a JSON object (and gone once it is one
 * again); `read()` answers the parsed context, or undefined while there is a problem.
 */
export function useContextJson() {
  const [json, setJson] = useState('{}');
  const parsed = parseContext(json);
  const error = parsed.ok ? undefined : parsed.message;
  const read = (): Record<string, unknown> | undefined => (parsed.ok ? parsed.value : undefined);
  return { json, setJson, read, error, field: { json, onJson: setJson, error } };
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
