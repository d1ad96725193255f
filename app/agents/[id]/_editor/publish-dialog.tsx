'use client';
/**
 * Publishing a version, confirmed: what goes live against the version live now, the publish
 * gate's problems (and the tests, when the agent's gate asks for them), and a message kept in the
 * audit log; an admin may publish past a missing test run with a reason. Escape or Cancel publishes nothing; a
 * refusal keeps the dialog open with its problems.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { PublishPreview, PublishProblem } from '@/lib/editor';
import { publishAgentBodySchema } from '@/lib/schemas';
import { Button } from '../../../_components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../_components/ui/dialog';
import { TextField } from '../../../_components/ui/field';
import type { ActionError } from '../../../_lib/action-result';
import { boundField } from '../../../_lib/bound-field';
import { useActionValue } from '../../../_lib/use-action-value';
import { previewPublish } from '../../actions';
import { EvaluationStanding, onlyEvaluationMissing, PublishOverride } from './publish-evaluation';
import { VersionChanges } from './version-changes';

const messageSchema = publishAgentBodySchema.pick({ message: true });
type MessageValues = z.input<typeof messageSchema>;

const problemText = (problem: PublishProblem) =>
  problem.path ? `${problem.path}: ${problem.message}` : problem.message;

/** The problems of a `publish_blocked` refusal, or the refusal's message as the one problem. */
export function refusalProblems(error: ActionError): PublishProblem[] {
  const problems = error.details?.problems;
  return Array.isArray(problems) ? (problems as PublishProblem[]) : [{ code: error.code, message: error.message }];
}

function Problems({ problems, refused }: { problems: PublishProblem[]; refused: boolean }) {
  if (problems.length === 0) return <p className="text-sm">Checks: every check passes.</p>;
  return (
    <div role={refused ? 'alert' : undefined} className="rounded-md border border-red-300 bg-red-50 p-2 text-sm">
      <p className="font-medium text-danger">
        {refused ? 'Not published. ' : ''}
        {problems.length === 1 ? 'One problem blocks publishing' : `${problems.length} problems block publishing`}:
      </p>
      <ul className="list-disc pl-5">
        {problems.map((problem) => (
          <li key={problemText(problem)}>{problemText(problem)}</li>
        ))}
      </ul>
    </div>
  );
}

function WhatGoesLive({ preview, error }: { preview: PublishPreview | null; error: string | null }) {
  return (
    <section aria-labelledby="what-goes-live-heading" className="flex flex-col gap-2">
      <h3 id="what-goes-live-heading" className="font-semibold">
        What goes live
      </h3>
      {error ? <p className="text-sm text-danger">Could not read the changes: {error}</p> : null}
      {!preview && !error ? <p className="text-sm">Reading the changes…</p> : null}
      {preview ? (
        <>
          <p className="text-sm">
            {preview.liveVersionNumber === null
              ? `Nothing is published yet: all of version ${preview.versionNumber} goes live.`
              : preview.liveVersionNumber === preview.versionNumber
                ? `Version ${preview.versionNumber} is already live: publishing it changes nothing.`
                : `Changes from version ${preview.liveVersionNumber}, live now, to version ${preview.versionNumber}:`}
          </p>
          <VersionChanges between={preview} toolsContext="for an empty request context" />
          {preview.toolsError ? (
            <p className="text-sm">The tools could not be resolved to compare them: {preview.toolsError}</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

export function PublishDialog({
  agentId,
  versionNumber,
  onClose,
  onPublish,
}: {
  agentId: string;
  /** The version to publish; `null` keeps the dialog closed. */
  versionNumber: number | null;
  onClose: () => void;
  /** Publishes (past the publish gate with `override`); answers the refusal, or `null` once published. */
  onPublish: (versionNumber: number, message: string, override?: { reason: string }) => Promise<ActionError | null>;
}) {
  const { value: preview, error } = useActionValue(
    previewPublish,
    versionNumber === null ? null : { id: agentId, versionNumber },
  );
  const [refusal, setRefusal] = useState<PublishProblem[] | null>(null);
  const form = useForm<MessageValues>({ resolver: zodResolver(messageSchema), defaultValues: { message: '' } });
  const formId = useId();
  useEffect(() => {
    setRefusal(null);
    form.reset({ message: '' });
  }, [versionNumber, form]);

  const publish = async (override?: { reason: string }) => {
    if (versionNumber === null) return;
    const refused = await onPublish(versionNumber, form.getValues('message')?.trim() ?? '', override);
    setRefusal(refused ? refusalProblems(refused) : null);
  };
  const submit = form.handleSubmit(() => publish());

  return (
    <Dialog open={versionNumber !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {versionNumber !== null ? (
        <DialogContent title={`Publish version ${versionNumber}`} className="w-[min(48rem,94vw)]">
          <div className="flex flex-col gap-4">
            {/* The buttons below submit it by its id: the override has a form of its own. */}
            <form id={formId} onSubmit={submit} noValidate>
              <TextField
                label="Publish message"
                placeholder="Why this version goes live (optional)"
                autoComplete="off"
                {...boundField(form, 'message')}
              />
            </form>
            <WhatGoesLive preview={preview} error={error} />
            <EvaluationStanding evaluation={preview?.evaluation} />
            {refusal ? (
              <Problems problems={refusal} refused />
            ) : preview ? (
              <Problems problems={preview.problems} refused={false} />
            ) : null}
            {refusal && onlyEvaluationMissing(refusal) ? (
              <PublishOverride onOverride={(reason) => publish({ reason })} />
            ) : null}
            <DialogFooter>
              <Button type="submit" form={formId} variant="primary" disabled={form.formState.isSubmitting}>
                Publish version
              </Button>
            </DialogFooter>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
