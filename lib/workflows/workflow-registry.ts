/**
 * The workflows given to `createStudio({ workflows })`, keyed by `workflow.id`: what a stored
 * agent's `workflows: { [key]: { workflowId } }` may name. A key that differs from the id stops
 * startup with a message naming both, as for code agents and tools.
 */
import type { Workflow } from './create-workflow';

export interface WorkflowRegistry {
  get(id: string): Workflow | undefined;
  /** Every registered workflow's id, sorted. */
  ids(): string[];
}

export function createWorkflowRegistry({
  workflows = {},
}: { workflows?: Record<string, Workflow> } = {}): WorkflowRegistry {
  const byId = new Map<string, Workflow>();
  for (const [key, workflow] of Object.entries(workflows)) {
    if (typeof workflow?.run !== 'function' || typeof workflow.id !== 'string') {
      throw new TypeError(`workflows[${JSON.stringify(key)}] is not a workflow: create it with createWorkflow({...}).`);
    }
    if (workflow.id !== key) {
      throw new TypeError(
        `workflows[${JSON.stringify(key)}] is the workflow with id ${JSON.stringify(workflow.id)}; register it as workflows[${JSON.stringify(workflow.id)}].`,
      );
    }
    byId.set(key, workflow);
  }
  const ids = [...byId.keys()].sort();
  return { get: (id) => byId.get(id), ids: () => [...ids] };
}
