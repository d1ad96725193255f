/**
 * `createStudio().runtime`: resolve an agent for one request. The version is read (published by
 * default), the pure plan decides what to load, the loaders fetch concurrently under a deadline,
 * the pure merge builds the tools, and the explanation and hash are memoised per (version, matched
 * variants, source state). Failing sources are warnings; only a missing version fails.
 */
import type { Agent, AgentSnapshot } from '../agents';
import { StudioError } from '../errors';
import {
  chooseInstructions,
  hasPlaceholders,
  mergeTools,
  planResolution,
  renderInstructions,
  resolvedToolsHash,
  type ResolutionPlan,
  type VersionInput,
} from '../resolver';
import type { LoadRequest, SourceLoader } from '../sources';
import { silentLogger, type Logger } from '../logger';
import { isPlainObject } from '../rules';
import type { RequestContext, ToolCallResult } from '../tools';
import type { ComparableTool } from '../versions';
import { callResolvedTool } from './call-resolved-tool';
import type { CodeAgentRegistry } from './code-agent-registry';
import { findVersionFor, type AgentVersionReader } from './find-version';
import type { DetailedResolution, DetailedResolveOptions, Resolution, ResolveOptions } from './resolution-types';
import { createAgentRuns, type LoadAgentOptions, type Runs } from './agent-runs';
import type { ModelRegistry } from './model-registry';
import { createResolutionMemo, type MemoisedResolution } from './resolution-memo';
import type { RunStore } from './run-store';
import { createMemoryTaskStore, type TaskStore } from './task-store';
import type { RunnableAgent } from './runnable-agent';
import type { TaskItem } from './task-list';

export type { DetailedResolution, DetailedResolveOptions, Resolution, ResolveOptions };

export interface Runtime {
  resolve(agentId: string, options?: ResolveOptions): Promise<Resolution>;
  /**
   * A runnable agent for one request context: the selected version (published by default) of a
   * stored agent, or a code agent with its published override, with `generate()` and `stream()`.
   */
  loadAgent(agentId: string, options?: LoadAgentOptions): Promise<RunnableAgent>;
  /** Paused runs: approve or decline a call, resume a suspended one, send client tool results. */
  runs: Runs;
  /** The task tools' list of a thread; `undefined` when the thread has none. */
  threadTasks(threadId: string): TaskItem[] | undefined;
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
  /** Where runs are kept (SQLite in a studio). */
  runStore: RunStore;
  /** Where the task tools keep each thread's list (SQLite in a studio). */
  taskStore?: TaskStore;
  /** Memo entries kept (least recently used out first). */
  memoEntries?: number;
  /** Where a tool call that threw is logged. */
  logger?: Logger;
}

const codeAgentInput = (agent: Agent | undefined) =>
  agent ? { id: agent.id, tools: agent.tools, editor: agent.editor } : undefined;

/**
 * The memo key of a plan whose sources have no state (no MCP clients, integrations or providers):
 * the same string object for as long as the plan is cached, so the table finds it without hashing
 * a new string per request.
 */
const plainMemoKeys = new WeakMap<ResolutionPlan, string>();
function plainMemoKey(plan: ResolutionPlan): string {
  let key = plainMemoKeys.get(plan);
  if (key === undefined) {
    key = `${plan.signature}\n`;
    plainMemoKeys.set(plan, key);
  }
  return key;
}

export function createRuntime({
  versions,
  codeAgents,
  loader,
  models,
  runStore,
  taskStore = createMemoryTaskStore(),
  memoEntries = 1_000,
  logger = silentLogger,
}: RuntimeDependencies): Runtime {
  const memo = createResolutionMemo({ maxEntries: memoEntries });
  /**
   * Resolutions that no request context can change, per stored version (frozen, so shared): no
   * variants, no source with state (MCP clients, integrations, providers), instructions without
   * placeholders. Versions never change once written; a newly published one is another key.
   */
  const fixedResolutions = new WeakMap<object, DetailedResolution>();

  async function resolveTools({
    version,
    codeAgent,
    requestContext,
    resourceId,
    signal,
  }: {
    version: VersionInput | undefined;
    codeAgent: Agent | undefined;
    requestContext: RequestContext;
    resourceId?: string | undefined;
    signal?: AbortSignal | undefined;
  }): Promise<{ resolved: MemoisedResolution; contextFree: boolean }> {
    const plan = planResolution({ version, codeAgent: codeAgentInput(codeAgent), requestContext });
    const request: LoadRequest = { plan, requestContext };
    if (resourceId !== undefined) request.resourceId = resourceId;
    if (signal) request.signal = signal;
    const { loaded, fingerprint } = await loader.load(request);
    const compute = () => {
      const merged = mergeTools({ plan, loaded });
      return { ...merged, resolvedToolsHash: resolvedToolsHash(merged.tools) };
    };
    // Built on tools a source made for this request: used once, so not remembered (nor frozen).
    if (fingerprint === undefined) return { resolved: compute(), contextFree: false };
    // No variants and no source with state: the same tools whatever the request.
    const contextFree = fingerprint === '' && plan.variantFree;
    const key = fingerprint === '' ? plainMemoKey(plan) : `${plan.signature}\n${fingerprint}`;
    return { resolved: memo.get(key, compute), contextFree };
  }

  async function resolveDetailed(
    agentId: string,
    { requestContext: given, selector, resourceId, signal, pinnedVersionId }: DetailedResolveOptions = {},
  ): Promise<DetailedResolution> {
    // Read only (rules, placeholders); the loaders freeze it before handing it to foreign code.
    const requestContext: RequestContext = isPlainObject(given) ? given : {};
    const codeAgent = codeAgents.get(agentId);
    // A run pinned to "as defined in code" must not pick up an override published since it started.
    const found =
      pinnedVersionId === null && codeAgent
        ? undefined
        : await findVersionFor({
            agentId,
            codeAgent,
            ...(pinnedVersionId ? { selector: { versionId: pinnedVersionId } } : selector ? { selector } : {}),
            versions,
          });
    // A stored version whose resolution no request can change was resolved once for all of them.
    const fixedKey = found && !codeAgent && found.label === undefined ? found.version : undefined;
    const fixed = fixedKey && fixedResolutions.get(fixedKey);
    if (fixed) return fixed;
    const version: VersionInput | undefined = found && {
      id: found.version.id,
      snapshot: found.version.snapshot,
      authorId: found.version.authorId,
    };
    const chosen = chooseInstructions({
      version,
      ...(codeAgent ? { codeAgent: { ...codeAgentInput(codeAgent)!, instructions: codeAgent.instructions } } : {}),
    });
    if (!chosen.ok) {
      throw new StudioError(
        'no_published_version',
        `Agent "${agentId}" declares editor: { instructions: true } and has no published version with instructions; publish one (it never runs with empty instructions).`,
        { agentId },
      );
    }
    const { resolved, contextFree } = await resolveTools({ version, codeAgent, requestContext, resourceId, signal });
    const model = codeAgent ? codeAgent.modelName : String(found?.version.snapshot.model ?? '');
    const resolution: Resolution = {
      agentId,
      versionId: found?.version.id ?? null,
      versionNumber: found?.version.versionNumber ?? null,
      ...(found?.label === undefined ? {} : { label: found.label }),
      instructions: renderInstructions({ instructions: chosen.instructions, requestContext }),
      model,
      tools: resolved.tools,
      explanation: resolved.explanation,
      warnings: resolved.warnings,
      resolvedToolsHash: resolved.resolvedToolsHash,
    };
    const defaultOptions = found?.version.snapshot.defaultOptions ?? codeAgent?.defaultOptions;
    const detailed: DetailedResolution = { resolution };
    if (codeAgent) detailed.codeAgent = codeAgent;
    if (defaultOptions) detailed.defaultOptions = defaultOptions;
    if (
      fixedKey &&
      contextFree &&
      Object.isFrozen(fixedKey) &&
      typeof chosen.instructions === 'string' &&
      !hasPlaceholders(chosen.instructions)
    ) {
      Object.freeze(resolution);
      fixedResolutions.set(fixedKey, Object.freeze(detailed));
    }
    return detailed;
  }

  // Each caller gets its own resolution object: a shared one is copied (what is in it stays shared and frozen).
  const resolve = (agentId: string, options?: ResolveOptions) =>
    resolveDetailed(agentId, options).then(({ resolution }) =>
      Object.isFrozen(resolution) ? { ...resolution } : resolution,
    );

  const runs = createAgentRuns({ resolveDetailed, models, runStore, taskStore, logger });

  return {
    resolve,
    loadAgent: runs.loadAgent,
    runs: runs.runs,
    threadTasks: (threadId) => taskStore.find(threadId),

    async callTool({ agentId, toolName, input, ...options }) {
      const resolution = await resolve(agentId, options);
      const requestContext = isPlainObject(options.requestContext) ? options.requestContext : {};
      return callResolvedTool({
        agentId,
        tools: resolution.tools,
        toolName,
        input,
        requestContext,
        ...(options.signal ? { signal: options.signal } : {}),
        logger,
      });
    },

    async resolveSnapshotTools({ agentId, versionId, snapshot, requestContext }) {
      const { resolved } = await resolveTools({
        version: { id: versionId, snapshot },
        codeAgent: codeAgents.get(agentId),
        requestContext: isPlainObject(requestContext) ? requestContext : {},
      });
      return Object.fromEntries(
        Object.values(resolved.tools).map((tool): [string, ComparableTool] => [
          tool.name,
          {
            description: tool.description,
            inputSchema: tool.inputSchema,
            outputSchema: tool.outputSchema,
            source: tool.source,
          },
        ]),
      );
    },
  };
}
