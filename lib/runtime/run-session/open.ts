/**
 * Opening a run session: a new run (its record built from the environment and the run's options),
 * or a paused run continued (read, checked, claimed by revision so that two continuations of one
 * pause cannot both proceed, and its waiting calls answered).
 */
import type { ModelMessage } from 'ai';
import { StudioError } from '../../errors';
import { callSettingNames, type CallSettings, type DefaultOptions } from '../../snapshots';
import { freezeRequestContext, type RequestContext } from '../../tools';
import { createLiveTasks } from '../background-tasks';
import { checkContinuationParty, checkResumeData, pendingTargets, type Continuation } from '../continuation';
import { createRunId } from '../run-id';
import { checkRunToolNames } from '../run-tool-names';
import { defaultMaxSteps, mergeHooks, type RunEnvironment } from '../run-environment';
import { buildRunTools, clientToolDefinition, type RunTools } from '../run-tools';
import { outputJsonSchema } from '../structured-output';
import type { ClientToolDefinition, ContinuationOptions, ContinuationParty, RunChunk, RunOptions } from '../run-types';
import type { RunRecord } from '../run-record';
import { answerPendingCall, applyOutcome } from './calls';
import { createRunTiming } from './recorded-steps';
import { callSurroundings, emit, startChunk, type RunDependencies, type RunSession } from './session';

export interface NewRunRequest {
  environment: RunEnvironment;
  input: string | ModelMessage[];
  options?: RunOptions;
  /** Who reads the chunks as they happen; without one the run is generated. */
  listener?: (chunk: RunChunk) => void;
  /**
   * An id the studio made for the run already (a stream names its run before it starts); unlike
   * `options.runId`, the caller's choice, it is not looked up for a collision.
   */
  newRunId?: string;
  /** `evaluation` marks a replay of a test case (set by the studio, never by a caller's options). */
  kind?: 'evaluation';
}

export interface ContinuationRequest extends ContinuationParty {
  runId: string;
  continuation: Continuation;
  options?: ContinuationOptions;
  listener?: (chunk: RunChunk) => void;
}

export function toMessages(input: string | ModelMessage[]): ModelMessage[] {
  return typeof input === 'string' ? [{ role: 'user', content: input }] : structuredClone(input);
}

/** A run's tools: the environment's (with its extra sources and transform policy), then the run's own. */
function runToolsOf(
  environment: RunEnvironment,
  toolsets: ContinuationOptions['toolsets'],
  clientTools: Record<string, ClientToolDefinition>,
): RunTools {
  return buildRunTools({
    agentTools: environment.tools,
    agentToolSources: environment.toolSources,
    extraSources: environment.extraSources,
    transformPolicy: environment.transformPolicy,
    toolsets,
    clientTools,
  });
}

/** What a session runs: the run, its environment and its tool set. */
interface SessionRun {
  dependencies: RunDependencies;
  record: RunRecord;
  environment: RunEnvironment;
  tools: RunTools;
}

/** How a session was entered. */
interface SessionEntry {
  options: ContinuationOptions;
  listener: ((chunk: RunChunk) => void) | undefined;
  stored: boolean;
  /** Whether the session continues a paused run. */
  continued: boolean;
  /** Who answers the run's waiting calls in this session. */
  actor?: string;
  /** The frozen request context, when the caller has it already. */
  requestContext?: RequestContext;
}

function sessionOf(
  { dependencies, record, environment, tools }: SessionRun,
  {
    options,
    listener,
    stored,
    continued,
    actor,
    requestContext = freezeRequestContext(record.requestContext),
  }: SessionEntry,
): RunSession {
  const session: RunSession = {
    dependencies,
    record,
    environment,
    tools,
    hooks: mergeHooks(environment.hooks, options.hooks),
    prepareStep: options.prepareStep,
    abortSignal: options.abortSignal,
    requestContext,
    stored,
    listener,
    reply: { toolCalls: [], toolResults: [], text: '' },
    live: createLiveTasks(),
    observation: dependencies.observer?.runStarted({ record, model: environment.model, continued }),
    recording: { state: record.state, timing: createRunTiming(), sources: tools.sources, now: dependencies.now },
    actor,
  };
  emit(session, startChunk(record));
  return session;
}

/**
 * Stores a new run now when it needs to be: a caller-chosen id is taken by inserting the row first
 * (the id is the primary key, so of two requests with one new id exactly one gets it, in any
 * process); a run someone listens to is stored so its id can be looked up while it runs. Whether
 * the record was written.
 */
async function storeAtStart(
  store: RunDependencies['store'],
  record: RunRecord,
  { callerChoseId = false, listened = false },
): Promise<boolean> {
  if (callerChoseId) {
    if (!(await store.insertNew(record))) {
      throw new StudioError(
        'conflict',
        `A run with id "${record.runId}" already exists; leave runId out for a new id.`,
        {
          runId: record.runId,
        },
      );
    }
    return true;
  }
  if (!listened) return false;
  await store.insert(record);
  return true;
}

/** A new run: refused when a caller-chosen run id is taken; stored at once when someone listens. */
export async function openNewRun(dependencies: RunDependencies, request: NewRunRequest): Promise<RunSession> {
  const { environment, input, options = {}, listener, newRunId, kind } = request;
  const clientTools = Object.fromEntries(
    Object.entries(options.clientTools ?? {}).map(([name, value]) => [name, clientToolDefinition(value)]),
  );
  const tools = runToolsOf(environment, options.toolsets, clientTools);
  const defaults = environment.defaultOptions ?? {};
  checkRunToolNames({ names: tools.names, request: options, defaults });
  const runId = options.runId ?? newRunId ?? createRunId();
  // Checked before anything is stored: a context that is not plain JSON is refused.
  const requestContext = freezeRequestContext(options.requestContext);
  const messages = toMessages(input);
  const output = options.output ?? defaults.output;
  // Checked before anything is stored, like the request context: a schema that cannot be used is a 400.
  const outputSchema = output === undefined ? undefined : outputJsonSchema(output);
  const at = dependencies.now();
  const record: RunRecord = {
    runId,
    agentId: environment.agentId,
    versionId: environment.versionId,
    versionNumber: environment.versionNumber,
    label: environment.label,
    draft: environment.draft,
    resolvedToolsHash: environment.resolvedToolsHash,
    status: 'running',
    threadId: options.threadId,
    resourceId: options.resourceId,
    createdBy: options.caller?.id,
    kind,
    requestContext: { ...requestContext },
    state: {
      messages,
      stepCount: 0,
      pending: [],
      clientTools,
      options: {
        toolChoice: options.toolChoice ?? defaults.toolChoice,
        activeTools: options.activeTools ?? defaults.activeTools,
        maxSteps: options.maxSteps ?? defaults.maxSteps ?? defaultMaxSteps,
        output: outputSchema,
        ...callSettingsOf(defaults),
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
  const stored = await storeAtStart(dependencies.store, record, {
    callerChoseId: options.runId !== undefined,
    listened: listener !== undefined,
  });
  return sessionOf(
    { dependencies, record, environment, tools },
    { options, listener, stored, continued: false, requestContext },
  );
}

/**
 * A paused run continued: it must be the caller's (resource and, with sign-in, key or user), the
 * calls it answers must be pending, resume data must fit, and the run is claimed by revision before
 * anything runs. The answered calls close its open step.
 */
export async function openContinuation({
  dependencies,
  request,
  loadEnvironment,
}: {
  dependencies: RunDependencies;
  request: ContinuationRequest;
  /** Rebuilds the environment of a stored run (its pinned version and tool set). */
  loadEnvironment(record: RunRecord): Promise<RunEnvironment>;
}): Promise<RunSession> {
  const { runId, continuation, options = {}, listener } = request;
  const { store } = dependencies;
  const record = await store.get(runId);
  if (!record) throw new StudioError('not_found', `No run with id "${runId}".`, { runId });
  checkContinuationParty(record, request);
  if (record.status !== 'paused') {
    throw new StudioError('conflict', `Run "${runId}" is not waiting for anything (its status is ${record.status}).`, {
      runId,
      status: record.status,
    });
  }
  const targets = pendingTargets(record, continuation);
  const environment = await loadEnvironment(record);
  const tools = runToolsOf(environment, options.toolsets, record.state.clientTools);
  if (continuation.action === 'resume') checkResumeData(tools, targets[0]!, continuation.resumeData);
  if (!(await store.claim({ runId, revision: record.revision, now: dependencies.now() }))) {
    throw new StudioError('conflict', `Run "${runId}" is already being continued by another request.`, { runId });
  }
  record.revision += 1;
  record.status = 'running';
  return sessionOf(
    { dependencies, record, environment, tools },
    { options, listener, stored: true, continued: true, actor: request.actor },
  );
}

/** Answers the calls a continuation names; their results join the run's open step. */
export async function answerContinuation(session: RunSession, continuation: Continuation): Promise<void> {
  const { state } = session.record;
  const targets = pendingTargets(session.record, continuation);
  const answered = new Set(targets.map((target) => target.toolCallId));
  state.pending = state.pending.filter((call) => !answered.has(call.toolCallId));
  const around = callSurroundings(session);
  const outcomes = await Promise.all(
    targets.map((target) => answerPendingCall({ session, around, target, continuation })),
  );
  for (const outcome of outcomes) applyOutcome(session, outcome);
}

/** The model call settings among a version's default options, as the run keeps them (absent when none). */
function callSettingsOf(defaults: DefaultOptions): { settings?: CallSettings } {
  const settings = Object.fromEntries(
    callSettingNames.filter((name) => defaults[name] !== undefined).map((name) => [name, defaults[name]]),
  );
  return Object.keys(settings).length > 0 ? { settings } : {};
}
