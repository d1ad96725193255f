'use client';
/** One expectation of a test case: a group "Expectation <n>" with its kind, its controls and what it says in words. */
import { expectationInWords, expectationTypeWords } from '@/lib/evaluation';
import { expectationSchema, type Expectation, type ExpectationType } from '@/lib/schemas';
import { Button } from '../../../../_components/ui/button';
import { SelectField } from '../../../../_components/ui/field';
import type { ErrorAt } from '../../../../_lib/form-errors';
import { ExpectationFields } from './expectation-fields';
import { expectationOfType, expectationTypes } from './expectation-form';

/** The sentence for a complete expectation; while one is still being filled in, nothing. */
function sentenceOf(value: Expectation): string | undefined {
  const parsed = expectationSchema.safeParse(value);
  return parsed.success ? expectationInWords(parsed.data) : undefined;
}

export function ExpectationEditor({
  number,
  value,
  onChange,
  onRemove,
  tools,
  errorAt,
  onUnreadable,
  disabled,
}: {
  /** Its place in the list, from 1. */
  number: number;
  value: Expectation;
  onChange: (next: Expectation) => void;
  onRemove: () => void;
  tools: string[];
  errorAt: ErrorAt;
  onUnreadable: (problem: string | undefined) => void;
  disabled: boolean;
}) {
  const sentence = sentenceOf(value);
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">Expectation {number}</legend>
      {sentence ? <p className="text-sm text-slate-700">Reads: {sentence}.</p> : null}
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Type"
          className="w-64"
          value={value.type}
          onChange={(event) => {
            onUnreadable(undefined);
            onChange(expectationOfType(event.target.value as ExpectationType, value));
          }}
        >
          {expectationTypes.map((type) => (
            <option key={type} value={type}>
              {expectationTypeWords[type]}
            </option>
          ))}
        </SelectField>
        <Button variant="danger" size="sm" onClick={onRemove}>
          Remove expectation
        </Button>
      </div>
      <ExpectationFields
        value={value}
        onChange={onChange}
        tools={tools}
        errorAt={errorAt}
        onUnreadable={onUnreadable}
      />
    </fieldset>
  );
}
