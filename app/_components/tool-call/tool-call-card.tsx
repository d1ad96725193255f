'use client';
import { Button } from '../ui/button';
import { suspendedForm, type SuspendedForm, type ToolCallView } from '@/lib/playground';
import { ElicitationForm } from './elicitation-form';
import { PlanReview } from './plan-review';
import { QuestionForm } from './question-form';
import { ResumeForm } from './resume-form';

const stateText: Record<ToolCallView['state'], string> = {
  streaming: 'receiving arguments…',
  running: 'running…',
  'awaiting-approval': 'waiting for approval',
  declined: 'declined',
  suspended: 'waiting for data',
  done: 'done',
  failed: 'failed',
};

const waitingText: Record<SuspendedForm['kind'], string> = {
  question: 'waiting for an answer',
  plan: 'waiting for a decision',
  elicitation: 'waiting for an answer',
  data: 'waiting for data',
};

function asJson(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/**
 * What answers a suspended call: a question form, a plan to approve or reject, an MCP server's
 * form, or resume data.
 */
function SuspendedCallForm({
  call,
  form,
  busy,
  onResume,
}: {
  call: ToolCallView;
  form: SuspendedForm;
  busy: boolean;
  onResume: (resumeData: unknown) => void;
}) {
  if (form.kind === 'question') return <QuestionForm form={form} busy={busy} onAnswer={onResume} />;
  if (form.kind === 'plan') return <PlanReview form={form} busy={busy} onDecide={onResume} />;
  if (form.kind === 'elicitation') return <ElicitationForm form={form} busy={busy} onAnswer={onResume} />;
  return (
    <ResumeForm
      toolName={call.toolName}
      suspendPayload={call.suspendPayload}
      resumeSchema={call.resumeSchema}
      busy={busy}
      onResume={onResume}
    />
  );
}

/** What a person can do with a waiting call; without them the card only shows the call (a stored run's page). */
export interface ToolCallActions {
  busy: boolean;
  onApprove: () => void;
  onDecline: () => void;
  onResume: (resumeData: unknown) => void;
}

/**
 * One tool call of the conversation: its name, its arguments (rendered while they stream), what it
 * waits for (Approve / Decline, an answer, a plan decision or resume data) and its result or error.
 */
export function ToolCallCard({ call, actions }: { call: ToolCallView; actions?: ToolCallActions }) {
  const argsId = `args-${call.toolCallId}`;
  const form = call.state === 'suspended' ? suspendedForm(call) : undefined;
  return (
    <div
      role="group"
      aria-label={`Tool call ${call.toolName}`}
      className="flex flex-col gap-2 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm"
    >
      <p>
        <span className="font-mono font-semibold">{call.toolName}</span>{' '}
        <span className={call.state === 'failed' || call.isError ? 'text-danger' : 'text-slate-600'}>
          · {form ? waitingText[form.kind] : stateText[call.state]}
        </span>
      </p>
      {form && form.kind !== 'data' ? (
        // The question or the plan is shown by its form below; the raw arguments stay one click away.
        <details>
          <summary className="cursor-pointer text-xs font-medium text-slate-600">Arguments</summary>
          <pre className="whitespace-pre-wrap break-all font-mono text-xs">{asJson(call.args)}</pre>
        </details>
      ) : (
        <div>
          <p id={argsId} className="text-xs font-medium text-slate-600">
            Arguments{call.argsComplete ? '' : ' (streaming)'}
          </p>
          <pre aria-labelledby={argsId} className="whitespace-pre-wrap break-all font-mono text-xs">
            {asJson(call.args)}
          </pre>
        </div>
      )}
      {actions && call.state === 'awaiting-approval' ? (
        <div className="flex gap-2">
          <Button variant="primary" size="sm" disabled={actions.busy} onClick={actions.onApprove}>
            Approve
          </Button>
          <Button variant="danger" size="sm" disabled={actions.busy} onClick={actions.onDecline}>
            Decline
          </Button>
        </div>
      ) : null}
      {actions && form ? (
        <SuspendedCallForm call={call} form={form} busy={actions.busy} onResume={actions.onResume} />
      ) : null}
      {call.result !== undefined ? (
        <div>
          <p className="text-xs font-medium text-slate-600">{call.isError ? 'Error result' : 'Result'}</p>
          <pre className="whitespace-pre-wrap break-all font-mono text-xs">{asJson(call.result)}</pre>
        </div>
      ) : null}
      {call.error ? <p className="text-danger">Error: {call.error}</p> : null}
    </div>
  );
}
