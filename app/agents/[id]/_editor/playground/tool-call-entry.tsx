'use client';
/**
 * One tool call of the conversation: its name and arguments (shown while they stream), then
 * Approve / Decline when it waits for approval, a form generated from the tool's resume schema when
 * it asks a question, and finally its result or error.
 */
import { useMemo, useState } from 'react';
import { formNodeOf, initialFormValue, valueOfForm, type FormValue } from '@/lib/schema-form';
import { SchemaFields } from '../../../../_components/schema-form/schema-fields';
import { Button } from '../../../../_components/ui/button';
import type { Entry } from './conversation';
import type { StreamOutcome } from './run-stream';

type ToolEntry = Extract<Entry, { kind: 'tool' }>;

const stateText: Record<ToolEntry['state'], string> = {
  streaming: 'receiving arguments…',
  called: 'running…',
  'awaiting-approval': 'waiting for your approval',
  'awaiting-answer': 'waiting for your answer',
  done: 'done',
  failed: 'failed',
};

const json = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

function AnswerForm({
  entry,
  busy,
  onAnswer,
}: {
  entry: ToolEntry;
  busy: boolean;
  onAnswer: (resumeData: unknown) => Promise<StreamOutcome>;
}) {
  const node = useMemo(() => formNodeOf(entry.resumeSchema ?? {}), [entry.resumeSchema]);
  const [value, setValue] = useState<FormValue>(() => initialFormValue(node));
  const built = valueOfForm(node, value);
  const problems = new Map(built.problems.map((problem) => [problem.path, problem.message]));
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<string | undefined>();
  return (
    <form
      aria-label={`Answer ${entry.toolName}`}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (built.problems.length > 0) return;
        setRefused(undefined);
        void onAnswer(built.value).then((outcome) => setRefused(outcome.ok ? undefined : outcome.message));
      }}
    >
      <SchemaFields
        node={node}
        value={value}
        onChange={setValue}
        errorOf={(path) => (tried ? problems.get(path) : undefined)}
      />
      {refused ? (
        <p role="alert" className="text-sm text-danger">
          Not accepted: {refused}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="primary" disabled={busy}>
          Send answer
        </Button>
      </div>
    </form>
  );
}

export function ToolCallEntry({
  entry,
  busy,
  onDecision,
  onAnswer,
}: {
  entry: ToolEntry;
  busy: boolean;
  onDecision: (decision: 'approve' | 'decline') => void;
  onAnswer: (resumeData: unknown) => Promise<StreamOutcome>;
}) {
  const question =
    typeof entry.question === 'object' && entry.question !== null && 'question' in entry.question
      ? String((entry.question as { question: unknown }).question)
      : json(entry.question);
  return (
    <div className="flex flex-col gap-2 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm">
      <p>
        Tool call <span className="font-mono font-semibold">{entry.toolName}</span>{' '}
        <span className="text-slate-600">({stateText[entry.state]})</span>
      </p>
      <pre aria-label={`Arguments of ${entry.toolName}`} className="whitespace-pre-wrap break-all font-mono text-xs">
        {json(entry.args) || '…'}
      </pre>
      {entry.state === 'awaiting-approval' ? (
        <div className="flex gap-2">
          <Button variant="primary" disabled={busy} onClick={() => onDecision('approve')}>
            Approve
          </Button>
          <Button disabled={busy} onClick={() => onDecision('decline')}>
            Decline
          </Button>
        </div>
      ) : null}
      {entry.state === 'awaiting-answer' ? (
        <>
          <p className="font-medium">{question}</p>
          <AnswerForm entry={entry} busy={busy} onAnswer={onAnswer} />
        </>
      ) : null}
      {entry.state === 'done' || entry.state === 'failed' ? (
        <div>
          <p className={entry.isError ? 'font-medium text-danger' : 'font-medium'}>
            {entry.isError ? 'Error' : 'Result'}
          </p>
          <pre className="whitespace-pre-wrap break-all font-mono text-xs">{json(entry.result)}</pre>
        </div>
      ) : null}
    </div>
  );
}
