'use client';
/**
 * One test case on the Tests tab: its name, its input and recording in words, and its expectations
 * edited with controls, checked with the API's schema before "Save case" sends them. People who
 * cannot edit read the same, without the controls.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { expectationInWords, inputInWords } from '@/lib/evaluation';
import type { TestCase } from '@/lib/schemas';
import { FormOutcome } from '../../../../_components/form-alert';
import { usePermissions } from '../../../../_components/permissions';
import { Button } from '../../../../_components/ui/button';
import { TextField } from '../../../../_components/ui/field';
import { boundField } from '../../../../_lib/bound-field';
import { errorsUnder } from '../../../../_lib/form-errors';
import { plainMessages } from '../../../../_lib/plain-issue-message';
import { callOperation } from '../../../../_lib/api-fetch';
import { ExpectationEditor } from './expectation-editor';
import { expectationOfType, testCaseFormSchema, type TestCaseFormValues } from './expectation-form';
import { RecordingInWords } from './recording-in-words';

function useCaseForm(testCase: TestCase) {
  const form = useForm<TestCaseFormValues>({
    resolver: zodResolver(testCaseFormSchema, plainMessages),
    defaultValues: { name: testCase.name, expectations: testCase.expectations },
  });
  const list = useFieldArray({ control: form.control, name: 'expectations' });
  // Arguments JSON that cannot be read yet, by the field's id: the case is not saved until it can.
  const [unreadable, setUnreadable] = useState<Record<string, string>>({});
  const markUnreadable = (fieldId: string) => (problem: string | undefined) =>
    setUnreadable(({ [fieldId]: _, ...rest }) => (problem ? { ...rest, [fieldId]: problem } : rest));
  return { form, list, unreadable, markUnreadable };
}

function DeleteCase({ name, onDelete }: { name: string; onDelete: () => void }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete case
      </Button>
    );
  return (
    <span role="group" aria-label="Confirm deletion" className="flex flex-wrap items-center gap-2 text-sm">
      Delete &ldquo;{name}&rdquo; for good?
      <Button variant="danger" onClick={onDelete}>
        Yes, delete case
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(false)}>
        Keep it
      </Button>
    </span>
  );
}

export function TestCaseCard({
  agentId,
  testCase,
  tools,
  onChanged,
}: {
  agentId: string;
  testCase: TestCase;
  tools: string[];
  /** Reads the cases again after a save or a deletion, with what to announce. */
  onChanged: (announcement: string) => void;
}) {
  const { edit } = usePermissions();
  const headingId = useId();
  const { form, list, unreadable, markUnreadable } = useCaseForm(testCase);
  const [status, setStatus] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const errors = form.formState.errors as FieldErrors;
  const caseTools = [
    ...new Set([...tools, ...(testCase.recording?.toolCalls ?? []).map((call) => call.toolName)]),
  ].sort();

  const save = form.handleSubmit(
    async (values) => {
      const problem = Object.values(unreadable)[0];
      if (problem)
        return setRefusal(`Not saved: the arguments of a "Calls tool" expectation cannot be read. ${problem}`);
      const answer = await callOperation('updateTestCase', {
        params: { id: agentId, caseId: testCase.id },
        body: values,
      });
      if (!answer.ok) return setRefusal(`Not saved: ${answer.message}`);
      setRefusal(undefined);
      setStatus('Saved.');
      form.reset({ name: answer.value.name, expectations: answer.value.expectations });
      onChanged(`Saved test case ${answer.value.name}.`);
    },
    () => {
      setStatus(undefined);
      setRefusal('Not saved: correct the marked fields.');
    },
  );

  async function remove() {
    const answer = await callOperation('deleteTestCase', { params: { id: agentId, caseId: testCase.id } });
    if (!answer.ok) return setRefusal(`Not deleted: ${answer.message}`);
    onChanged(`Deleted test case ${testCase.name}.`);
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id={headingId} className="text-base font-semibold">
        {testCase.name}
      </h3>
      <p className="text-sm">{inputInWords(testCase.input)}</p>
      <RecordingInWords recording={testCase.recording} />
      {edit ? (
        <form onSubmit={save} noValidate className="flex flex-col gap-3">
          <TextField label="Test case name" className="w-80" autoComplete="off" {...boundField(form, 'name')} />
          <p className="text-sm font-medium">Expectations</p>
          {list.fields.length === 0 ? (
            <p className="text-sm text-slate-700">No expectations: the case always passes.</p>
          ) : null}
          {list.fields.map((field, index) => (
            <Controller
              key={field.id}
              control={form.control}
              name={`expectations.${index}`}
              render={({ field: control }) => (
                <ExpectationEditor
                  number={index + 1}
                  value={control.value}
                  onChange={control.onChange}
                  onRemove={() => {
                    markUnreadable(field.id)(undefined);
                    list.remove(index);
                  }}
                  tools={caseTools}
                  errorAt={errorsUnder(errors, `expectations.${index}`)}
                  onUnreadable={markUnreadable(field.id)}
                  disabled={form.formState.isSubmitting}
                />
              )}
            />
          ))}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => list.append(expectationOfType('answerIncludes', undefined))}>Add expectation</Button>
            <Button type="submit" variant="primary" disabled={form.formState.isSubmitting}>
              Save case
            </Button>
            <DeleteCase name={testCase.name} onDelete={() => void remove()} />
          </div>
          <FormOutcome status={status} refusal={refusal} />
        </form>
      ) : (
        <ul className="list-disc pl-5 text-sm">
          {testCase.expectations.map((expectation, index) => (
            <li key={index}>{expectationInWords(expectation)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
