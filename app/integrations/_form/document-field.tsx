'use client';
/** The OpenAPI document: pasted, or read from a file into the same box; the server's problems listed by path. */
import type { UseFormReturn } from 'react-hook-form';
import { TextAreaField } from '../../_components/ui/field';
import type { IntegrationFormValues } from './form-values';

export function DocumentField({
  form,
  issues,
  announce,
}: {
  form: UseFormReturn<IntegrationFormValues>;
  issues: Array<{ path: string; message: string }>;
  announce: (text: string) => void;
}) {
  async function readFile(file: File | undefined) {
    if (!file) return;
    form.setValue('documentText', await file.text(), { shouldDirty: true });
    announce(`Read ${file.name}`);
  }
  return (
    <div className="flex flex-col gap-2">
      <TextAreaField
        label="OpenAPI document"
        rows={12}
        spellCheck={false}
        hint="OpenAPI 3.0 or 3.1, as JSON or YAML. Paste it here or choose its file below."
        error={
          issues.length
            ? `${issues.length} ${issues.length === 1 ? 'problem' : 'problems'} in the document, listed below`
            : undefined
        }
        {...form.register('documentText')}
      />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        OpenAPI document file
        <input
          type="file"
          accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
          className="text-sm font-normal"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
      </label>
      {issues.length ? (
        <ul aria-label="Problems in the document" className="list-disc pl-5 text-sm text-danger">
          {issues.map((issue, index) => (
            <li key={index}>
              <span className="font-mono">{issue.path}</span>: {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
