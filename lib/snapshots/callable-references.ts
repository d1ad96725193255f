/**
 * The sub-agents and workflows a snapshot names, in one shape whatever the stored form: a record
 * `{ [key]: { agentId | workflowId, description? } }`, an older record keyed by the id itself, or
 * an older list of ids. Pure; resolution and the save check both read references through it.
 */
import type { AgentSnapshot } from './snapshot-types';

export interface CallableReference {
  /** The tool is `agent-<key>` or `workflow-<key>`. */
  key: string;
  /** The agent or workflow called. */
  id: string;
  description?: string;
}

type Selection = Record<string, { description?: string; agentId?: string; workflowId?: string }> | string[];

function referencesOf(selection: Selection | undefined, idField: 'agentId' | 'workflowId'): CallableReference[] {
  if (selection === undefined || selection === null) return [];
  if (Array.isArray(selection)) return selection.map((id) => ({ key: id, id }));
  return Object.entries(selection).map(([key, entry]) => ({
    key,
    id: entry[idField] ?? key,
    ...(entry.description ? { description: entry.description } : {}),
  }));
}

export function agentReferences(snapshot: Pick<AgentSnapshot, 'agents'>): CallableReference[] {
  return referencesOf(snapshot.agents, 'agentId');
}

export function workflowReferences(snapshot: Pick<AgentSnapshot, 'workflows'>): CallableReference[] {
  return referencesOf(snapshot.workflows, 'workflowId');
}
