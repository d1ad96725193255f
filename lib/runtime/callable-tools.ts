/**
 * The tools of an agent's sub-agents (`agent-<key>`) and workflows (`workflow-<key>`), built in one
 * place for every path that offers them: a studio's resolution (a code agent's own, a stored
 * agent's references) and an `Agent` run on its own. Names are made valid for every provider.
 */
import { callableToolName, toModelToolName, type Inclusion, type LoadedCallable } from '../resolver';
import type { Workflow } from '../workflows';
import type { StandaloneAgentDefinition } from './run-types';
import type { RunnableAgent } from './runnable-agent';
import { createSubAgentTool } from './sub-agent-tool';
import { createWorkflowTool } from './workflow-tool';

export type FoundCallable = Extract<LoadedCallable, { status: 'found' }>;

/** The agent to run for one call of `agent-<key>` (a stored one is loaded for the call's request context). */
export type SubAgentRunnable = (call: {
  requestContext: Record<string, unknown>;
}) => RunnableAgent | Promise<RunnableAgent>;

/** A found callable of either source without its status and wording (distributed over the sources). */
type FoundFields<Each = FoundCallable> = Each extends FoundCallable ? Omit<Each, 'status' | 'description'> : never;

/** A callable that was found, with the calling agent's wording for it when it gives one. */
function found(callable: FoundFields, description: string | undefined): FoundCallable {
  return { ...callable, status: 'found', description: description || undefined };
}

export function subAgentCallable({
  key,
  agent,
  runnable,
  includedBy = [],
  description,
}: {
  key: string;
  /** The agent called; its own `description` is the tool's (default `Ask the agent "<id>".`). */
  agent: Pick<StandaloneAgentDefinition, 'id' | 'description'>;
  runnable: SubAgentRunnable;
  includedBy?: Inclusion[];
  /** The calling agent's wording for the tool, replacing the default. */
  description?: string | undefined;
}): FoundCallable {
  const name = toModelToolName(callableToolName({ source: 'agent', key }));
  const tool = createSubAgentTool({ name, agent, runnable });
  return found({ source: 'agent', origin: { agentId: agent.id }, key, includedBy, tool }, description);
}

export function workflowCallable({
  key,
  workflow,
  includedBy = [],
  description,
}: {
  key: string;
  workflow: Workflow;
  includedBy?: Inclusion[];
  /** The calling agent's wording for the tool, replacing the workflow's description. */
  description?: string | undefined;
}): FoundCallable {
  const name = toModelToolName(callableToolName({ source: 'workflow', key }));
  const tool = createWorkflowTool({ name, workflow });
  return found({ source: 'workflow', origin: { workflowId: workflow.id }, key, includedBy, tool }, description);
}

/** A code agent's own sub-agents, then its workflows, in the order its definition gives them. */
export function codeAgentCallables({
  agent,
  runnableOf,
}: {
  agent: Pick<StandaloneAgentDefinition, 'agents' | 'workflows'>;
  /** How a sub-agent defined in code runs (on its own, with the models of the caller's studio). */
  runnableOf: (subAgent: StandaloneAgentDefinition) => RunnableAgent;
}): FoundCallable[] {
  return [
    ...Object.entries(agent.agents ?? {}).map(([key, subAgent]) =>
      subAgentCallable({ key, agent: subAgent, runnable: () => runnableOf(subAgent) }),
    ),
    ...Object.entries(agent.workflows ?? {}).map(([key, workflow]) => workflowCallable({ key, workflow })),
  ];
}
