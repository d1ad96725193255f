/**
 * A stored agent's sub-agents and workflows (`agents: { [key]: { agentId } }`, `workflows: { [key]:
 * { workflowId } }`), looked up for one resolution: each one that exists becomes `agent-<key>` /
 * `workflow-<key>` there, exactly like a code agent's; a reference to something that no longer
 * exists (an agent deleted or unpublished, a workflow no longer registered) is handed to the merge
 * as gone, which leaves it out with a warning; the rest of the agent still resolves.
 *
 * A stored sub-agent runs through the runtime like any loaded agent, so it may call sub-agents of
 * its own. The chain of agents calling each other is carried along: calling an agent already in
 * the chain (a cycle), or going deeper than `maxSubAgentDepth`, is a tool error the model reads,
 * never a run that calls itself forever.
 */
import { isStudioError } from '../errors';
import type { LoadedCallable } from '../resolver';
import { agentReferences, workflowReferences, type AgentSnapshot } from '../snapshots';
import type { WorkflowRegistry } from '../workflows';
import { subAgentCallable, workflowCallable } from './callable-tools';
import type { CodeAgentRegistry } from './code-agent';
import type { AgentVersionReader } from './find-version';
import type { RunnableAgent } from './runnable-agent';

/** How many stored agents may be running inside each other through `agent-<key>` calls. */
export const maxSubAgentDepth = 5;

/** Loads an agent for a sub-agent call, one level further down the chain. */
export type LoadInChain = (
  agentId: string,
  request: { requestContext: Record<string, unknown>; chain: readonly string[] },
) => Promise<RunnableAgent>;

/** What finding callables reads: code agents, stored versions, registered workflows. */
export interface CallableLookup {
  codeAgents: CodeAgentRegistry;
  versions: AgentVersionReader;
  workflows: WorkflowRegistry;
}

/** Why a stored agent cannot be called now (deleted, nothing published), or `undefined`. */
async function agentUnavailable(lookup: CallableLookup, agentId: string): Promise<string | undefined> {
  if (lookup.codeAgents.get(agentId)) return undefined;
  try {
    await lookup.versions.loadVersion({ id: agentId, fallback: 'published' });
    return undefined;
  } catch (error) {
    if (isStudioError(error) && (error.code === 'not_found' || error.code === 'no_published_version'))
      return error.message;
    throw error;
  }
}

/** The refusal of a call that would close a cycle or go too deep, or `undefined`. */
export function chainRefusal(chain: readonly string[], agentId: string): string | undefined {
  const path = [...chain, agentId].join(' -> ');
  if (chain.includes(agentId))
    return `Agent "${agentId}" is already running in this chain of sub-agents (${path}); an agent cannot call an agent that is calling it.`;
  if (chain.length >= maxSubAgentDepth)
    return `Sub-agents may call each other at most ${maxSubAgentDepth} levels deep (${path}).`;
  return undefined;
}

/**
 * The agents a stored snapshot names that cannot be called now, by id, with the reason (IO: each
 * stored agent is read). What it answers decides which callables the resolution holds.
 */
export async function goneAgents(
  lookup: CallableLookup,
  snapshot: Pick<AgentSnapshot, 'agents'>,
): Promise<ReadonlyMap<string, string>> {
  const gone = new Map<string, string>();
  for (const { id } of agentReferences(snapshot)) {
    if (gone.has(id)) continue;
    const reason = await agentUnavailable(lookup, id);
    if (reason !== undefined) gone.set(id, reason);
  }
  return gone;
}

/**
 * The sub-agents and workflows a stored snapshot names, found or gone (`gone`: from `goneAgents`).
 * `chain` ends with the agent itself; its sub-agents are loaded one level further down it.
 */
export function storedCallables({
  lookup,
  snapshot,
  gone,
  chain,
  loadInChain,
}: {
  lookup: Pick<CallableLookup, 'workflows'>;
  snapshot: Pick<AgentSnapshot, 'agents' | 'workflows'>;
  gone: ReadonlyMap<string, string>;
  chain: readonly string[];
  loadInChain: LoadInChain;
}): LoadedCallable[] {
  const found: LoadedCallable[] = [];
  for (const { key, id, description } of agentReferences(snapshot)) {
    const includedBy = [{ field: 'agents' as const, variantIndex: null }];
    const reason = gone.get(id);
    if (reason !== undefined) {
      found.push({ source: 'agent', origin: { agentId: id }, key, includedBy, status: 'gone', reason });
      continue;
    }
    const runnable = async ({ requestContext }: { requestContext: Record<string, unknown> }) => {
      const refusal = chainRefusal(chain, id);
      if (refusal) throw new Error(refusal);
      return loadInChain(id, { requestContext, chain: [...chain, id] });
    };
    found.push(subAgentCallable({ key, agent: { id }, runnable, includedBy, description }));
  }
  for (const { key, id, description } of workflowReferences(snapshot)) {
    const workflow = lookup.workflows.get(id);
    const includedBy = [{ field: 'workflows' as const, variantIndex: null }];
    if (workflow) found.push(workflowCallable({ key, workflow, includedBy, description }));
    else
      found.push({
        source: 'workflow',
        origin: { workflowId: id },
        key,
        includedBy,
        status: 'gone',
        reason: `no workflow is registered with id "${id}".`,
      });
  }
  return found;
}
