/**
 * The runner: where runs start and paused runs continue. Each request opens a run session
 * (`run-session/`): a new run, or a paused run claimed by revision with its waiting calls answered;
 * the session is driven until the run finishes or waits, and a failure is stored and reported.
 * Executable per-run options (hooks, toolsets, prepareStep) are code: they are kept in this process
 * for its paused runs, and a continuation elsewhere may pass them again.
 */
import { APICallError, RetryError } from 'ai';
import {
  databaseBusyError,
  databaseUnavailableError,
  isDatabaseBusy,
  isDatabaseUnreachable,
  isStudioError,
  StudioError,
} from '../errors';
import { definedFields } from '../defined-fields';
import type { Logger } from '../logger';
import { findOutboundError, remoteExcerpt } from '../net';
import { extractResumeData, suspendedCallOf } from './auto-resume';
import { mayContinue } from './continuation';
import type { ModelRegistry } from './model-registry';
import type { RunEnvironment } from './run-environment';
import type { RunObserver } from './run-observer';
import {
  answerContinuation,
  driveSession,
  emit,
  openContinuation,
  openNewRun,
  persist,
  toMessages,
  type ContinuationRequest,
  type NewRunRequest,
  type RunDependencies,
  type RunSession,
} from './run-session';
import type { RunStore } from './run-store';
import { structuredOutputFailureOf } from './structured-output';
import { toolChoiceFailureOf } from './tool-choice-check';
import type { ContinuationOptions, RunResult } from './run-types';
import type { RunRecord } from './run-record';

export type { Continuation } from './continuation';

export interface RunnerDependencies {
  store: RunStore;
  models: Pick<ModelRegistry, 'resolve' | 'excerpt'>;
  logger: Logger;
  /** Rebuilds the environment of a stored run (its pinned version and tool set). */
  loadEnvironment(record: RunRecord): Promise<RunEnvironment>;
  now?: () => Date;
  /** Follows every run's lifecycle (the studio's tracing); none by default. */
  observer?: RunObserver;
}

export interface Runner {
  start(request: NewRunRequest): Promise<RunResult>;
  continue(request: ContinuationRequest): Promise<RunResult>;
  get(runId: string): Promise<RunRecord | undefined>;
}

/** How many paused runs' executable options one process keeps (the oldest are forgotten first). */
const keptOptionsLimit = 1_000;

const abortedRun = (cause: unknown) =>
  new StudioError('unavailable', 'The run was aborted.', { reason: 'aborted' }, { cause });

/**
 * How a failure reads over the API: provider failures and a database out of reach are 503s,
 * expected errors keep their code.
 * A provider's own words reach the message only as `excerpt` leaves them (short, keys blanked),
 * and a refusal of the outbound guard says which address class was refused.
 */
export function runFailure(error: unknown, { excerpt = (text: string) => remoteExcerpt(text) } = {}): StudioError {
  if (isStudioError(error)) return error;
  if (isDatabaseBusy(error)) return databaseBusyError(error);
  const modelFailure = toolChoiceFailureOf(error) ?? structuredOutputFailureOf(error);
  if (modelFailure) return modelFailure;
  const refused = findOutboundError(RetryError.isInstance(error) ? error.lastError : error);
  if (refused) {
    return new StudioError(
      'unavailable',
      `The model provider cannot be reached: ${refused.message}`,
      definedFields({ reason: refused.failure, addressClass: refused.addressClass }),
      { cause: error },
    );
  }
  if (APICallError.isInstance(error) || RetryError.isInstance(error)) {
    return new StudioError('unavailable', `The model provider failed: ${excerpt(error.message)}`, undefined, {
      cause: error,
    });
  }
  if (error instanceof Error && error.name === 'AbortError') return abortedRun(error);
  // After the provider's failures: a refused connection to the model is the provider's, not the database's.
  if (isDatabaseUnreachable(error)) return databaseUnavailableError(error);
  return new StudioError('internal_error', 'The run failed on the server. The details were logged.', undefined, {
    cause: error,
  });
}

/** A continuation's options: what the request passes, else what this process kept for the run. */
function withKept(kept: ContinuationOptions = {}, given: ContinuationOptions = {}): ContinuationOptions {
  return {
    hooks: given.hooks ?? kept.hooks,
    toolsets: given.toolsets ?? kept.toolsets,
    clientTools: given.clientTools ?? kept.clientTools,
    prepareStep: given.prepareStep ?? kept.prepareStep,
    abortSignal: given.abortSignal ?? kept.abortSignal,
  };
}

export function createRunner({ store, models, logger, loadEnvironment, now, observer }: RunnerDependencies): Runner {
  const dependencies: RunDependencies = {
    store,
    models,
    logger,
    now: now ? () => now().toISOString() : () => new Date().toISOString(),
    observer,
  };
  // Executable options of this process's paused runs.
  const keptOptions = new Map<string, ContinuationOptions>();

  /** Drives a session; a failure is stored and streamed as what it was, then thrown. */
  async function drive(session: RunSession, options: ContinuationOptions, before?: () => Promise<void>) {
    const { record } = session;
    try {
      if (before) await before();
      const result = await driveSession(session);
      keptOptions.delete(record.runId);
      if (result.status === 'paused') {
        keptOptions.set(record.runId, options);
        if (keptOptions.size > keptOptionsLimit) keptOptions.delete(keptOptions.keys().next().value as string);
      }
      return result;
    } catch (error) {
      keptOptions.delete(record.runId);
      throw await failSession(session, error);
    }
  }

  async function failSession(session: RunSession, error: unknown): Promise<StudioError> {
    const { record } = session;
    // Aborted by its caller (a client gone mid-request, whatever the reason the server gave the
    // signal): the run was stopped, it did not fail on the server.
    const failure = runFailure(session.abortSignal?.aborted ? abortedRun(error) : error, { excerpt: models.excerpt });
    if (failure.code === 'internal_error') logger.error('A run failed', { runId: record.runId, error });
    const status = session.abortSignal?.aborted ? 'aborted' : 'failed';
    record.status = status;
    record.error = failure.toBody().error;
    record.updatedAt = dependencies.now();
    record.finishedAt = record.updatedAt;
    try {
      await persist(session);
    } catch (persistError) {
      // The failure is still answered (and streamed) as what it was, e.g. a busy database.
      logger.warn('A failed run could not be stored', { runId: record.runId, error: persistError });
    }
    session.observation?.runEnded({ status, error: { code: failure.code, message: failure.message } });
    emit(session, { type: 'error', runId: record.runId, payload: failure.toBody() });
    return failure;
  }

  async function continueRun(request: ContinuationRequest): Promise<RunResult> {
    const options = withKept(keptOptions.get(request.runId), request.options);
    const session = await openContinuation({ dependencies, request: { ...request, options }, loadEnvironment });
    return drive(session, options, () => answerContinuation(session, request.continuation));
  }

  /**
   * `autoResumeSuspendedTools`: the newest paused run of this thread and resource, when it waits for
   * resume data that this message clearly gives, is resumed with it (and its result answers this
   * call). A thread id alone finds nothing: a paused run of another resource, or one this caller
   * may not continue, is left alone and the message starts a new run, as if there were none.
   */
  async function autoResume({ environment, input, options = {}, listener }: NewRunRequest) {
    if (options.threadId === undefined) return undefined;
    const { resourceId, caller } = options;
    const paused = await store.latestPausedInThread({
      agentId: environment.agentId,
      threadId: options.threadId,
      resourceId,
    });
    if (!paused || !mayContinue(paused, { resourceId, caller })) return undefined;
    const pinned = await loadEnvironment(paused);
    const target = suspendedCallOf(paused, pinned.tools);
    if (!target) return undefined;
    const found = await extractResumeData({
      model: pinned.model,
      ...target,
      messages: toMessages(input),
      abortSignal: options.abortSignal,
    });
    if (!found) return undefined;
    logger.info('A message resumed a suspended call', { runId: paused.runId, toolCallId: target.call.toolCallId });
    const { hooks, toolsets, prepareStep, abortSignal } = options;
    return continueRun({
      runId: paused.runId,
      resourceId,
      caller,
      continuation: { action: 'resume', toolCallId: target.call.toolCallId, resumeData: found.resumeData },
      options: { hooks, toolsets, prepareStep, abortSignal },
      listener,
    });
  }

  return {
    async start(request) {
      if (request.options?.autoResumeSuspendedTools) {
        const resumed = await autoResume(request);
        if (resumed) return resumed;
      }
      const session = await openNewRun(dependencies, request);
      const { hooks, toolsets, prepareStep, abortSignal } = request.options ?? {};
      return drive(session, { hooks, toolsets, prepareStep, abortSignal });
    },
    continue: continueRun,
    get: (runId) => store.get(runId),
  };
}
