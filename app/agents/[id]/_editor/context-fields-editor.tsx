'use client';
/**
 * The agent's request-context fields declared with controls (Conditions tab): a name, a type, the
 * allowed values of a one-of field and whether it is required, stored as the agent's
 * `requestContextSchema`. A schema that says more than these controls can is shown read-only and
 * kept whole, never rewritten.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { issueMessages } from '@/lib/errors';
import { sameJson } from '@/lib/canonical-json';
import { allowedOfText, checkFieldRows, fieldRowsOf, type FieldRow, type FieldRowType } from '@/lib/rules';
import { Button } from '../../../_components/ui/button';
import { Note } from '../../../_components/ui/card';
import { SelectField, TextField } from '../../../_components/ui/field';
import { useReportDraftProblem } from './draft-problems';
import { newRuleId } from './rule-ids';

type Schema = Record<string, unknown> | undefined;

/** A row as typed: the allowed values stay the text the person wrote until the row is stored. */
interface RowDraft extends Omit<FieldRow, 'allowed'> {
  id: string;
  allowedText: string;
}

const typeOptions: Array<{ value: FieldRowType; label: string }> = [
  { value: 'text', label: 'text' },
  { value: 'number', label: 'number' },
  { value: 'boolean', label: 'true/false' },
  { value: 'oneOf', label: 'one of' },
];

const draftsOf = (rows: FieldRow[]): RowDraft[] =>
  rows.map(({ allowed, ...row }) => ({ ...row, id: newRuleId(), allowedText: allowed.join(', ') }));

const rowsOf = (drafts: RowDraft[]): FieldRow[] =>
  drafts.map(({ id: _id, allowedText, ...row }) => ({
    ...row,
    allowed: row.type === 'oneOf' ? allowedOfText(allowedText) : [],
  }));

export function ContextFieldsEditor({
  schema,
  onChange,
  editable,
}: {
  schema: Schema;
  onChange: (next: Schema) => void;
  /** False when the agent's code owns its request-context schema. */
  editable: boolean;
}) {
  const headingId = useId();
  const read = fieldRowsOf(schema);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        Request context fields
      </h3>
      <p className="text-sm text-slate-700">
        The fields your application sends with each request (such as a plan or a country). Rules below choose from them,
        and Preview, Playground and Compare give each one a control.
      </p>
      {read.ok && editable ? (
        <FieldRows schema={schema} onChange={onChange} />
      ) : (
        <ReadOnlySchema schema={schema} reason={read.ok ? 'the agent’s code owns them' : issueMessages(read.issues)} />
      )}
    </section>
  );
}

function ReadOnlySchema({ schema, reason }: { schema: Schema; reason: string }) {
  return (
    <>
      <Note>
        These fields are shown as they are stored and cannot be changed here, because {reason}. They are kept whole when
        you save; change them through the API or the agent&rsquo;s code.
      </Note>
      <pre aria-label="Request context schema" className="overflow-x-auto rounded bg-white p-2 font-mono text-xs">
        {JSON.stringify(schema ?? {}, null, 2)}
      </pre>
    </>
  );
}

function FieldRows({ schema, onChange }: { schema: Schema; onChange: (next: Schema) => void }) {
  const [drafts, setDrafts] = useState<RowDraft[]>(() => {
    const read = fieldRowsOf(schema);
    return read.ok ? draftsOf(read.value) : [];
  });
  const [written, setWritten] = useState<Schema>(schema);
  // A schema changed from outside (a discard, a reload, a restore) replaces the rows.
  if (!sameJson(schema ?? null, written ?? null)) {
    setWritten(schema);
    const read = fieldRowsOf(schema);
    setDrafts(read.ok ? draftsOf(read.value) : []);
  }
  const checked = checkFieldRows(rowsOf(drafts));
  const issues = checked.ok ? [] : checked.issues;
  useReportDraftProblem('request-context-fields', issues[0] && `the request context fields: ${issues[0].message}`);
  const focusNext = useRef<string | null>(null);
  const nameInputs = useRef(new Map<string, HTMLInputElement>());
  useEffect(() => {
    if (focusNext.current === null) return;
    nameInputs.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const change = (next: RowDraft[]) => {
    setDrafts(next);
    const nextChecked = checkFieldRows(rowsOf(next));
    if (!nextChecked.ok) return;
    const stored = nextChecked.value;
    if (sameJson(stored ?? null, written ?? null)) return;
    setWritten(stored);
    onChange(stored);
  };
  const update = (id: string, patch: Partial<RowDraft>) =>
    change(drafts.map((draft) => (draft.id === id ? { ...draft, ...patch } : draft)));
  const add = () => {
    const id = newRuleId();
    focusNext.current = id;
    change([...drafts, { id, name: '', type: 'text', allowedText: '', required: false }]);
  };

  return (
    <>
      {drafts.length === 0 ? (
        <p className="text-sm text-slate-700">No fields are declared yet: rules can still read any field by name.</p>
      ) : null}
      {drafts.map((draft, index) => {
        const nameProblem = issues.find((issue) => issue.path === `${index}.name`);
        const allowedProblem = issues.find((issue) => issue.path === `${index}.allowed`);
        return (
          <div
            key={draft.id}
            role="group"
            aria-label={`Field ${draft.name.trim() || index + 1}`}
            className="flex flex-wrap items-start gap-3 rounded-md border border-slate-200 bg-white p-2"
          >
            <TextField
              label="Field name"
              className="w-48"
              autoComplete="off"
              spellCheck={false}
              ref={(input) => {
                if (input) nameInputs.current.set(draft.id, input);
                else nameInputs.current.delete(draft.id);
              }}
              value={draft.name}
              error={nameProblem?.message}
              onChange={(event) => update(draft.id, { name: event.target.value })}
            />
            <SelectField
              label="Field type"
              className="w-36"
              value={draft.type}
              onChange={(event) => update(draft.id, { type: event.target.value as FieldRowType })}
            >
              {typeOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </SelectField>
            {draft.type === 'oneOf' ? (
              <TextField
                label="Allowed values"
                className="min-w-48 flex-1"
                autoComplete="off"
                hint="Separate values with commas, such as free, pro, team."
                value={draft.allowedText}
                error={allowedProblem?.message}
                onChange={(event) => update(draft.id, { allowedText: event.target.value })}
              />
            ) : null}
            <label className="mt-7 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={draft.required}
                onChange={(event) => update(draft.id, { required: event.target.checked })}
              />
              Required
            </label>
            <Button
              size="sm"
              variant="danger"
              className="mt-6"
              onClick={() => change(drafts.filter((other) => other.id !== draft.id))}
            >
              Remove field
            </Button>
          </div>
        );
      })}
      <div>
        <Button onClick={add}>Add field</Button>
      </div>
    </>
  );
}
