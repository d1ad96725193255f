'use client';
/** One rule of the builder: field (with suggestions), operator (by the field's type) and typed value. */
import { useId } from 'react';
import {
  operatorLabel,
  operatorsForType,
  takesValue,
  valueKindFor,
  withValueKind,
  type ConditionDraft,
  type ConditionOperator,
  type ContextField,
  type ListItemKind,
  type ValueDraft,
  type ValueKind,
} from '@/lib/rules';
import { Button } from '../../../_components/ui/button';
import { SelectField, TextField } from '../../../_components/ui/field';

/** The value types a person can pick; `reads` words the type in a sentence ("Read as a number"). */
const valueTypes: Array<{ value: string; label: string; reads: string; kind: ValueKind; itemKind?: ListItemKind }> = [
  { value: 'text', label: 'text', reads: 'text', kind: 'text' },
  { value: 'number', label: 'number', reads: 'a number', kind: 'number' },
  { value: 'boolean', label: 'true or false', reads: 'true or false', kind: 'boolean' },
  { value: 'list:text', label: 'list of text', reads: 'a list of text', kind: 'list', itemKind: 'text' },
  { value: 'list:number', label: 'list of numbers', reads: 'a list of numbers', kind: 'list', itemKind: 'number' },
  {
    value: 'list:boolean',
    label: 'list of true/false',
    reads: 'a list of true/false values',
    kind: 'list',
    itemKind: 'boolean',
  },
  { value: 'json', label: 'JSON', reads: 'JSON', kind: 'json' },
];

const valueTypeOf = (draft: { kind: ValueKind; itemKind?: ListItemKind }) =>
  draft.kind === 'list' ? `list:${draft.itemKind ?? 'text'}` : draft.kind;

/**
 * The sentence that replaces the "Value type" choice when the request context declares the field's
 * type and the value already has it: the type follows from the field, so there is nothing to pick.
 */
function declaredTypeHint(
  field: ContextField | undefined,
  operator: ConditionOperator,
  value: ValueDraft,
): string | undefined {
  if (field?.type === undefined) return undefined;
  const declared = valueTypeOf(valueKindFor(field, operator));
  if (declared !== valueTypeOf(value)) return undefined;
  const type = valueTypes.find((candidate) => candidate.value === declared);
  return type ? `Read as ${type.reads}, from the type of ${field.path}.` : undefined;
}

const isList = (operator: ConditionOperator) => operator === 'in' || operator === 'not_in';

/** Kinds that share their text as it is, so switching between them loses nothing while a path is typed. */
const isTextOrNumber = (kind: ValueKind) => kind === 'text' || kind === 'number';

/**
 * The value a rule keeps when its field or operator changes: empty values follow the field's type,
 * and text or number values follow it when the field itself changes to one the schema describes (a
 * rule on a number compares numbers; text that is no number then says so instead of being stored).
 */
function valueFor(
  condition: ConditionDraft,
  field: ContextField | undefined,
  operator: ConditionOperator,
  fieldChanged = false,
): ValueDraft | undefined {
  if (!takesValue(operator)) return undefined;
  const wanted = valueKindFor(field, operator);
  const current = condition.value;
  if (current === undefined || current.text.trim() === '') {
    return {
      kind: wanted.kind,
      ...(wanted.itemKind ? { itemKind: wanted.itemKind } : {}),
      text: wanted.kind === 'boolean' ? 'true' : '',
    };
  }
  if (fieldChanged && field?.type !== undefined && isTextOrNumber(current.kind) && isTextOrNumber(wanted.kind))
    return { ...current, kind: wanted.kind };
  if (isList(operator) !== (current.kind === 'list')) return withValueKind(current, wanted.kind, wanted.itemKind);
  return current;
}

export function RuleRow({
  name,
  condition,
  fields,
  valueProblem,
  errorAt,
  onChange,
  onRemove,
}: {
  name: string;
  condition: ConditionDraft;
  fields: ContextField[];
  valueProblem?: string;
  errorAt: (part: 'field' | 'operator' | 'value') => string | undefined;
  onChange: (next: ConditionDraft) => void;
  onRemove: () => void;
}) {
  const listId = useId();
  const field = fields.find((candidate) => candidate.path === condition.field);
  const offered = operatorsForType(field?.type);
  const operators = offered.includes(condition.operator) ? offered : [condition.operator, ...offered];
  const value = condition.value;
  const allowed = field?.enum ? `Allowed: ${field.enum.map((item) => JSON.stringify(item)).join(', ')}.` : undefined;
  const listHint = value?.kind === 'list' ? 'Separate items with commas.' : undefined;
  // A one-of field offers its allowed values to pick from; another value can still be typed (the linter says so).
  const choices = value?.kind === 'text' && field?.enum ? field.enum.map(String) : undefined;
  const declaredType = value ? declaredTypeHint(field, condition.operator, value) : undefined;

  return (
    <div
      role="group"
      aria-label={name}
      className="flex flex-wrap items-start gap-3 rounded-md border border-slate-200 bg-white p-2"
    >
      <TextField
        label="Field"
        className="w-56"
        list={listId}
        autoComplete="off"
        placeholder="e.g. user.role"
        value={condition.field}
        error={errorAt('field')}
        hint={condition.field === '' && fields.length > 0 ? 'Pick a field.' : field?.description}
        onChange={(event) => {
          const path = event.target.value;
          const next = fields.find((candidate) => candidate.path === path);
          onChange({ ...condition, field: path, value: valueFor(condition, next, condition.operator, true) });
        }}
      />
      <datalist id={listId}>
        {fields.map((candidate) => (
          <option key={candidate.path} value={candidate.path}>
            {candidate.type ?? ''}
          </option>
        ))}
      </datalist>
      <SelectField
        label="Operator"
        className="w-52"
        value={condition.operator}
        error={errorAt('operator')}
        onChange={(event) => {
          const operator = event.target.value as ConditionOperator;
          onChange({ ...condition, operator, value: valueFor(condition, field, operator) });
        }}
      >
        {operators.map((operator) => (
          <option key={operator} value={operator}>
            {operatorLabel(operator)}
          </option>
        ))}
      </SelectField>
      {value ? (
        <>
          {declaredType ? null : (
            <SelectField
              label="Value type"
              className="w-40"
              value={valueTypeOf(value)}
              onChange={(event) => {
                const chosen = valueTypes.find((type) => type.value === event.target.value)!;
                onChange({ ...condition, value: withValueKind(value, chosen.kind, chosen.itemKind) });
              }}
            >
              {valueTypes.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </SelectField>
          )}
          <RuleValue
            value={value}
            choices={choices}
            error={valueProblem ?? errorAt('value')}
            hint={[declaredType, listHint, allowed].filter(Boolean).join(' ') || undefined}
            onChange={(next) => onChange({ ...condition, value: next })}
          />
        </>
      ) : null}
      <Button size="sm" variant="danger" className="mt-6" onClick={onRemove}>
        Remove rule
      </Button>
    </div>
  );
}

/** A rule's typed value: true or false, or text (a one-of field's allowed values offered to pick from). */
function RuleValue({
  value,
  choices,
  error,
  hint,
  onChange,
}: {
  value: ValueDraft;
  choices: string[] | undefined;
  error: string | undefined;
  hint: string | undefined;
  onChange: (next: ValueDraft) => void;
}) {
  const valuesListId = useId();
  return (
    <>
      {value.kind === 'boolean' ? (
        <SelectField
          label="Value"
          className="w-32"
          value={value.text}
          error={error}
          onChange={(event) => onChange({ ...value, text: event.target.value })}
        >
          <option value="true">true</option>
          <option value="false">false</option>
        </SelectField>
      ) : (
        <TextField
          label="Value"
          className="min-w-48 flex-1"
          autoComplete="off"
          list={choices ? valuesListId : undefined}
          inputMode={value.kind === 'number' ? 'decimal' : undefined}
          value={value.text}
          error={error}
          hint={hint}
          onChange={(event) => onChange({ ...value, text: event.target.value })}
        />
      )}
      {choices ? (
        <datalist id={valuesListId}>
          {choices.map((choice) => (
            <option key={choice} value={choice} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}
