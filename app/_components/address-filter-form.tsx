import Form from 'next/form';
import Link from 'next/link';
import type { ComponentProps, ReactNode } from 'react';
import { Button, buttonClasses } from './ui/button';
import { SelectField, TextField } from './ui/field';

/**
 * A list's filters as a plain GET form, so that they stand in the address: the fields, Filter, and
 * Clear filters while any is in force. Keyed by the address of the filters in force: after "Clear
 * filters" or Back the fields show what is in force.
 */
export function AddressFilterForm({
  action,
  inForce,
  filtered,
  label,
  children,
}: {
  /** The list's page, which the form sends to and Clear filters goes back to. */
  action: string;
  /** The address of the filters in force. */
  inForce: string;
  filtered: boolean;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Form
      key={inForce}
      action={action}
      aria-label={label}
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      {children}
      <Button type="submit" variant="primary">
        Filter
      </Button>
      {filtered ? (
        <Link href={action} className={buttonClasses('ghost')}>
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}

/** A filter typed in, holding the value in force; the browser offers no earlier entries. */
export function TextFilterField({
  value,
  ...props
}: { label: string; name: string; value: string } & Pick<ComponentProps<'input'>, 'className' | 'inputMode'>) {
  return <TextField defaultValue={value} autoComplete="off" {...props} />;
}

/** A filter picked from a list: first the choice that filters nothing ("any status"), then each value in words. */
export function ChoiceFilterField({
  label,
  name,
  value,
  any,
  choices,
}: {
  label: string;
  name: string;
  value: string;
  any: string;
  /** Each value with its words. */
  choices: Array<[value: string, words: string]>;
}) {
  return (
    <SelectField label={label} name={name} defaultValue={value} className="w-52">
      <option value="">{any}</option>
      {choices.map(([choice, words]) => (
        <option key={choice} value={choice}>
          {words}
        </option>
      ))}
    </SelectField>
  );
}

/** The days a filter spans, From and To, as the address names them (YYYY-MM-DD). */
export function DayRangeFields({ from, to }: { from: string; to: string }) {
  return (
    <>
      <TextField label="From" name="from" type="date" defaultValue={from} className="w-44" />
      <TextField label="To" name="to" type="date" defaultValue={to} className="w-44" />
    </>
  );
}
