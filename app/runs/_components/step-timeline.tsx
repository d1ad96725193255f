import type { RunStep, StepToolCall } from '../_data/runs';
import { barWidths } from './step-bars';
import { callStateWords, durationWords, finishReasonWords, sourceOfTool, tokenWords } from './run-words';

/** A step's tokens; none where they were not recorded, which the step then leaves unsaid. */
const stepTokens = (step: RunStep) => step.model.usage.inputTokens + step.model.usage.outputTokens;

function asJson(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** Arguments or a result, folded: a run page is read for its flow first. */
function Folded({ summary, value }: { summary: string; value: unknown }) {
  return (
    <details>
      <summary className="cursor-pointer text-xs font-medium text-slate-600">{summary}</summary>
      <pre className="whitespace-pre-wrap break-all font-mono text-xs">{asJson(value)}</pre>
    </details>
  );
}

function StepToolCallItem({ call }: { call: StepToolCall }) {
  return (
    <li className="flex flex-col gap-1 rounded-md border border-slate-200 bg-slate-50 p-2 text-sm">
      <p>
        <span className="font-mono font-semibold">{call.toolName}</span>{' '}
        <span className="text-slate-600">· {sourceOfTool(call.source)}</span>{' '}
        <span className={call.isError ? 'text-danger' : 'text-slate-700'}>· {callStateWords(call)}</span>
        {call.durationMs === null ? null : <span className="text-slate-600"> · {durationWords(call.durationMs)}</span>}
      </p>
      <Folded summary="Arguments" value={call.args} />
      {call.result === undefined ? null : (
        <Folded summary={call.isError ? 'Error result' : 'Result'} value={call.result} />
      )}
      {call.error ? <p className="text-danger">Error: {call.error}</p> : null}
    </li>
  );
}

/**
 * The run's steps in order: each model call with its duration drawn as a bar proportional to the
 * longest step (the text says the duration too; the bar is decoration), why it ended, its tokens
 * and the tool calls it made.
 */
export function StepTimeline({ steps }: { steps: RunStep[] }) {
  const widths = barWidths(steps.map((step) => step.durationMs));
  if (steps.length === 0) return <p className="text-sm text-slate-700">No model call was made.</p>;
  return (
    <ol aria-label="Steps" className="flex flex-col gap-3">
      {steps.map((step, position) => (
        <li key={step.index} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <span className="font-semibold">Step {step.index + 1}</span>
            <span>took {durationWords(step.durationMs)}</span>
            <span className="text-sm text-slate-700">
              The model {finishReasonWords(step.model.finishReason)}
              {stepTokens(step) > 0 ? `; tokens ${tokenWords(step.model.usage)}` : ''}
            </span>
          </div>
          <div aria-hidden="true" className="h-2 w-full rounded bg-slate-100">
            <div className="h-2 rounded bg-accent" style={{ width: `${widths[position]}%` }} />
          </div>
          {step.toolCalls.length > 0 ? (
            <ul aria-label={`Tool calls of step ${step.index + 1}`} className="flex flex-col gap-2">
              {step.toolCalls.map((call) => (
                <StepToolCallItem key={call.toolCallId} call={call} />
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
