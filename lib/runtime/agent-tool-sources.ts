/**
 * The tools an agent gets beside its own: its sub-agents as `agent-<key>` and its workflows as
 * `workflow-<key>` (names made valid for every provider). They join the run's tool record as further
 * sources, so a name colliding with one of the agent's tools is an error naming both.
 */
import { toModelToolName } from '../resolver';
import type { Tool } from '../tools';
import type { StandaloneAgentDefinition } from './run-types';
import type { ToolSource } from './run-environment';
import type { RunnableAgent } from './runnable-agent';
import { createSubAgentTool } from './sub-agent-tool';
import { createTaskTools } from './task-tools';
import type { TaskStore } from './task-store';
import { createWorkflowTool } from './workflow-tool';

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
  const sources: ToolSource[] = [];
  if (agent.taskTools) sources.push({ label: 'the task tools', kind: 'builtin', tools: createTaskTools(taskStore) });
  const agents = Object.entries(agent.agents ?? {});
  if (agents.length > 0) {
    const tools: Record<string, Tool> = {};
    for (const [key, subAgent] of agents) {
      const name = toModelToolName(`agent-${key}`);
      tools[name] = createSubAgentTool({ name, agent: subAgent, runnable: () => runnableOf(subAgent) });
    }
    sources.push({ label: 'the sub-agents', kind: 'sub-agent', tools });
  }
  const workflows = Object.entries(agent.workflows ?? {});
  if (workflows.length > 0) {
    const tools: Record<string, Tool> = {};
    for (const [key, workflow] of workflows) {
      const name = toModelToolName(`workflow-${key}`);
      tools[name] = createWorkflowTool({ name, workflow });
    }
    sources.push({ label: 'the workflows', kind: 'workflow', tools });
  }
  return sources;
}
