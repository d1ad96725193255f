'use client';
/**
 * The Publish dialog's part about tests, when the agent's publish gate asks for them: how the
 * newest test run of the version's configuration went ("not tested", "tests changed since", or
 * how many passed), and after a refusal for want of one, an admin's override with a reason.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { GateEvaluation, PublishProblem } from '@/lib/editor';
import { publishOverrideSchema } from '@/lib/schemas';
import { usePermissions } from '../../../_components/permissions';
import { Button } from '../../../_components/ui/button';
import { Note } from '../../../_components/ui/card';
import { TextField } from '../../../_components/ui/field';
import { boundField } from '../../../_lib/bound-field';
import { plainMessages } from '../../../_lib/plain-issue-message';
import { percentOfShare } from '@/lib/evaluation';

export function evaluationWords({ minPassRate, last }: GateEvaluation): string {
  const needs = `The publish gate needs a test run of this configuration where at least ${percentOfShare(minPassRate)} of the test cases pass.`;
  if (last === null)
    return `Not tested: this version's configuration has no finished test run. ${needs} Run the tests on the Tests tab.`;
  const total = last.passed + last.failed;
  const ran = `passed ${last.passed} of ${total} on version ${last.versionNumber}`;
  if (last.stale)
    return `Tests changed since the last test run of this configuration (${ran}): it no longer counts. Run the tests again on the Tests tab.`;
  return `Last test run: ${ran}. ${needs}`;
}

export function EvaluationStanding({ evaluation }: { evaluation: GateEvaluation | undefined }) {
  if (!evaluation) return null;
  return (
    <section aria-labelledby="publish-tests-heading" className="flex flex-col gap-1 text-sm">
      <h3 id="publish-tests-heading" className="font-semibold">
        Tests
      </h3>
      <p>{evaluationWords(evaluation)}</p>
    </section>
  );
}

/** Whether an override would let the version go live: the gate's evaluation is the only problem. */
export const onlyEvaluationMissing = (problems: PublishProblem[]) =>
  problems.length > 0 && problems.every((problem) => problem.code === 'evaluation_required');

const overrideFormSchema = z.object({ reason: publishOverrideSchema.shape.reason });
type OverrideValues = z.input<typeof overrideFormSchema>;

/** For an admin: publish without the evaluation, with a reason the audit log keeps. Others are told who can. */
export function PublishOverride({ onOverride }: { onOverride: (reason: string) => Promise<void> }) {
  const { administer } = usePermissions();
  const form = useForm<OverrideValues>({
    resolver: zodResolver(overrideFormSchema, plainMessages),
    defaultValues: { reason: '' },
  });
  if (!administer)
    return (
      <Note tone="warning">
        An admin can publish this version without a passing test run, giving a reason the audit log keeps. Or run the
        tests on the Tests tab and publish once they pass.
      </Note>
    );
  const submit = form.handleSubmit(({ reason }) => onOverride(reason));
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3"
    >
      <p className="text-sm">
        As an admin you may publish without a passing test run. The reason is kept in the audit log; the other checks
        still hold.
      </p>
      <TextField label="Override reason" autoComplete="off" announceError {...boundField(form, 'reason')} />
      <div>
        <Button type="submit" variant="danger" disabled={form.formState.isSubmitting}>
          Publish without evaluation
        </Button>
      </div>
    </form>
  );
}
