'use client';
/**
 * Form fields generated from a JSON Schema node, recursively: text, number, yes/no and one-of
 * fields, nested objects as named groups, arrays with Add item / Remove item, and a JSON box for
 * what a form cannot express. Every field is labelled by its property name.
 */
import { useId } from 'react';
import { initialFormValue, type FormNode, type FormValue } from '@/lib/schema-form';
import { Button } from '../ui/button';
import { SelectField, TextAreaField, TextField } from '../ui/field';
import { isRecord } from '@/lib/is-record';

function hintOf(node: FormNode, required: boolean): string {
  const parts = [required ? 'Required' : 'Optional', node.meta.summary];
  if (node.meta.description) parts.push(node.meta.description);
  if (node.meta.default !== undefined) parts.push(`default ${JSON.stringify(node.meta.default)}`);
  return parts.join(' · ');
}

const optionText = (option: unknown) => (typeof option === 'string' ? option : JSON.stringify(option));

export function SchemaFields({
  node,
  value,
  onChange,
  label,
  required = true,
  errorOf,
  path = '',
}: {
  node: FormNode;
  value: FormValue;
  onChange: (next: FormValue) => void;
  /** The property name; absent for the top-level object. */
  label?: string;
  required?: boolean;
  /** A problem with the value at a path (`reporter.name`), shown beside its field. */
  errorOf?: (path: string) => string | undefined;
  path?: string;
}) {
  const name = label ?? 'Input';
  const error = errorOf?.(path || 'root');
  const hint = hintOf(node, required);
  switch (node.kind) {
    case 'object': {
      const record = isRecord(value) ? value : {};
      const fields = node.properties.map((property) => (
        <SchemaFields
          key={property.name}
          node={property.node}
          value={record[property.name]}
          onChange={(next) => onChange({ ...record, [property.name]: next })}
          label={property.name}
          required={property.required}
          errorOf={errorOf}
          path={path ? `${path}.${property.name}` : property.name}
        />
      ));
      if (label === undefined) return <div className="flex flex-col gap-3">{fields}</div>;
      return (
        <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold">{name}</legend>
          <p className="text-xs text-slate-600">{hint}</p>
          {fields}
        </fieldset>
      );
    }
    case 'array':
      return (
        <ArrayFields
          node={node}
          items={Array.isArray(value) ? value : []}
          onChange={onChange}
          name={name}
          hint={hint}
          error={error}
          errorOf={errorOf}
          path={path}
        />
      );
    case 'boolean':
      if (required) return <RequiredCheckbox name={name} hint={hint} checked={value === true} onChange={onChange} />;
      return (
        <SelectField
          label={name}
          hint={hint}
          error={error}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value === 'true')}
        >
          <option value="">(not set)</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </SelectField>
      );
    case 'enum':
      return (
        <SelectField
          label={name}
          hint={hint}
          error={error}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">(not set)</option>
          {node.options.map((option, index) => (
            <option key={index} value={String(index)}>
              {optionText(option)}
            </option>
          ))}
        </SelectField>
      );
    case 'json':
      return (
        <TextAreaField
          label={name}
          rows={3}
          hint={`${hint} · as JSON`}
          error={error}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default:
      return (
        <TextField
          label={name}
          autoComplete="off"
          inputMode={node.kind === 'string' ? undefined : node.kind === 'integer' ? 'numeric' : 'decimal'}
          placeholder={node.meta.default === undefined ? undefined : optionText(node.meta.default)}
          hint={hint}
          error={error}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

type ArrayNode = Extract<FormNode, { kind: 'array' }>;

/** An array: one set of fields per item, each with Remove, and Add. */
function ArrayFields({
  node,
  items,
  onChange,
  name,
  hint,
  error,
  errorOf,
  path,
}: {
  node: ArrayNode;
  items: FormValue[];
  onChange: (next: FormValue) => void;
  name: string;
  hint: string;
  error: string | undefined;
  errorOf?: (path: string) => string | undefined;
  path: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">{name}</legend>
      <p className="text-xs text-slate-600">{hint}</p>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
      {items.map((item, index) => (
        <div key={index} className="flex items-start gap-2">
          <div className="flex-1">
            <SchemaFields
              node={node.items}
              value={item}
              onChange={(next) => onChange(items.map((other, at) => (at === index ? next : other)))}
              label={`${name} item ${index + 1}`}
              errorOf={errorOf}
              path={`${path}.${index}`}
            />
          </div>
          <Button
            size="sm"
            variant="danger"
            className="mt-6"
            aria-label={`Remove ${name} item ${index + 1}`}
            onClick={() => onChange(items.filter((_, at) => at !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      <div>
        {/* The visible text is the whole name: a screen reader and a voice user say the same words. */}
        <Button size="sm" onClick={() => onChange([...items, initialFormValue(node.items)])}>
          Add {name} item
        </Button>
      </div>
    </fieldset>
  );
}

/** A required boolean: a checkbox with its hint. */
function RequiredCheckbox({
  name,
  hint,
  checked,
  onChange,
}: {
  name: string;
  hint: string;
  checked: boolean;
  onChange: (next: FormValue) => void;
}) {
  const checkboxId = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="size-4"
          checked={checked}
          aria-describedby={`${checkboxId}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={checkboxId} className="text-sm font-medium">
          {name}
        </label>
      </div>
      <p id={`${checkboxId}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
}
