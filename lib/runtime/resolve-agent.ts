/**
 * Resolving an agent for one request, in the spec's steps: read the version (published by default,
 * or as selected, or as a paused run pinned it), plan what to load (pure), load the sources
 * (concurrently, under a deadline), and merge (pure). The merged tools, explanation and hash come
 * from the studio's resolution cache when the plan and the sources' state were seen before.
 */
import { StudioError } from '../errors';
import { definedFields } from '../defined-fields';
import {
  chooseInstructions,
  mergeTools,
  planResolution,
  renderInstructions,
  resolvedToolsHash,
  ruleBudgetWarnings,
  type VersionInput,
} from '../resolver';
import { isRecord } from '../is-record';
import { createRuleBudget, type RuleBudget } from '../rules';
import type { SourceLoader } from '../sources';
import type { RequestContext } from '../tools';
import type { FoundVersion } from '../editor';
import type { CodeAgent, CodeAgentRegistry } from './code-agent';
import { findVersionFor, type AgentVersionReader } from './find-version';
import type { CachedResolution, ResolutionCache } from './resolution-cache';
import { codeAgentCallables } from './callable-tools';
import type { StandaloneAgents } from './standalone';
import { goneAgents, storedCallables, type LoadInChain } from './stored-callables';
import { agentReferences, workflowReferences } from '../snapshots';
import type { LoadedCallable } from '../resolver';
import type { WorkflowRegistry } from '../workflows';
import type { DetailedResolution, DetailedResolveOptions, Resolution } from './resolution-types';

/** What resolving reads: stored versions, code agents, the sources' loader and the cache. */
export interface Resolving {
  versions: AgentVersionReader;
  codeAgents: CodeAgentRegistry;
  loader: SourceLoader;
  resolutionCache: ResolutionCache;
  /** The registered workflows a stored agent's `workflows` may name. */
  workflows: WorkflowRegistry;
  /** How sub-agents run: a code agent's own on their own, a stored agent's loaded one level down the chain. */
  subAgents: Pick<StandaloneAgents, 'runnableOf'> & { loadInChain: LoadInChain };
}

const codeAgentInput = (agent: CodeAgent | undefined) =>
  agent ? { id: agent.id, tools: agent.tools, editor: agent.editor } : undefined;

/**
 * The agent's sub-agents and workflows: a code agent's own (fixed by its code), or those a stored
 * version names (which of them still exist is looked up now, and named in `key`, part of the
 * resolution's cache key with the chain their tools load sub-agents in). `build` makes the tools.
 */
async function callablesOf(
  resolving: Resolving,
  {
    version,
    codeAgent,
    chain,
  }: { version: VersionInput | undefined; codeAgent: CodeAgent | undefined; chain: readonly string[] },
): Promise<{ key: string; build(): LoadedCallable[] }> {
  const { runnableOf, loadInChain } = resolving.subAgents;
  if (codeAgent) return { key: '', build: () => codeAgentCallables({ agent: codeAgent, runnableOf }) };
  const snapshot = version?.snapshot;
  if (!snapshot || (agentReferences(snapshot).length === 0 && workflowReferences(snapshot).length === 0))
    return { key: '', build: () => [] };
  const gone = await goneAgents(resolving, snapshot);
  return {
    key: `callables:${JSON.stringify([chain, [...gone.keys()]])}`,
    build: () => storedCallables({ lookup: resolving, snapshot, gone, chain, loadInChain }),
  };
}

/** What one request asks of the tool sources. */
interface ToolsRequest {
  version: VersionInput | undefined;
  codeAgent: CodeAgent | undefined;
  requestContext: RequestContext;
  /** The agents calling each other down to this one, ending with it. */
  chain: readonly string[];
  resourceId?: string | undefined;
  signal?: AbortSignal | undefined;
  /** The request's rule budget; the rules it stopped are in `budget.stopped` afterwards. */
  budget?: RuleBudget;
  /** False for an unsaved draft: its resolution is not kept. */
  cached?: boolean;
}

export async function resolveTools(resolving: Resolving, request: ToolsRequest): Promise<CachedResolution> {
  const { version, codeAgent, requestContext, chain } = request;
  const { resourceId, signal, budget = createRuleBudget(), cached = true } = request;
  const { loader, resolutionCache } = resolving;
  const plan = planResolution({ version, codeAgent: codeAgentInput(codeAgent), requestContext, budget });
  const [{ loaded, fingerprint }, callables] = await Promise.all([
    loader.load({ plan, requestContext, resourceId, signal }),
    callablesOf(resolving, { version, codeAgent, chain }),
  ]);
  const compute = () => {
    const merged = mergeTools({ plan, loaded: { ...loaded, callables: callables.build() } });
    return { ...merged, resolvedToolsHash: resolvedToolsHash(merged.tools) };
  };
  // Built on tools a source made for this request, or for a draft: used once, so not cached.
  if (fingerprint === undefined || !cached) return compute();
  return resolutionCache.get(`${plan.signature}\n${fingerprint}\n${callables.key}`, compute);
}

/**
 * The cached explanation and warnings, plus a warning per rule the budget stopped. Those depend on
 * this request alone, so they come with a fresh explanation object: answers kept per cached
 * explanation (the resolve route's) never pair them with another request.
 */
function withBudgetWarnings(
  resolved: CachedResolution,
  budget: RuleBudget,
): Pick<Resolution, 'explanation' | 'warnings'> {
  if (budget.stopped.length === 0) return { explanation: resolved.explanation, warnings: resolved.warnings };
  return {
    explanation: { ...resolved.explanation },
    warnings: [...resolved.warnings, ...ruleBudgetWarnings(budget)],
  };
}

/** What a draft's plan names as its version: never a stored version's id (those are UUIDs). */
const draftVersionId = 'unsaved-draft';

/** The stored version a request resolves: selected, published by default, or the one a paused run pinned. */
function storedVersionFor(
  resolving: Resolving,
  agentId: string,
  codeAgent: CodeAgent | undefined,
  { selector, pinnedVersionId }: DetailedResolveOptions,
): Promise<FoundVersion | undefined> {
  // A run pinned to "as defined in code" must not pick up an override published since it started.
  if (pinnedVersionId === null && codeAgent) return Promise.resolve(undefined);
  return findVersionFor({
    agentId,
    codeAgent,
    ...(pinnedVersionId ? { selector: { versionId: pinnedVersionId } } : selector ? { selector } : {}),
    versions: resolving.versions,
  });
}

/** An agent resolved for one request: its resolution, the code agent behind it, its default options. */
export async function resolveAgent(
  resolving: Resolving,
  agentId: string,
  options: DetailedResolveOptions = {},
): Promise<DetailedResolution> {
  const { requestContext: given, resourceId, signal, draft, chain = [agentId] } = options;
  // Read only (rules, placeholders); the loaders freeze it before handing it to foreign code.
  const requestContext: RequestContext = isRecord(given) ? given : {};
  const codeAgent = resolving.codeAgents.get(agentId);
  const found = draft ? undefined : await storedVersionFor(resolving, agentId, codeAgent, options);
  const version: VersionInput | undefined = draft
    ? { id: draftVersionId, snapshot: draft.snapshot, authorId: draft.authorId ?? null }
    : found && { id: found.version.id, snapshot: found.version.snapshot, authorId: found.version.authorId };
  const chosen = chooseInstructions({
    version,
    codeAgent: codeAgent ? { ...codeAgentInput(codeAgent)!, instructions: codeAgent.instructions } : undefined,
  });
  if (!chosen.ok) {
    throw new StudioError(
      'no_published_version',
      `Agent "${agentId}" declares editor: { instructions: true } and has no published version with instructions; publish one (it never runs with empty instructions).`,
      { agentId },
    );
  }
  // One budget for every rule this request evaluates: the variants' and the prompt blocks'.
  const budget = createRuleBudget();
  const resolved = await resolveTools(resolving, {
    version,
    codeAgent,
    requestContext,
    chain,
    resourceId,
    signal,
    budget,
    cached: !draft,
  });
  const model = codeAgent ? codeAgent.modelName : String(version?.snapshot.model ?? '');
  const instructions = renderInstructions({ instructions: chosen.value.instructions, requestContext, budget });
  const resolution: Resolution = definedFields({
    agentId,
    versionId: found?.version.id ?? null,
    versionNumber: found?.version.versionNumber ?? null,
    label: found?.label,
    draft: draft ? (true as const) : undefined,
    instructions,
    model,
    tools: resolved.tools,
    ...withBudgetWarnings(resolved, budget),
    resolvedToolsHash: resolved.resolvedToolsHash,
  });
  const defaultOptions = version?.snapshot.defaultOptions ?? codeAgent?.defaultOptions;
  return { resolution, codeAgent, defaultOptions };
}
