'use client';
/**
 * Trying the form's unsaved changes in Preview and the Playground (docs/editor.md, "Unsaved
 * draft"): what a request sends as its `draft` (the changed fields over the version the form was
 * loaded from, as a save sends them, so nothing is saved), and the server's refusal of a draft
 * shown with its fields named in words.
 */
import type { InputIssue } from '../../../_lib/api-fetch';
import { SelectField } from '../../../_components/ui/field';
import { changesToSend } from './editor-form';
import { fieldWords } from './field-words';
import { editedFields, type EditedField, type EditorValues } from './types';

/** A request's `draft`: a save's body (its fields over `baseVersionNumber`) without a change message. */
export type UnsavedDraft = { baseVersionNumber: number } & Record<string, unknown>;

/** The choice that runs the unsaved changes, beside the saved versions. */
export const unsavedDraftLabel = 'Unsaved draft';

/** The form's changes as a draft, or null when no field has changed (there is nothing unsaved to try). */
export function unsavedDraftOf({
  values,
  changed,
  baseVersionNumber,
}: {
  values: EditorValues;
  changed: readonly EditedField[];
  baseVersionNumber: number;
}): UnsavedDraft | null {
  if (changed.length === 0) return null;
  return { baseVersionNumber, ...changesToSend(values, changed) };
}

const otherFieldWords: Record<string, string> = {
  baseVersionNumber: 'The saved version your changes start from',
  agents: 'Sub-agents',
  workflows: 'Workflows',
};

const wordsOfField = (field: string) =>
  editedFields.includes(field as EditedField) ? fieldWords[field as EditedField] : (otherFieldWords[field] ?? field);

/**
 * A refused draft's problems in words, each led by the field it concerns ("Tools, variant 1: Never
 * matches: ..."); a problem of the request itself keeps its message alone.
 */
export function draftIssueWords(issues: readonly InputIssue[]): string[] {
  return issues.map(({ path, message }) => {
    const match = /^draft\.([A-Za-z]+)(?:\[(\d+)\]|\.(\d+)(?=[.[]|$))?/.exec(path);
    if (!match) return message;
    const index = match[2] ?? match[3];
    return `${wordsOfField(match[1]!)}${index === undefined ? '' : `, variant ${Number(index) + 1}`}: ${message}`;
  });
}

/** The problems of a refusal that concern the draft's fields (none: the refusal is about something else). */
export const draftIssuesOf = (issues: readonly InputIssue[] | undefined): InputIssue[] =>
  (issues ?? []).filter((issue) => issue.path.startsWith('draft.'));

/** Why the server refused to try the draft, each problem by its field (role=alert). */
export function UnsavedDraftProblems({ issues }: { issues: readonly InputIssue[] }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-danger">
      <p className="font-medium">The unsaved draft cannot be tried as it is. Correct these fields first:</p>
      <ul aria-label="Problems in the unsaved draft" className="mt-1 list-disc pl-5">
        {draftIssueWords(issues).map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The "Version" choice of Preview: the latest saved version, and the unsaved draft while the form
 * holds changes (the Playground lists the draft beside its own saved choices the same way).
 */
export function PreviewVersionChoice({
  latestVersionNumber,
  unsaved,
  value,
  onChange,
}: {
  latestVersionNumber: number;
  unsaved: boolean;
  value: 'saved' | 'unsaved';
  onChange: (value: 'saved' | 'unsaved') => void;
}) {
  return (
    <SelectField
      label="Version"
      value={value}
      onChange={(event) => onChange(event.target.value as 'saved' | 'unsaved')}
      className="max-w-sm"
    >
      <option value="saved">Latest saved (version {latestVersionNumber})</option>
      {unsaved ? <option value="unsaved">{unsavedDraftLabel}</option> : null}
    </SelectField>
  );
}
