/**
 * The sub-agents and workflows a snapshot names, in one shape whatever the stored form: a record
 * `{ [key]: { agentId | workflowId, description? } }`, an older record keyed by the id itself, or
 * an older list of ids. Pure; resolution and the save check both read references through it.
 */
import type { Issue } from '../errors';
import { isValidToolName, maxToolNameLength } from '../tools/model-tool-name';
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
    description: entry.description || undefined,
  }));
}

export function agentReferences(snapshot: Pick<AgentSnapshot, 'agents'>): CallableReference[] {
  return referencesOf(snapshot.agents, 'agentId');
}

export function workflowReferences(snapshot: Pick<AgentSnapshot, 'workflows'>): CallableReference[] {
  return referencesOf(snapshot.workflows, 'workflowId');
}

/**
 * Keys of `agents` / `workflows` that cannot make the tool name the model sees (`agent-<key>` /
 * `workflow-<key>` must match `[a-zA-Z0-9_-]{1,64}`), each as an issue with its path
 * (`agents.bad key!`, or `agents.0` in the older list form). A save and an import refuse them
 * rather than rename the tool; versions stored before keep them, and resolution renames the tool
 * with a `name_invalid` warning.
 */
export function callableKeyIssues(snapshot: Pick<AgentSnapshot, 'agents' | 'workflows'>, prefix = ''): Issue[] {
  const issues: Issue[] = [];
  for (const [field, source] of [
    ['agents', 'agent'],
    ['workflows', 'workflow'],
  ] as const) {
    const selection = snapshot[field];
    if (selection === undefined || selection === null) continue;
    const keys = Array.isArray(selection)
      ? selection.map((key, index) => [String(index), key] as const)
      : Object.keys(selection).map((key) => [key, key] as const);
    for (const [at, key] of keys) {
      const name = `${source}-${key}`;
      if (typeof key !== 'string' || isValidToolName(name)) continue;
      issues.push({
        path: `${prefix}${field}.${at}`,
        message: `"${key}" cannot name a tool: "${name}" must be 1-${maxToolNameLength} characters of a-z, A-Z, 0-9, "_" and "-"`,
      });
    }
  }
  return issues;
}
