/**
 * The tools an `Agent` run on its own gets beside its own: its built-in task tools, its sub-agents
 * as `agent-<key>` and its workflows as `workflow-<key>` (built as a studio's resolution builds
 * them). They join the run's tool record as further sources, so a name colliding with one of the
 * agent's tools is an error naming both. In a studio, sub-agents and workflows come with the
 * resolution instead, and only the task tools join here.
 */
import type { Tool } from '../tools';
import { codeAgentCallables } from './callable-tools';
import type { StandaloneAgentDefinition } from './run-types';
import type { ToolSource } from './run-environment';
import type { RunnableAgent } from './runnable-agent';
import { createTaskTools } from './task-tools';
import type { TaskStore } from './task-store';

/** The built-in task tools, when the agent switches them on. */
export function taskToolSources({
  agent,
  taskStore,
}: {
  agent: Pick<StandaloneAgentDefinition, 'taskTools'>;
  taskStore: TaskStore;
}): ToolSource[] {
  return agent.taskTools ? [{ label: 'the task tools', kind: 'builtin', tools: createTaskTools(taskStore) }] : [];
}

export function agentToolSources({
  agent,
  runnableOf,
  taskStore,
}: {
  agent: Pick<StandaloneAgentDefinition, 'agents' | 'workflows' | 'taskTools'>;
  /** How a sub-agent runs (on its own, with the models of the caller's studio). */
  runnableOf: (subAgent: StandaloneAgentDefinition) => RunnableAgent;
  /** Where the task tools keep their lists. */
  taskStore: TaskStore;
}): ToolSource[] {
  const sources = taskToolSources({ agent, taskStore });
  const callables = codeAgentCallables({ agent, runnableOf });
  const toolsOf = (source: 'agent' | 'workflow'): Record<string, Tool> =>
    Object.fromEntries(callables.filter((callable) => callable.source === source).map(({ tool }) => [tool.id, tool]));
  const agents = toolsOf('agent');
  if (Object.keys(agents).length > 0) sources.push({ label: 'the sub-agents', kind: 'sub-agent', tools: agents });
  const workflows = toolsOf('workflow');
  if (Object.keys(workflows).length > 0) sources.push({ label: 'the workflows', kind: 'workflow', tools: workflows });
  return sources;
}
