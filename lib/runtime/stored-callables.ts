/**
 * A stored agent's sub-agents and workflows (`agents: { [key]: { agentId } }`, `workflows: { [key]:
 * { workflowId } }`), found for one resolution and offered as `agent-<key>` / `workflow-<key>`
 * tools exactly like a code agent's. A reference to something that no longer exists (an agent
 * deleted or unpublished, a workflow no longer registered) drops out with a warning; the rest of
 * the agent still resolves.
 *
 * A stored sub-agent runs through the runtime like any loaded agent, so it may call sub-agents of
 * its own. The chain of agents calling each other is carried along: calling an agent already in
 * the chain (a cycle), or going deeper than `maxSubAgentDepth`, is a tool error the model reads,
 * never a run that calls itself forever.
 */
import { isStudioError } from '../errors';
import { toModelToolName, type ResolutionWarning } from '../resolver';
import { agentReferences, workflowReferences, type AgentSnapshot, type CallableReference } from '../snapshots';
import type { Tool } from '../tools';
import type { Workflow, WorkflowRegistry } from '../workflows';
import type { CodeAgentRegistry } from './code-agent-registry';
import type { AgentVersionReader } from './find-version';
import type { ToolSource } from './run-environment';
import type { RunnableAgent } from './runnable-agent';
import { createSubAgentTool } from './sub-agent-tool';
import { createWorkflowTool } from './workflow-tool';

/** How many stored agents may be running inside each other through `agent-<key>` calls. */
export const maxSubAgentDepth = 5;

export interface StoredCallables {
  agents: CallableReference[];
  workflows: Array<CallableReference & { workflow: Workflow }>;
  warnings: ResolutionWarning[];
}

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

export async function findStoredCallables(
  lookup: CallableLookup,
  snapshot: Pick<AgentSnapshot, 'agents' | 'workflows'>,
): Promise<StoredCallables> {
  const found: StoredCallables = { agents: [], workflows: [], warnings: [] };
  for (const reference of agentReferences(snapshot)) {
    const reason = await agentUnavailable(lookup, reference.id);
    if (reason === undefined) found.agents.push(reference);
    else
      found.warnings.push({
        code: 'agent_unknown',
        message: `Sub-agent "${reference.key}" is left out: ${reason}`,
        source: 'agent',
        ref: `agents.${reference.key}`,
      });
  }
  for (const reference of workflowReferences(snapshot)) {
    const workflow = lookup.workflows.get(reference.id);
    if (workflow) found.workflows.push({ ...reference, workflow });
    else
      found.warnings.push({
        code: 'workflow_unknown',
        message: `Workflow "${reference.key}" is left out: no workflow is registered with id "${reference.id}".`,
        source: 'workflow',
        ref: `workflows.${reference.key}`,
      });
  }
  return found;
}

/** Loads an agent for a sub-agent call, one level further down the chain. */
export type LoadInChain = (
  agentId: string,
  request: { requestContext: Record<string, unknown>; chain: readonly string[] },
) => Promise<RunnableAgent>;

/** The refusal of a call that would close a cycle or go too deep, or `undefined`. */
export function chainRefusal(chain: readonly string[], agentId: string): string | undefined {
  const path = [...chain, agentId].join(' -> ');
  if (chain.includes(agentId))
    return `Agent "${agentId}" is already running in this chain of sub-agents (${path}); an agent cannot call an agent that is calling it.`;
  if (chain.length >= maxSubAgentDepth)
    return `Sub-agents may call each other at most ${maxSubAgentDepth} levels deep (${path}).`;
  return undefined;
}

/** The tool sources of a stored agent's callables; `chain` ends with the agent itself. */
export function storedCallableSources({
  callables,
  chain,
  loadInChain,
}: {
  callables: StoredCallables;
  chain: readonly string[];
  loadInChain: LoadInChain;
}): ToolSource[] {
  const sources: ToolSource[] = [];
  if (callables.agents.length > 0) {
    const tools: Record<string, Tool> = {};
    for (const { key, id, description } of callables.agents) {
      const name = toModelToolName(`agent-${key}`);
      tools[name] = createSubAgentTool({
        name,
        agent: { id, ...(description ? { description } : {}) },
        runnable: async ({ requestContext }) => {
          const refusal = chainRefusal(chain, id);
          if (refusal) throw new Error(refusal);
          return loadInChain(id, { requestContext, chain: [...chain, id] });
        },
      });
    }
    sources.push({ label: 'the sub-agents', kind: 'sub-agent', tools });
  }
  if (callables.workflows.length > 0) {
    const tools: Record<string, Tool> = {};
    for (const { key, workflow } of callables.workflows) {
      const name = toModelToolName(`workflow-${key}`);
      tools[name] = createWorkflowTool({ name, workflow });
    }
    sources.push({ label: 'the workflows', kind: 'workflow', tools });
  }
  return sources;
}
