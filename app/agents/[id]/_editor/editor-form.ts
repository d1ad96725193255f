import { storedAgentIssues, type AgentSnapshot } from '@/lib/snapshots';
import type { VersionView } from '@/lib/editor';
import { updateAgentBodySchema } from '@/lib/schemas';
import { editedFields, type EditedField, type EditorValues } from './types';

const pickEdited = Object.fromEntries(editedFields.map((field) => [field, true])) as Record<EditedField, true>;

/**
 * The editor validates with the save route's own schema (restricted to the fields it edits) and,
 * for a stored agent, the service's stored-agent rule through the same function.
 */
export function editorFormSchema({ stored }: { stored: boolean }) {
  return updateAgentBodySchema.pick(pickEdited).superRefine((value, context) => {
    if (!stored) return;
    for (const issue of storedAgentIssues(value as AgentSnapshot)) {
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
}

/**
 * The form's values for a version: description and instructions as text (empty when absent), the
 * rest as stored. Name and model stay absent when the version has none: a code agent's come from
 * its code and are not edited here.
 */
export function valuesOf(version: VersionView): EditorValues {
  return {
    name: version.name,
    description: version.description ?? '',
    instructions: version.instructions ?? '',
    model: version.model,
    tools: version.tools,
    mcpClients: version.mcpClients,
    integrationTools: version.integrationTools,
    toolProviders: version.toolProviders,
    toolPolicies: version.toolPolicies,
    requestContextSchema: version.requestContextSchema,
  };
}

/** What a save sends: only the fields this person changed; an emptied text field clears it (`null`). */
export function changesToSend(values: EditorValues, changed: readonly EditedField[]): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of changed) {
    const value = values[field];
    changes[field] = value === '' || value === undefined ? null : value;
  }
  return changes;
}
