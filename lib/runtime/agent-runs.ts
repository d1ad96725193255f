/**
 * `runtime.loadAgent` and `runtime.runs`: running resolved agents and continuing their paused runs.
 * A run pins its version: a continuation resolves exactly the version the run started with (for a
 * code agent running as defined in code, the code), never whatever is published by then.
 */
import type { VersionSelector } from '../versions';
import type { Logger } from '../logger';
import { StudioError } from '../errors';
import { definedFields } from '../defined-fields';
import type { ModelRegistry } from './model-registry';
import type { RunEnvironment } from './run-environment';
import type { RunObserver } from './run-observer';
import type { RunStore } from './run-store';
import {
  identityOf,
  type RunChunk,
  type RunIdentity,
  type RunResult,
  type ContinuationOptions,
  type ContinuationParty,
} from './run-types';
import type { RunRecord, RecordedStep } from './run-record';
import { createRunnableAgent, type RunnableAgent } from './runnable-agent';
import { listItemOfRecord, readRunPage, type RunListItem, type RunListPage, type RunListRequest } from './run-list';
import { createRunner, type Continuation } from './runner';
import type { DetailedResolution, DetailedResolveOptions, DraftVersion } from './resolution-types';
import type { LanguageModelObject } from './model-registry';
import { taskToolSources } from './agent-tool-sources';
import type { TaskStore } from './task-store';
import { taskNote } from './task-tools';
import type { LoadInChain } from './stored-callables';
import { replayTestCase, type ReplayRequest, type ReplayResult } from './replay';

export interface LoadAgentOptions {
  requestContext?: Record<string, unknown>;
  /** Default: the published version. */
  selector?: VersionSelector;
  /** An unsaved draft to run instead of a stored version (checked by the editor; never with a selector). */
  draft?: DraftVersion;
  resourceId?: string;
  signal?: AbortSignal;
}

/**
 * The stored run as the API shows it: identity, status, pending calls and the transcript, what the
 * runs list shows of it, and its recorded steps. Where the list and this view name a field alike,
 * this view keeps the form it had before the list existed (`status` may be `aborted`; `label`,
 * `threadId` and `resourceId` are left out when absent).
 */
export interface RunView
  extends RunIdentity, Omit<RunListItem, keyof RunIdentity | 'status' | 'threadId' | 'resourceId' | 'error'> {
  status: RunRecord['status'];
  steps: Array<RecordedStep & { index: number }>;
  /** The conversation as the Playground shows it (the transcript). */
  messages: RunRecord['state']['transcript'];
  pending?: Array<{ toolCallId: string; toolName: string; kind: string }>;
  transcript: RunRecord['state']['transcript'];
  /** Files kept with the run, by path. */
  files?: Record<string, string>;
  error?: RunRecord['error'];
  threadId?: string;
  resourceId?: string;
  createdAt: string;
  updatedAt: string;
}

/** A continuation's request: its `resourceId` and caller must be the run's (else 403 `forbidden`). */
type ContinueCall<TExtra> = TExtra & { runId: string } & ContinuationOptions &
  ContinuationParty & { onChunk?: (chunk: RunChunk) => void };

export interface Runs {
  /** One page of stored runs, newest first, filtered (`GET /api/runs`). */
  list(request?: RunListRequest): Promise<RunListPage>;
  /** The stored run; `not_found` for an unknown id. */
  get(runId: string): Promise<RunView>;
  /** Deletes runs started before `before` (an ISO time) except those retention keeps; how many. */
  deleteExpired(before: string): Promise<number>;
  approve(request: ContinueCall<{ toolCallId: string }>): Promise<RunResult>;
  decline(request: ContinueCall<{ toolCallId: string }>): Promise<RunResult>;
  resume(request: ContinueCall<{ toolCallId?: string; resumeData: unknown }>): Promise<RunResult>;
  submitToolResults(
    request: ContinueCall<{ results: Array<{ toolCallId: string; output: unknown; modelOutput?: unknown }> }>,
  ): Promise<RunResult>;
}

export function environmentFromResolution({
  detailed,
  models,
  taskStore,
}: {
  detailed: DetailedResolution;
  models: Pick<ModelRegistry, 'resolve' | 'excerpt'>;
  taskStore: TaskStore;
}): RunEnvironment {
  const { resolution, codeAgent, defaultOptions } = detailed;
  const model =
    codeAgent && typeof codeAgent.model !== 'string'
      ? (codeAgent.model as LanguageModelObject)
      : models.resolve(resolution.model);
  // Sub-agents and workflows are resolved tools like any other; only the task tools join here.
  const extraSources = codeAgent ? taskToolSources({ agent: codeAgent, taskStore }) : [];
  return {
    agentId: resolution.agentId,
    versionId: resolution.versionId,
    versionNumber: resolution.versionNumber,
    label: resolution.label,
    draft: resolution.draft,
    resolvedToolsHash: resolution.resolvedToolsHash,
    instructions: resolution.instructions,
    model,
    tools: Object.fromEntries(Object.entries(resolution.tools).map(([name, entry]) => [name, entry.tool])),
    toolSources: Object.fromEntries(Object.entries(resolution.tools).map(([name, entry]) => [name, entry.source])),
    extraSources,
    hooks: codeAgent?.hooks,
    transformPolicy: codeAgent?.transform,
    stepNote: codeAgent?.taskTools ? taskNote(taskStore) : undefined,
    defaultOptions,
    toolApprovals: Object.fromEntries(
      Object.values(resolution.tools).flatMap((entry) => (entry.approval ? [[entry.name, entry.approval]] : [])),
    ),
  };
}

export function viewOfRun(record: RunRecord): RunView {
  const { status, state } = record;
  const { startedAt, finishedAt, durationMs, finishReason, usage, toolCallCount } = listItemOfRecord(record);
  return definedFields({
    ...identityOf(record),
    status,
    startedAt,
    finishedAt,
    durationMs,
    finishReason,
    usage,
    toolCallCount,
    steps: (state.steps ?? []).map((step, index) => ({ index, ...step })),
    messages: state.transcript,
    pending:
      state.pending.length > 0
        ? state.pending.map(({ toolCallId, toolName, kind }) => ({ toolCallId, toolName, kind }))
        : undefined,
    transcript: state.transcript,
    files: state.files,
    error: record.error,
    kind: record.kind,
    threadId: record.threadId,
    resourceId: record.resourceId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  });
}

export function createAgentRuns({
  resolveDetailed,
  models,
  runStore,
  taskStore,
  logger,
  observer,
}: {
  resolveDetailed(agentId: string, options?: DetailedResolveOptions): Promise<DetailedResolution>;
  models: Pick<ModelRegistry, 'resolve' | 'excerpt'> & Partial<Pick<ModelRegistry, 'refresh'>>;
  runStore: RunStore;
  taskStore: TaskStore;
  logger: Logger;
  /** Follows the lifecycle of every run (the studio's tracing). */
  observer?: RunObserver;
}): {
  loadAgent(agentId: string, options?: LoadAgentOptions): Promise<RunnableAgent>;
  /** Loads a stored agent's sub-agent for one call, one level further down the chain. */
  loadInChain: LoadInChain;
  replayTestCase(request: ReplayRequest): Promise<ReplayResult>;
  runs: Runs;
} {
  // Provider keys saved in Settings since the last run are read first: a run never needs a restart for them.
  const environmentOf = async (detailed: DetailedResolution) => {
    await models.refresh?.();
    return environmentFromResolution({ detailed, models, taskStore });
  };
  const runner = createRunner({
    store: runStore,
    models,
    logger,
    observer,
    async loadEnvironment(record) {
      const detailed = await resolveDetailed(record.agentId, {
        requestContext: record.requestContext,
        pinnedVersionId: record.versionId,
        resourceId: record.resourceId,
      });
      if (detailed.resolution.resolvedToolsHash !== record.resolvedToolsHash) {
        // The version is the same; a source (an MCP server, a provider) now offers other tools.
        logger.warn('A paused run continues with a changed tool set', {
          runId: record.runId,
          agentId: record.agentId,
          started: record.resolvedToolsHash,
          now: detailed.resolution.resolvedToolsHash,
        });
      }
      // A continuation starts a new chain of sub-agents (the default: the agent alone).
      const environment = await environmentOf(detailed);
      return { ...environment, label: record.label, resolvedToolsHash: record.resolvedToolsHash };
    },
  });

  const continueRun =
    <TExtra>(toContinuation: (request: ContinueCall<TExtra>) => Continuation) =>
    async (request: ContinueCall<TExtra>): Promise<RunResult> => {
      const { runId, resourceId, caller, actor, onChunk, hooks, toolsets, clientTools, prepareStep, abortSignal } =
        request;
      const options: ContinuationOptions = { hooks, toolsets, clientTools, prepareStep, abortSignal };
      return runner.continue({
        runId,
        resourceId,
        caller,
        actor,
        continuation: toContinuation(request),
        options,
        listener: onChunk,
      });
    };

  async function loadAgent(
    agentId: string,
    { requestContext = {}, selector, draft, resourceId, signal }: LoadAgentOptions = {},
    chain: readonly string[] = [agentId],
  ): Promise<RunnableAgent> {
    const detailed = await resolveDetailed(agentId, { requestContext, selector, draft, resourceId, signal, chain });
    // Built now, so a provider with no key fails here, before a run is stored or a model called.
    const environment = await environmentOf(detailed);
    return createRunnableAgent({ id: agentId, runner, requestContext, environment: () => environment });
  }

  function loadInChain(...[agentId, { requestContext, chain }]: Parameters<LoadInChain>): Promise<RunnableAgent> {
    return loadAgent(agentId, { requestContext }, chain);
  }

  return {
    loadAgent: (agentId, options) => loadAgent(agentId, options),
    loadInChain,
    replayTestCase: (request) => replayTestCase({ resolveDetailed, environmentOf, runner }, request),
    runs: {
      async list(request = {}) {
        return readRunPage(runStore, request);
      },
      deleteExpired: (before) => runStore.deleteExpired(before),
      async get(runId) {
        const record = await runner.get(runId);
        if (!record) throw new StudioError('not_found', `No run with id "${runId}".`, { runId });
        return viewOfRun(record);
      },
      approve: continueRun<{ toolCallId: string }>(({ toolCallId }) => ({ action: 'approve', toolCallId })),
      decline: continueRun<{ toolCallId: string }>(({ toolCallId }) => ({ action: 'decline', toolCallId })),
      resume: continueRun<{ toolCallId?: string; resumeData: unknown }>(({ toolCallId, resumeData }) => ({
        action: 'resume',
        resumeData,
        toolCallId,
      })),
      submitToolResults: continueRun<{
        results: Array<{ toolCallId: string; output: unknown; modelOutput?: unknown }>;
      }>(({ results }) => ({ action: 'tool-results', results })),
    },
  };
}
