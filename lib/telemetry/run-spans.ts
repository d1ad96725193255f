/**
 * Runs as spans: the run observer (`lib/runtime/run-observer.ts`) that turns one run into one trace.
 *
 * - the run: `invoke_agent <agentId>`, a root span for each part of the run this process drives (a
 *   continuation of a paused run is a trace of its own, carrying the same `studio.run.id`);
 * - each model step: `chat <model>`, a child of the run, covering the model's answer and the tool
 *   calls it asked for;
 * - each tool call: `execute_tool <tool>`, a child of its step (in a continuation, of the run), with
 *   the spans and events the tool adds through `context.observe`.
 *
 * Only names, ids, counts, models, statuses and short error excerpts are recorded: never prompts,
 * arguments or results, which may hold personal data and secrets.
 */
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { definedFields } from '../defined-fields';
import { remoteExcerpt } from '../net';
import type {
  ObservedCallOutcome,
  ObservedModel,
  ObservedRunEnd,
  RunObservation,
  RunObserver,
  RunRecord,
  ToolCallObservation,
} from '../runtime';
import { errorType, genAi, studio } from './attribute-names';
import { endFailed, spanObserve } from './span-observe';

/** What one traced run keeps between its events. */
interface TracedRun {
  tracer: Tracer;
  span: Span;
  context: Context;
  /** The open step's span and its context (tool calls of the step are its children). */
  step: { span: Span; context: Context } | undefined;
  /** Tokens of this part of the run (the sum of its steps). */
  usage: { inputTokens: number; outputTokens: number };
  ended: boolean;
}

export function createRunSpans(tracer: Tracer): RunObserver {
  return {
    runStarted({ record, model, continued }) {
      const span = tracer.startSpan(
        `invoke_agent ${record.agentId}`,
        { kind: SpanKind.INTERNAL, attributes: runAttributes(record, model, continued) },
        ROOT_CONTEXT,
      );
      const run: TracedRun = {
        tracer,
        span,
        context: trace.setSpan(ROOT_CONTEXT, span),
        step: undefined,
        usage: { inputTokens: 0, outputTokens: 0 },
        ended: false,
      };
      return observationOf(run);
    },
  };
}

function observationOf(run: TracedRun): RunObservation {
  return {
    stepStarted({ stepNumber, model }) {
      run.step?.span.end();
      const span = run.tracer.startSpan(
        `chat ${model.modelId}`,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            [genAi.operationName]: 'chat',
            [genAi.providerName]: model.provider,
            [genAi.requestModel]: model.modelId,
            [studio.stepNumber]: stepNumber,
          },
        },
        run.context,
      );
      run.step = { span, context: trace.setSpan(ROOT_CONTEXT, span) };
    },
    stepFinished({ finishReason, usage, responseModelId }) {
      if (!run.step) return;
      run.step.span.setAttributes(
        definedFields({
          [genAi.finishReasons]: [finishReason],
          [genAi.inputTokens]: usage.inputTokens,
          [genAi.outputTokens]: usage.outputTokens,
          [genAi.responseModel]: responseModelId || undefined,
        }),
      );
      run.step.span.end();
      run.step = undefined;
      run.usage.inputTokens += usage.inputTokens;
      run.usage.outputTokens += usage.outputTokens;
    },
    toolCallStarted: (call) => startToolCall(run, call),
    runEnded: (end) => endRun(run, end),
  };
}

function runAttributes(record: Readonly<RunRecord>, model: ObservedModel, continued: boolean): Attributes {
  const attributes: Attributes = {
    [genAi.operationName]: 'invoke_agent',
    [genAi.agentId]: record.agentId,
    [genAi.providerName]: model.provider,
    [genAi.requestModel]: model.modelId,
    [studio.agentId]: record.agentId,
    [studio.runId]: record.runId,
    [studio.runContinued]: continued,
  };
  const optional: Array<[string, string | number | null | undefined]> = [
    [genAi.agentVersion, typeof record.versionNumber === 'number' ? String(record.versionNumber) : undefined],
    [genAi.conversationId, record.threadId],
    [studio.versionNumber, record.versionNumber],
    [studio.versionLabel, record.label],
    [studio.resolvedToolsHash, record.resolvedToolsHash],
    [studio.threadId, record.threadId],
    [studio.resourceId, record.resourceId],
  ];
  for (const [key, value] of optional) if (value !== undefined && value !== null) attributes[key] = value;
  return attributes;
}

function startToolCall(
  run: TracedRun,
  { toolCallId, toolName, answering }: Parameters<RunObservation['toolCallStarted']>[0],
): ToolCallObservation {
  const span = run.tracer.startSpan(
    `execute_tool ${toolName}`,
    {
      kind: SpanKind.INTERNAL,
      attributes: definedFields({
        [genAi.operationName]: 'execute_tool',
        [genAi.toolName]: toolName,
        [genAi.toolCallId]: toolCallId,
        [genAi.toolType]: 'function',
        [studio.toolAnswering]: answering || undefined,
      }),
    },
    run.step?.context ?? run.context,
  );
  return {
    observe: spanObserve(run.tracer, span),
    finished: (outcome) => endToolCall(span, outcome),
  };
}

function endToolCall(span: Span, outcome: ObservedCallOutcome): void {
  switch (outcome.status) {
    case 'threw':
      endFailed(span, outcome.error);
      return;
    case 'pending':
      span.setAttribute(studio.toolPending, outcome.kind);
      break;
    case 'done':
      if (outcome.isError) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: remoteExcerpt(outcome.errorText ?? '') });
        span.setAttribute(errorType, 'tool_error');
      }
      break;
  }
  span.end();
}

function endRun(run: TracedRun, end: ObservedRunEnd): void {
  // A failure while the stored run was written after it settled reports a second end.
  if (run.ended) return;
  run.ended = true;
  const { span } = run;
  if (run.step) {
    if (end.status === 'failed' || end.status === 'aborted') run.step.span.setStatus({ code: SpanStatusCode.ERROR });
    run.step.span.end();
    run.step = undefined;
  }
  span.setAttributes({
    [studio.runStatus]: end.status,
    [genAi.inputTokens]: run.usage.inputTokens,
    [genAi.outputTokens]: run.usage.outputTokens,
  });
  if (end.status === 'finished') span.setAttribute(genAi.finishReasons, [end.finishReason]);
  else if (end.status === 'paused')
    span.setAttributes({ [studio.runPaused]: true, [studio.pendingCalls]: end.pendingCalls });
  else {
    span.setStatus({ code: SpanStatusCode.ERROR, message: remoteExcerpt(end.error.message) });
    span.setAttribute(errorType, end.error.code);
  }
  span.end();
}
