/**
 * The one zod schema every agent snapshot passes before it is stored: the API routes, the editor
 * service, import and the forms all use it. Every problem comes back with its path.
 */
import { z } from 'zod';
import { issuesFromZod, type CheckResult, type Issue } from '../errors';
import { snapshotPartSchemas, validateParts, type SchemaMode, type SnapshotPartSchemas } from './snapshot-fields';
import type { AgentSnapshot, Instructions } from './snapshot-types';

export * from './snapshot-types';
export { callSettingNames } from './snapshot-fields';

/**
 * Every snapshot field, optional: the snapshot's own shape, and the fields of request bodies that
 * carry snapshot fields beside other keys (create and save an agent).
 */
export function optionalSnapshotShape(parts: SnapshotPartSchemas = validateParts) {
  return {
    name: parts.name.optional(),
    description: parts.description.optional(),
    instructions: parts.instructions.optional(),
    model: parts.model.optional(),
    tools: parts.tools.optional(),
    mcpClients: parts.mcpClients.optional(),
    integrationTools: parts.integrationTools.optional(),
    toolProviders: parts.toolProviders.optional(),
    agents: parts.agents.optional(),
    workflows: parts.workflows.optional(),
    toolPolicies: parts.toolPolicies.optional(),
    requestContextSchema: parts.requestContextSchema.optional(),
    defaultOptions: parts.defaultOptions.optional(),
  };
}

function buildSnapshotSchema(mode: SchemaMode) {
  return z.object(optionalSnapshotShape(mode === 'validate' ? validateParts : snapshotPartSchemas(mode))).strict();
}

export const agentSnapshotSchema = buildSnapshotSchema('validate') as unknown as z.ZodType<AgentSnapshot>;

/** The same shape spelled with unions, for the published JSON Schema of the snapshot. */
export const agentSnapshotDocumentationSchema = buildSnapshotSchema('document').meta({
  id: 'AgentSnapshot',
  title: 'Agent Studio agent snapshot',
});

/** Instructions count as given when they hold text or at least one block. */
export function hasInstructions(instructions: Instructions | undefined): boolean {
  if (instructions === undefined) return false;
  return typeof instructions === 'string' ? instructions.trim() !== '' : instructions.length > 0;
}

/**
 * A stored agent (not a code agent's override record) always has a name, a model and
 * non-empty instructions; every version is checked, so a save cannot clear them.
 */
export function storedAgentIssues(snapshot: AgentSnapshot, prefix: ReadonlyArray<PropertyKey> = []): Issue[] {
  const at = (field: string) => [...prefix, field].map(String).join('.');
  const issues: Issue[] = [];
  if (snapshot.name === undefined) issues.push({ path: at('name'), message: 'A stored agent needs a name' });
  if (snapshot.model === undefined)
    issues.push({ path: at('model'), message: 'A stored agent needs a model ("provider/model")' });
  if (!hasInstructions(snapshot.instructions))
    issues.push({ path: at('instructions'), message: 'A stored agent needs non-empty instructions' });
  return issues;
}

export type SnapshotCheck = CheckResult<AgentSnapshot>;

/** Validates a whole snapshot; issue paths are prefixed (e.g. `versions.2.snapshot`). */
export function checkAgentSnapshot(value: unknown, prefix: ReadonlyArray<PropertyKey> = []): SnapshotCheck {
  const result = agentSnapshotSchema.safeParse(value);
  if (!result.success) return { ok: false, issues: issuesFromZod(result.error, prefix) };
  return { ok: true, value: result.data };
}
