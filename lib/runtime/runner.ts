/**
 * Starts runs and continues paused ones. A run is stored whenever it pauses, finishes or fails (a
 * streamed one also when it starts); a continuation (approve, decline, resume, client tool results) reads the run,
 * claims it by revision (so two continuations of one pause cannot both proceed), rebuilds the
 * pinned version's environment and goes on with the loop. Executable per-run options (hooks,
 * toolsets, prepareStep) are code: they are kept in this process for its paused runs, and a
 * continuation elsewhere may pass them again.
 */
import { createRunId } from './run-id';
import { APICallError, RetryError, type ModelMessage } from 'ai';
import { databaseBusyError, invalidInput, isDatabaseBusy, isStudioError, StudioError } from '../errors';
import type { Logger } from '../logger';
import { findOutboundError, remoteExcerpt } from '../net';
import { createModelOutput, createValidationError, freezeRequestContext, type RequestContext } from '../tools';
import type { ModelRegistry } from './model-registry';
import { defaultMaxSteps, mergeHooks, type RunEnvironment } from './run-environment';
import {
  applyOutcome,
  collectingEmit,
  persist,
  startCall,
  surroundings,
  type LoopContext,
  type Segment,
} from './run-loop';
import { createLiveTasks } from './background-tasks';
import { driveRun } from './drive-run';
import type { RunStore } from './run-store';
import { buildRunTools, clientToolDefinition, type RunTools } from './run-tools';
import type {
  ContinuationOptions,
  PendingKind,
  RunChunk,
  RunOptions,
  RunRecord,
  RunResult,
  StoredPendingCall,
} from './run-types';
import { declinedOutcome, runCall, type CallOutcome } from './tool-call-runner';
import { extractResumeData, suspendedCallOf } from './auto-resume';

export type Continuation =
  | { action: 'approve'; toolCallId: string }
  | { action: 'decline'; toolCallId: string }
  | { action: 'resume'; toolCallId?: string; resumeData: unknown }
  | { action: 'tool-results'; results: Array<{ toolCallId: string; output: unknown; modelOutput?: unknown }> };

export interface RunnerDependencies {
  store: RunStore;
  models: Pick<ModelRegistry, 'resolve' | 'excerpt'>;
  logger: Logger;
  /** Rebuilds the environment of a stored run (its pinned version and tool set). */
  loadEnvironment(record: RunRecord): Promise<RunEnvironment>;
  now?: () => Date;
}

export interface Runner {
  start(request: {
    environment: RunEnvironment;
    input: string | ModelMessage[];
    options?: RunOptions;
    stream: boolean;
    emit?: (chunk: RunChunk) => void;
  }): Promise<RunResult>;
  continue(request: {
    runId: string;
    continuation: Continuation;
    options?: ContinuationOptions;
    stream: boolean;
    emit?: (chunk: RunChunk) => void;
  }): Promise<RunResult>;
  get(runId: string): RunRecord | undefined;
}

const kindOf: Record<Exclude<Continuation['action'], 'tool-results'>, PendingKind> = {
  approve: 'approval',
  decline: 'approval',
  resume: 'suspended',
};

/**
 * How a failure reads over the API: provider failures are 503s, expected errors keep their code.
 * A provider's own words reach the message only as `excerpt` leaves them (short, keys blanked),
 * and a refusal of the outbound guard says which address class was refused.
 */
export function runFailure(error: unknown, { excerpt = (text: string) => remoteExcerpt(text) } = {}): StudioError {
  if (isStudioError(error)) return error;
  if (isDatabaseBusy(error)) return databaseBusyError(error);
  const refused = findOutboundError(RetryError.isInstance(error) ? error.lastError : error);
  if (refused) {
    return new StudioError(
      'unavailable',
      `The model provider cannot be reached: ${refused.message}`,
      { reason: refused.failure, ...(refused.addressClass ? { addressClass: refused.addressClass } : {}) },
      { cause: error },
    );
  }
  if (APICallError.isInstance(error) || RetryError.isInstance(error)) {
    return new StudioError('unavailable', `The model provider failed: ${excerpt(error.message)}`, undefined, {
      cause: error,
    });
  }
  if (error instanceof Error && error.name === 'AbortError')
    return new StudioError('unavailable', 'The run was aborted.', { reason: 'aborted' }, { cause: error });
  return new StudioError('internal_error', 'The run failed on the server. The details were logged.', undefined, {
    cause: error,
  });
}

/**
 * The current time as ISO text. Runs that start or end in the same millisecond share one string:
 * formatting a date costs more than the rest of stamping a run.
 */
let lastMillisecond = -1;
let lastTimestamp = '';
function currentTimestamp(): string {
  const millisecond = Date.now();
  if (millisecond !== lastMillisecond) {
    lastMillisecond = millisecond;
    lastTimestamp = new Date(millisecond).toISOString();
  }
  return lastTimestamp;
}

/** A run's tools: the environment's (with its extra sources and transform policy), then the run's own. */
function runToolsOf(
  environment: RunEnvironment,
  toolsets: ContinuationOptions['toolsets'],
  clientTools: RunRecord['state']['clientTools'],
): RunTools {
  // A plain literal (what is absent stays undefined): once per run.
  return buildRunTools({
    agentTools: environment.tools,
    extraSources: environment.extraSources,
    transformPolicy: environment.transformPolicy,
    toolsets,
    clientTools,
  });
}

function toMessages(input: string | ModelMessage[]): ModelMessage[] {
  return typeof input === 'string' ? [{ role: 'user', content: input }] : structuredClone(input);
}

export function createRunner({ store, models, logger, loadEnvironment, now }: RunnerDependencies): Runner {
  // Executable options of this process's paused runs (bounded; the oldest are forgotten first).
  const liveOptions = new Map<string, ContinuationOptions>();
  const rememberOptions = (runId: string, options: ContinuationOptions) => {
    liveOptions.set(runId, options);
    if (liveOptions.size > 1_000) liveOptions.delete(liveOptions.keys().next().value as string);
  };
  const timestamp = now ? () => now().toISOString() : currentTimestamp;

  /** Runs `before` (answering a continuation's calls) and the loop; a failure is saved and reported. */
  async function drive({
    context,
    segment,
    options,
    before,
  }: {
    context: LoopContext;
    segment: Segment;
    options: ContinuationOptions;
    before?: () => Promise<void>;
  }): Promise<RunResult> {
    const { record } = context;
    try {
      if (before) await before();
      const result = await driveRun(context, segment);
      if (result.status === 'paused') rememberOptions(record.runId, options);
      else liveOptions.delete(record.runId);
      return result;
    } catch (error) {
      const aborted = context.abortSignal?.aborted === true;
      const failure = runFailure(error, { excerpt: models.excerpt });
      if (failure.code === 'internal_error') logger.error('A run failed', { runId: record.runId, error });
      record.status = aborted ? 'aborted' : 'failed';
      record.error = failure.toBody().error;
      record.updatedAt = timestamp();
      try {
        persist(context);
      } catch (persistError) {
        // The failure is still answered (and streamed) as what it was, e.g. a busy database.
        logger.warn('A failed run could not be stored', { runId: record.runId, error: persistError });
      }
      liveOptions.delete(record.runId);
      context.emit({ type: 'error', runId: record.runId, payload: failure.toBody() });
      throw failure;
    }
  }

  function loopContext({
    record,
    environment,
    tools,
    options,
    stream,
    emit,
    listening,
    requestContext = freezeRequestContext(record.requestContext),
    unstored,
  }: {
    record: RunRecord;
    environment: RunEnvironment;
    tools: RunTools;
    options: ContinuationOptions;
    stream: boolean;
    emit: (chunk: RunChunk) => void;
    listening: boolean;
    /** The frozen request context when the caller has it already. */
    requestContext?: RequestContext;
    /** A run not stored yet: its first write is an insert. */
    unstored?: LoopContext['unstored'];
  }): LoopContext {
    // A plain literal (absent options stay undefined): one per run.
    return {
      record,
      requestContext,
      unstored,
      environment,
      tools,
      hooks: mergeHooks(environment.hooks, options.hooks),
      prepareStep: options.prepareStep,
      models,
      stream,
      abortSignal: options.abortSignal,
      store,
      logger,
      now: timestamp,
      emit,
      listening,
      live: createLiveTasks(),
    };
  }

  function identityChunk(record: RunRecord): RunChunk {
    const { runId, agentId, versionId, versionNumber, label, resolvedToolsHash } = record;
    return {
      type: 'start',
      runId,
      payload: {
        runId,
        agentId,
        versionId,
        versionNumber,
        ...(label === undefined ? {} : { label }),
        resolvedToolsHash,
      },
    };
  }

  /**
   * The loop's `emit`: it collects the result's calls, results and text on the way. Without a
   * listener (a generated run), chunks that only a listener reads are not made (`listening`).
   */
  function startEmitting(record: RunRecord, emit: ((chunk: RunChunk) => void) | undefined) {
    const collected = collectingEmit(emit ?? (() => undefined));
    if (emit) collected.emit(identityChunk(record));
    return collected;
  }

  const continueRun: Runner['continue'] = async ({ runId, continuation, options: given = {}, stream, emit }) => {
    const record = store.get(runId);
    if (!record) throw new StudioError('not_found', `No run with id "${runId}".`, { runId });
    if (record.status !== 'paused') {
      throw new StudioError(
        'conflict',
        `Run "${runId}" is not waiting for anything (its status is ${record.status}).`,
        {
          runId,
          status: record.status,
        },
      );
    }
    const targets = pendingTargets(record, continuation);
    const options: ContinuationOptions = { ...liveOptions.get(runId), ...given };
    const environment = await loadEnvironment(record);
    const tools = runToolsOf(environment, options.toolsets, record.state.clientTools);
    if (continuation.action === 'resume') checkResumeData(tools, targets[0]!, continuation.resumeData);
    if (!store.claim({ runId, revision: record.revision, now: timestamp() })) {
      throw new StudioError('conflict', `Run "${runId}" is already being continued by another request.`, { runId });
    }
    record.revision += 1;
    record.status = 'running';
    const collected = startEmitting(record, emit);
    const context = loopContext({
      record,
      environment,
      tools,
      options,
      stream,
      emit: collected.emit,
      listening: emit !== undefined,
    });
    return drive({
      context,
      segment: collected.segment,
      options,
      async before() {
        const answered = new Set(targets.map((target) => target.toolCallId));
        record.state.pending = record.state.pending.filter((call) => !answered.has(call.toolCallId));
        const outcomes = await Promise.all(targets.map((target) => answer({ context, target, continuation })));
        for (const outcome of outcomes) applyOutcome(record, outcome);
      },
    });
  };

  /**
   * `autoResumeSuspendedTools`: the thread's newest paused run, when it waits for resume data that
   * this message clearly gives, is resumed with it (and its result answers this call).
   */
  async function autoResume(request: Parameters<Runner['start']>[0]): Promise<RunResult | undefined> {
    const { input, options = {}, stream, emit } = request;
    if (!options.autoResumeSuspendedTools || options.threadId === undefined) return undefined;
    const paused = store.latestPausedInThread({ agentId: request.environment.agentId, threadId: options.threadId });
    if (!paused) return undefined;
    const pinned = await loadEnvironment(paused);
    const target = suspendedCallOf(paused, pinned.tools);
    if (!target) return undefined;
    const found = await extractResumeData({
      model: pinned.model,
      ...target,
      messages: toMessages(input),
      ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
    });
    if (!found) return undefined;
    logger.info('A message resumed a suspended call', { runId: paused.runId, toolCallId: target.call.toolCallId });
    return continueRun({
      runId: paused.runId,
      continuation: { action: 'resume', toolCallId: target.call.toolCallId, resumeData: found.resumeData },
      options: {
        ...(options.hooks ? { hooks: options.hooks } : {}),
        ...(options.toolsets ? { toolsets: options.toolsets } : {}),
        ...(options.prepareStep ? { prepareStep: options.prepareStep } : {}),
        ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
      },
      stream,
      ...(emit ? { emit } : {}),
    });
  }

  return {
    async start(request) {
      if (request.options?.autoResumeSuspendedTools) {
        const resumed = await autoResume(request);
        if (resumed) return resumed;
      }
      const { environment, input, options = {}, stream, emit } = request;
      const clientTools = options.clientTools
        ? Object.fromEntries(
            Object.entries(options.clientTools).map(([name, value]) => [name, clientToolDefinition(value)]),
          )
        : {};
      const tools = runToolsOf(environment, options.toolsets, clientTools);
      const runId = options.runId ?? createRunId();
      if (options.runId !== undefined && store.get(runId)) {
        throw new StudioError('conflict', `A run with id "${runId}" already exists; leave runId out for a new id.`, {
          runId,
        });
      }
      const messages = toMessages(input);
      const defaults = environment.defaultOptions ?? {};
      const toolChoice = options.toolChoice ?? defaults.toolChoice;
      const activeTools = options.activeTools ?? defaults.activeTools;
      const at = timestamp();
      const requestContext = freezeRequestContext(options.requestContext);
      const record: RunRecord = {
        runId,
        agentId: environment.agentId,
        versionId: environment.versionId,
        versionNumber: environment.versionNumber,
        ...(environment.label === undefined ? {} : { label: environment.label }),
        resolvedToolsHash: environment.resolvedToolsHash,
        status: 'running',
        ...(options.threadId === undefined ? {} : { threadId: options.threadId }),
        ...(options.resourceId === undefined ? {} : { resourceId: options.resourceId }),
        requestContext: { ...requestContext },
        state: {
          messages,
          stepCount: 0,
          pending: [],
          clientTools,
          options: {
            ...(toolChoice ? { toolChoice } : {}),
            ...(activeTools ? { activeTools } : {}),
            maxSteps: options.maxSteps ?? defaults.maxSteps ?? defaultMaxSteps,
          },
          transcript: messages
            .filter((message) => message.role === 'user')
            .map((message) => ({ type: 'user' as const, content: message.content })),
          usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
        },
        revision: 0,
        createdAt: at,
        updatedAt: at,
      };
      if (stream) store.insert(record);
      const collected = startEmitting(record, emit);
      const continuation: ContinuationOptions = {
        hooks: options.hooks,
        toolsets: options.toolsets,
        prepareStep: options.prepareStep,
        abortSignal: options.abortSignal,
      };
      const context = loopContext({
        record,
        environment,
        tools,
        options: continuation,
        stream,
        emit: collected.emit,
        listening: emit !== undefined,
        requestContext,
        unstored: { value: !stream },
      });
      return drive({ context, segment: collected.segment, options: continuation });
    },

    continue: continueRun,

    get: (runId) => store.get(runId),
  };
}

/** The pending calls a continuation answers; a toolCallId that is not pending (or of another kind) is 409. */
function pendingTargets(record: RunRecord, continuation: Continuation): StoredPendingCall[] {
  const { pending } = record.state;
  const conflict = (toolCallId: string, expected: PendingKind) => {
    const call = pending.find((candidate) => candidate.toolCallId === toolCallId);
    const why = call
      ? `it waits for ${call.kind === 'approval' ? 'an approval' : call.kind === 'suspended' ? 'resume data' : 'a client result'}`
      : 'it is not pending';
    return new StudioError(
      'conflict',
      `Run "${record.runId}" cannot take ${expected === 'approval' ? 'an approval' : expected === 'suspended' ? 'resume data' : 'a client result'} for tool call "${toolCallId}": ${why}.`,
      {
        runId: record.runId,
        toolCallId,
        pending: pending.map(({ toolCallId: id, kind }) => ({ toolCallId: id, kind })),
      },
    );
  };
  if (continuation.action === 'tool-results') {
    return continuation.results.map(({ toolCallId }) => {
      const call = pending.find((candidate) => candidate.toolCallId === toolCallId && candidate.kind === 'client');
      if (!call) throw conflict(toolCallId, 'client');
      return call;
    });
  }
  const kind = kindOf[continuation.action];
  if (continuation.action === 'resume' && continuation.toolCallId === undefined) {
    const suspended = pending.filter((call) => call.kind === 'suspended');
    if (suspended.length !== 1) {
      throw invalidInput([
        {
          path: 'toolCallId',
          message: `Run "${record.runId}" has ${suspended.length} suspended calls: name the one to resume.`,
        },
      ]);
    }
    return suspended;
  }
  const toolCallId = continuation.toolCallId!;
  const call = pending.find((candidate) => candidate.toolCallId === toolCallId && candidate.kind === kind);
  if (!call) throw conflict(toolCallId, kind);
  return [call];
}

/** Resume data failing the tool's `resumeSchema` is the caller's mistake: 400 with the standard message. */
function checkResumeData(tools: RunTools, call: StoredPendingCall, resumeData: unknown) {
  const schema = tools.executable[call.toolName]?.schemas.resume;
  if (!schema) return;
  const result = schema.validate(resumeData);
  if (result.success) return;
  const error = createValidationError({
    kind: 'resume',
    toolId: tools.executable[call.toolName]!.id,
    issues: result.issues,
    value: resumeData,
  });
  throw new StudioError('invalid_input', error.message, {
    issues: error.validationErrors.map((issue) => ({
      path: `resumeData${issue.path === 'root' ? '' : `.${issue.path}`}`,
      message: issue.message,
    })),
  });
}

async function answer({
  context,
  target,
  continuation,
}: {
  context: LoopContext;
  target: StoredPendingCall;
  continuation: Continuation;
}): Promise<CallOutcome> {
  const around = surroundings(context);
  const { toolCallId, toolName, input } = target;
  const tool = context.tools.executable[toolName];
  switch (continuation.action) {
    case 'decline':
      around.record({ type: 'tool-call-decision', toolCallId, toolName, decision: 'declined' });
      return declinedOutcome({ toolCallId, toolName, around });
    case 'approve':
      around.record({ type: 'tool-call-decision', toolCallId, toolName, decision: 'approved' });
      return startCall({
        context,
        around,
        call: target,
        offered: Object.keys(context.tools.executable),
        mode: { kind: 'approved' },
      });
    case 'resume': {
      if (!tool)
        throw new StudioError('conflict', `The tool "${toolName}" is no longer part of this agent.`, { toolName });
      around.record({ type: 'tool-call-resumed', toolCallId, toolName, resumeData: continuation.resumeData });
      return runCall({
        tool,
        toolCallId,
        toolName,
        input,
        mode: { kind: 'resume', resumeData: continuation.resumeData, suspendPayload: target.suspendPayload },
        around,
      });
    }
    case 'tool-results': {
      const given = continuation.results.find((result) => result.toolCallId === toolCallId)!;
      const output = given.modelOutput ?? (await createModelOutput({ tool: { id: toolName }, output: given.output }));
      context.emit({
        type: 'tool-result',
        runId: context.record.runId,
        payload: { toolCallId, toolName, result: given.output, isError: false },
      });
      around.record({ type: 'tool-result', toolCallId, toolName, result: given.output, isError: false });
      return { status: 'done', part: { type: 'tool-result', toolCallId, toolName, output: output as never } };
    }
  }
}
