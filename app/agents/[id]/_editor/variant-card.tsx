'use client';
/** One variant (or prompt block): its header with the reorder handle and Remove, its condition and its value. */
import { useId, type ReactNode } from 'react';
import type { ContextField, Rules } from '@/lib/rules';
import { Button } from '../../../_components/ui/button';
import type { ErrorAt } from '../../../_lib/form-errors';
import { RuleBuilder } from './rule-builder';

/** A group with one empty rule row, as a new condition starts. */
export const startingRules = (): Rules => ({
  operator: 'AND',
  conditions: [{ field: '', operator: 'equals', value: '' }],
});

export function ConditionEditor({
  rules,
  onChange,
  fields,
  errorAt,
  subject,
  alwaysText,
}: {
  rules: Rules | undefined;
  /** `undefined` removes the condition. */
  onChange: (rules: Rules | undefined) => void;
  fields: ContextField[];
  errorAt: ErrorAt;
  subject: string;
  /** What "no condition" means here. */
  alwaysText: string;
}) {
  if (rules === undefined) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700">{alwaysText}</p>
        <Button size="sm" onClick={() => onChange(startingRules())}>
          Add condition
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <RuleBuilder rules={rules} onChange={onChange} fields={fields} errorAt={errorAt} subject={subject} />
      <div>
        <Button size="sm" variant="ghost" onClick={() => onChange(undefined)}>
          Remove condition
        </Button>
      </div>
    </div>
  );
}

export function VariantCard({
  name,
  handle,
  onRemove,
  removeLabel,
  condition,
  children,
  details,
  valueFirst = false,
}: {
  name: string;
  /** Under the title: the variant's name box and when it applies. */
  details?: ReactNode;
  handle: ReactNode;
  onRemove: () => void;
  removeLabel: string;
  condition: ReactNode;
  children: ReactNode;
  /** Show the value above the condition (a prompt block's text on the Basics tab). */
  valueFirst?: boolean;
}) {
  const titleId = useId();
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={titleId} className="font-semibold">
          {name}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {handle}
          <Button size="sm" variant="danger" onClick={onRemove}>
            {removeLabel}
          </Button>
        </div>
      </div>
      {details}
      {valueFirst ? children : condition}
      {valueFirst ? condition : children}
    </div>
  );
}
