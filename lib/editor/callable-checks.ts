/**
 * Sub-agents and workflows a save names must exist: a code agent or a stored agent for each
 * `agents.<key>`, a registered workflow for each `workflows.<key>`; an agent may not name itself;
 * and each key must make a valid tool name (`agent-<key>`, `workflow-<key>`). Only the fields a save
 * provides are checked, so a reference that disappeared since an earlier version does not block
 * saving other fields (resolution skips it with a warning).
 */
import { invalidInput, type Issue } from '../errors';
import {
  agentReferences,
  callableKeyIssues,
  workflowReferences,
  type AgentSnapshot,
  type CallableReference,
} from '../snapshots';
import type { EditorContext } from './context';

/** The issue's path: the id field of a record entry, or the entry itself in the older forms. */
function pathOf(field: 'agents' | 'workflows', reference: CallableReference, snapshot: AgentSnapshot): string {
  const selection = snapshot[field];
  if (Array.isArray(selection)) return `${field}.${selection.indexOf(reference.id)}`;
  const idField = field === 'agents' ? 'agentId' : 'workflowId';
  const entry = selection?.[reference.key] as Record<string, unknown> | undefined;
  return entry?.[idField] === undefined ? `${field}.${reference.key}` : `${field}.${reference.key}.${idField}`;
}

async function agentIssues(context: EditorContext, agentId: string, snapshot: AgentSnapshot): Promise<Issue[]> {
  const issues: Issue[] = [];
  for (const reference of agentReferences(snapshot)) {
    const path = pathOf('agents', reference, snapshot);
    if (reference.id === agentId) {
      issues.push({ path, message: `Agent "${agentId}" cannot call itself as a sub-agent` });
    } else if (!context.codeAgents.get(reference.id) && !(await context.agents.get(reference.id))) {
      issues.push({ path, message: `No code or stored agent with id "${reference.id}"` });
    }
  }
  return issues;
}

function workflowIssues(context: EditorContext, snapshot: AgentSnapshot): Issue[] {
  return workflowReferences(snapshot)
    .filter((reference) => !context.codeWorkflowIds.includes(reference.id))
    .map((reference) => ({
      path: pathOf('workflows', reference, snapshot),
      message: `No workflow registered with id "${reference.id}" (createStudio({ workflows }))`,
    }));
}

/** The sub-agent and workflow references in `provided` that name nothing, each with its path. */
export async function callableReferenceIssues(
  context: EditorContext,
  { agentId, provided }: { agentId: string; provided: AgentSnapshot },
): Promise<Issue[]> {
  return [
    ...(provided.agents === undefined ? [] : await agentIssues(context, agentId, provided)),
    ...(provided.workflows === undefined ? [] : workflowIssues(context, provided)),
  ];
}

/** Refuses (400, every problem with its path) keys in `provided` that make no tool name, and references that name nothing. */
export async function checkCallableReferences(
  context: EditorContext,
  input: { agentId: string; provided: AgentSnapshot },
): Promise<void> {
  const issues = [...callableKeyIssues(input.provided), ...(await callableReferenceIssues(context, input))];
  if (issues.length > 0) throw invalidInput(issues);
}
