/**
 * `createStudio().runtime`: resolve an agent for one request. The version is read (published by
 * default), the pure plan decides what to load, the loaders fetch concurrently under a deadline,
 * the pure merge builds the tools, and the studio's resolution cache keeps the merged tools,
 * explanation and hash per (version, matched variants, source state). Failing sources are warnings;
 * only a missing version fails.
 */
import type { AgentSnapshot } from '../snapshots';
import type { SourceLoader } from '../sources';
import { silentLogger, type Logger } from '../logger';
import { isRecord } from '../is-record';
import type { ToolCallResult } from '../tools';
import type { ComparableTool } from '../versions';
import { callResolvedTool } from './call-resolved-tool';
import type { CodeAgentRegistry } from './code-agent';
import type { AgentVersionReader } from './find-version';
import { resolveAgent, resolveTools, type Resolving } from './resolve-agent';
import { checkedResolveOptions } from './resolve-options-check';
import type {
  DetailedResolution,
  DetailedResolveOptions,
  DraftVersion,
  Resolution,
  ResolveOptions,
} from './resolution-types';
import { createAgentRuns, type LoadAgentOptions, type Runs } from './agent-runs';
import type { ReplayRequest, ReplayResult } from './replay';
import type { ModelRegistry } from './model-registry';
import type { ResolutionCache } from './resolution-cache';
import type { RunObserver } from './run-observer';
import type { RunStore } from './run-store';
import { createMemoryTaskStore, type TaskStore } from './task-store';
import type { RunnableAgent } from './runnable-agent';
import type { TaskItem } from './task-list';
import { createWorkflowRegistry, type WorkflowRegistry } from '../workflows';
import { createStandaloneAgents } from './standalone';

export type { DetailedResolution, DetailedResolveOptions, DraftVersion, Resolution, ResolveOptions };

export interface Runtime {
  resolve(agentId: string, options?: ResolveOptions): Promise<Resolution>;
  /**
   * A runnable agent for one request context: the selected version (published by default) of a
   * stored agent, or a code agent with its published override, with `generate()` and `stream()`.
   */
  loadAgent(agentId: string, options?: LoadAgentOptions): Promise<RunnableAgent>;
  /**
   * Runs a test case's input through a version with every tool call answered from its recording
   * (docs/testing-agents.md, "Replay"); the replay is a stored run marked `evaluation`.
   */
  replayTestCase(request: ReplayRequest): Promise<ReplayResult>;
  /** Paused runs: approve or decline a call, resume a suspended one, send client tool results. */
  runs: Runs;
  /** The task tools' list of a thread; `undefined` when the thread has none. */
  threadTasks(threadId: string): Promise<TaskItem[] | undefined>;
  /**
   * Resolves, then runs one tool of the resolved set (`POST /api/agents/:id/tools/:name/execute`).
   * A name outside the set is `not_found`, even when a server offers it.
   */
  callTool(request: { agentId: string; toolName: string; input: unknown } & ResolveOptions): Promise<ToolCallResult>;
  /** The resolved tools of one stored snapshot for a request context (the editor's resolved-tool diff). */
  resolveSnapshotTools(request: {
    agentId: string;
    versionId: string;
    snapshot: Readonly<AgentSnapshot>;
    requestContext: Record<string, unknown>;
  }): Promise<Record<string, ComparableTool>>;
}

export interface RuntimeDependencies {
  versions: AgentVersionReader;
  codeAgents: CodeAgentRegistry;
  loader: SourceLoader;
  /** `provider/model` names to models (registered names first, then built-in providers). */
  models: Pick<ModelRegistry, 'resolve' | 'excerpt'>;
  /** Where runs are kept (the studio's storage). */
  runStore: RunStore;
  /** Where the task tools keep each thread's list (the studio's storage). */
  taskStore?: TaskStore;
  /** The studio's resolution cache (one per studio). */
  resolutionCache: ResolutionCache;
  /** Where a tool call that threw is logged. */
  logger?: Logger;
  /** Follows the lifecycle of every run of a studio agent (the studio's tracing); none by default. */
  runObserver?: RunObserver;
  /** The workflows stored agents may call by id (`createStudio({ workflows })`); none by default. */
  workflows?: WorkflowRegistry;
}

export function createRuntime({
  versions,
  codeAgents,
  loader,
  models,
  runStore,
  taskStore = createMemoryTaskStore(),
  resolutionCache,
  logger = silentLogger,
  runObserver,
  workflows = createWorkflowRegistry(),
}: RuntimeDependencies): Runtime {
  // Sub-agents of code agents run on their own, with the studio's models and task lists; a stored
  // agent's are loaded like any agent, one level further down the chain (by the runs made below).
  const { runnableOf } = createStandaloneAgents({ models, taskStore });
  const subAgents: Resolving['subAgents'] = {
    runnableOf,
    loadInChain: (agentId, request) => runs.loadInChain(agentId, request),
  };
  const resolving: Resolving = { versions, codeAgents, loader, resolutionCache, workflows, subAgents };
  const resolveDetailed = (agentId: string, options?: DetailedResolveOptions) =>
    resolveAgent(resolving, agentId, options);
  const resolve = async (agentId: string, options?: ResolveOptions) =>
    (await resolveDetailed(agentId, checkedResolveOptions(options))).resolution;

  const runs = createAgentRuns({ resolveDetailed, models, runStore, taskStore, logger, observer: runObserver });

  return {
    resolve,
    loadAgent: async (agentId, options) => runs.loadAgent(agentId, checkedResolveOptions(options)),
    replayTestCase: runs.replayTestCase,
    runs: runs.runs,
    threadTasks: (threadId) => taskStore.find(threadId),

    async callTool({ agentId, toolName, input, ...options }) {
      const resolution = await resolve(agentId, options);
      const requestContext = isRecord(options.requestContext) ? options.requestContext : {};
      return callResolvedTool({
        agentId,
        tools: resolution.tools,
        toolName,
        input,
        requestContext,
        signal: options.signal,
        logger,
      });
    },

    async resolveSnapshotTools({ agentId, versionId, snapshot, requestContext }) {
      const resolved = await resolveTools(resolving, {
        version: { id: versionId, snapshot },
        codeAgent: codeAgents.get(agentId),
        requestContext: isRecord(requestContext) ? requestContext : {},
        chain: [agentId],
      });
      return Object.fromEntries(
        Object.values(resolved.tools).map((tool): [string, ComparableTool] => [
          tool.name,
          {
            description: tool.description,
            inputSchema: tool.inputSchema,
            outputSchema: tool.outputSchema,
            source: tool.source,
            approval: tool.approval,
          },
        ]),
      );
    },
  };
}
