'use client';
import { useState } from 'react';
import { issueMessages } from '@/lib/errors';
import { planDecision, type SuspendedForm } from '@/lib/playground';
import { Button } from '../ui/button';
import { TextAreaField } from '../ui/field';

type PlanSpec = Extract<SuspendedForm, { kind: 'plan' }>;
type Decision = { action: 'approved' | 'rejected'; feedback?: string };

/**
 * A plan a suspended call submits for review (`submit_plan`): its title, the file the run keeps it
 * in, the plan itself as written (markdown shown as its text, which reads well as it is), a
 * feedback field and Approve / Reject. The decision resumes the call as `{ action, feedback? }`.
 */
export function PlanReview({
  form: spec,
  busy,
  onDecide,
}: {
  form: PlanSpec;
  busy: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string | undefined>();

  function decide(action: Decision['action']) {
    const decision = planDecision(spec, { action, feedback });
    if (!decision.ok) return setError(issueMessages(decision.issues));
    setError(undefined);
    onDecide(decision.value);
  }

  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-3">
      <legend className="px-1 font-medium">{spec.title ? `Plan: ${spec.title}` : 'Plan'}</legend>
      {spec.path ? (
        <p className="text-xs text-slate-600">
          Kept with the run as <span className="font-mono">{spec.path}</span>
        </p>
      ) : null}
      <pre className="whitespace-pre-wrap break-words rounded border border-slate-200 bg-slate-50 p-2 font-mono text-sm">
        {spec.plan}
      </pre>
      <TextAreaField
        label="Feedback"
        rows={3}
        value={feedback}
        error={error}
        hint={
          spec.feedbackRequired
            ? 'Required: the agent reads it with your decision.'
            : 'Optional: the agent reads it with your decision.'
        }
        required={spec.feedbackRequired}
        onChange={(event) => setFeedback(event.target.value)}
      />
      <div className="flex gap-2">
        <Button variant="primary" size="sm" disabled={busy} onClick={() => decide('approved')}>
          Approve
        </Button>
        <Button variant="danger" size="sm" disabled={busy} onClick={() => decide('rejected')}>
          Reject
        </Button>
      </div>
    </fieldset>
  );
}
