'use client';
/**
 * The controls of one expectation by its kind: a tool picker from the agent's tools, the allowed
 * tools as checkboxes, a text, a pattern, a finish reason, a limit, or a judge's criteria. Each
 * problem the schema finds shows beside its control.
 */
import type { ReactNode } from 'react';
import { finishReasonWords } from '@/lib/evaluation';
import type { Expectation } from '@/lib/schemas';
import { SelectField, TextAreaField, TextField } from '../../../../_components/ui/field';
import type { ErrorAt } from '../../../../_lib/form-errors';
import { ArgumentsField } from './arguments-field';

export interface FieldsProps<Kind extends Expectation['type'] = Expectation['type']> {
  value: Extract<Expectation, { type: Kind }>;
  onChange: (next: Expectation) => void;
  /** The tool names to pick from: the agent's tools and any the case names already. */
  tools: string[];
  errorAt: ErrorAt;
  /** Says whether the JSON of a call's arguments can be read (the case is not saved until it can). */
  onUnreadable: (problem: string | undefined) => void;
}

/** The expectation's keys that hold text. */
type TextKey<Value> = { [Key in keyof Value]-?: Value[Key] extends string ? Key : never }[keyof Value] & string;

/** What a text control spreads to edit the expectation's text at `key`: its value, its error and its change. */
function textOf<Value extends Expectation>(
  { value, onChange, errorAt }: Pick<FieldsProps, 'onChange' | 'errorAt'> & { value: Value },
  key: TextKey<Value>,
) {
  return {
    value: value[key] as string,
    error: errorAt(key),
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [key]: event.target.value }),
  };
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/** The tool an expectation names, picked from the agent's tools (and the one it names already). */
function ToolPicker(props: FieldsProps<'toolCalled' | 'toolNotCalled'>) {
  const { value, tools } = props;
  const names = value.tool && !tools.includes(value.tool) ? [value.tool, ...tools] : tools;
  return (
    <SelectField label="Tool" className="w-80" {...textOf(props, 'tool')}>
      <option value="">Choose a tool</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}

function AllowedTools({ value, onChange, tools, errorAt }: FieldsProps<'onlyTools'>) {
  const names = [...new Set([...tools, ...value.tools])];
  const toggle = (name: string, on: boolean) =>
    onChange({ ...value, tools: on ? [...value.tools, name] : value.tools.filter((tool) => tool !== name) });
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-800">Allowed tools</legend>
      {names.length === 0 ? (
        <p className="text-sm text-slate-700">This agent has no tools: no tool may be called.</p>
      ) : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {names.map((name) => (
          <Checkbox key={name} label={name} checked={value.tools.includes(name)} onChange={(on) => toggle(name, on)} />
        ))}
      </div>
      {errorAt('tools') ? <p className="text-sm text-danger">{errorAt('tools')}</p> : null}
    </fieldset>
  );
}

function AnswerText(props: FieldsProps<'answerIncludes' | 'answerExcludes'>) {
  const { value, onChange } = props;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextField label="Text" className="min-w-64 flex-1" {...textOf(props, 'text')} />
      <Checkbox
        label="Ignore case"
        checked={value.ignoreCase ?? false}
        onChange={(on) => onChange(on ? { ...value, ignoreCase: true } : { type: value.type, text: value.text })}
      />
    </div>
  );
}

/** A limit as a whole number field; an empty or unreadable entry is kept as NaN, which the schema refuses. */
function Limit({
  label,
  max,
  value,
  errorAt,
  onChange,
}: FieldsProps<'maxSteps' | 'maxTokens'> & { label: string; max?: number }) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      className="w-40"
      value={Number.isFinite(value.value) ? value.value : ''}
      error={errorAt('value')}
      onChange={(event) => onChange({ ...value, value: event.target.valueAsNumber })}
    />
  );
}

function FinishReason(props: FieldsProps<'finishReason'>) {
  const { value } = props;
  const reasons = Object.entries(finishReasonWords);
  const known = reasons.some(([reason]) => reason === value.value);
  return (
    <SelectField label="Finish reason" {...textOf(props, 'value')}>
      {known ? null : <option value={value.value}>{value.value}</option>}
      {reasons.map(([reason, words]) => (
        <option key={reason} value={reason}>
          {`${words[0]!.toUpperCase()}${words.slice(1)} (${reason})`}
        </option>
      ))}
    </SelectField>
  );
}

function Judge(props: FieldsProps<'judge'>) {
  const { value, onChange, errorAt } = props;
  return (
    <div className="flex flex-col gap-2">
      <TextAreaField
        label="Criteria"
        rows={2}
        hint="What a good answer does, in words a model can score from 0 to 1 (0.5 or more passes)."
        {...textOf(props, 'criteria')}
      />
      <TextField
        label="Judge model"
        className="w-80"
        hint="provider/model, for example openai/gpt-4o-mini. Leave it empty to use the studio's judge model; without either the case fails."
        value={value.model ?? ''}
        error={errorAt('model')}
        onChange={(event) =>
          onChange(
            event.target.value ? { ...value, model: event.target.value } : { type: 'judge', criteria: value.criteria },
          )
        }
      />
    </div>
  );
}

export function ExpectationFields(props: FieldsProps): ReactNode {
  const { value, onChange, errorAt } = props;
  switch (value.type) {
    case 'toolCalled':
      return (
        <div className="flex flex-col gap-2">
          <ToolPicker {...props} value={value} />
          <ArgumentsField value={value} onChange={onChange} error={errorAt('args')} onUnreadable={props.onUnreadable} />
        </div>
      );
    case 'toolNotCalled':
      return <ToolPicker {...props} value={value} />;
    case 'onlyTools':
      return <AllowedTools {...props} value={value} />;
    case 'answerIncludes':
    case 'answerExcludes':
      return <AnswerText {...props} value={value} />;
    case 'answerMatches':
      return (
        <TextField
          label="Pattern"
          hint="An RE2 pattern, found anywhere in the answer (anchor it with ^ and $), for example ^Order \d+"
          {...textOf({ ...props, value }, 'pattern')}
        />
      );
    case 'finishReason':
      return <FinishReason {...props} value={value} />;
    case 'maxSteps':
      return <Limit {...props} value={value} label="Steps" max={100} />;
    case 'maxTokens':
      return <Limit {...props} value={value} label="Tokens" />;
    case 'judge':
      return <Judge {...props} value={value} />;
  }
}
