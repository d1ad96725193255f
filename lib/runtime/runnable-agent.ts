/**
 * A runnable agent: `generate()` answers when the run finishes or pauses; `stream()` hands out the
 * typed chunks as they happen, with the same result at the end. Both open a run session
 * (`run-session/`), and paused runs continue through the same agent or through `runtime.runs`.
 */
import { createRunId } from './run-id';
import type { RunEnvironment } from './run-environment';
import type { Continuation, Runner } from './runner';
import type { AgentStream, ContinueRequest, RunChunk, RunnableAgent, RunOptions, RunResult } from './run-types';

export type { AgentStream, ContinueRequest, RunnableAgent };

/**
 * Turns a run started with an `emit` callback into a chunk stream plus its result. Cancelling the
 * stream aborts the run through its signal (joined with the caller's own).
 */
export function streamRun({
  runId,
  abortSignal,
  start,
}: {
  runId: string;
  abortSignal?: AbortSignal;
  start: (emit: (chunk: RunChunk) => void, abortSignal: AbortSignal) => Promise<RunResult>;
}): AgentStream {
  const cancelled = new AbortController();
  const signal = abortSignal ? AbortSignal.any([abortSignal, cancelled.signal]) : cancelled.signal;
  let controller!: ReadableStreamDefaultController<RunChunk>;
  let open = true;
  const fullStream = new ReadableStream<RunChunk>({
    start(given) {
      controller = given;
    },
    cancel(reason) {
      open = false;
      cancelled.abort(reason ?? new DOMException('The stream was cancelled.', 'AbortError'));
    },
  });
  const close = () => {
    if (!open) return;
    open = false;
    controller.close();
  };
  const result = Promise.resolve()
    .then(() => start((chunk) => open && controller.enqueue(chunk), signal))
    .finally(close);
  // A caller reading only the stream sees the failure as its `error` chunk.
  result.catch(() => undefined);
  return { runId, fullStream, result };
}

export function createRunnableAgent({
  id,
  runner,
  environment,
  requestContext,
}: {
  id: string;
  runner: Runner;
  /** Built when a run starts (for its request context): a model with no key fails there, before any call. */
  environment: (requestContext: Record<string, unknown>) => RunEnvironment;
  /** The request context the agent was loaded for (used unless a run passes its own). */
  requestContext?: Record<string, unknown>;
}): RunnableAgent {
  const withContext = (options: RunOptions): RunOptions =>
    options.requestContext === undefined && requestContext !== undefined ? { ...options, requestContext } : options;

  const continueWith = (
    continuation: Continuation,
    { runId, resourceId, caller, actor, ...options }: ContinueRequest,
  ) => runner.continue({ runId, resourceId, caller, actor, continuation, options });

  const continueStream = (
    continuation: Continuation,
    { runId, resourceId, caller, actor, abortSignal, ...options }: ContinueRequest,
  ) =>
    streamRun({
      runId,
      abortSignal,
      start: (emit, signal) =>
        runner.continue({
          runId,
          resourceId,
          caller,
          actor,
          continuation,
          options: { ...options, abortSignal: signal },
          listener: emit,
        }),
    });

  return {
    id,
    async generate(input, given = {}) {
      const options = withContext(given);
      return runner.start({ environment: environment(options.requestContext ?? {}), input, options });
    },
    stream(input, options = {}) {
      const runId = options.runId ?? createRunId();
      return streamRun({
        runId,
        abortSignal: options.abortSignal,
        start: async (emit, abortSignal) =>
          runner.start({
            environment: environment(withContext(options).requestContext ?? {}),
            input,
            options: { ...withContext(options), abortSignal },
            newRunId: runId,
            listener: emit,
          }),
      });
    },
    approveToolCall: ({ toolCallId, ...request }) => continueWith({ action: 'approve', toolCallId }, request),
    declineToolCall: ({ toolCallId, ...request }) => continueWith({ action: 'decline', toolCallId }, request),
    resumeGenerate: (resumeData, { toolCallId, ...request }) =>
      continueWith({ action: 'resume', resumeData, toolCallId: toolCallId || undefined }, request),
    resumeStream: (resumeData, { toolCallId, ...request }) =>
      continueStream({ action: 'resume', resumeData, toolCallId: toolCallId || undefined }, request),
    submitToolResults: ({ results, ...request }) => continueWith({ action: 'tool-results', results }, request),
  };
}
