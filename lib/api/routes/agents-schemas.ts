/**
 * OpenAPI shapes shared by the agent routes. Request bodies use the editor's own schemas (one
 * schema, two consumers); responses are described here for the document.
 */
import { z } from '@hono/zod-openapi';
import { pathParam } from '../schemas';
import { wholeNumberText } from '../../whole-number-text';
import { definedFields } from '../../defined-fields';
import { atMostOneSelectorKey, versionSelectorFields, versionSelectorSchema } from '../../versions';
import { diagnosticCodes } from '../../rules';

export const agentIdParams = z.object({ id: pathParam({ name: 'id', max: 200, example: 'demo-assistant' }) });

export const versionParams = agentIdParams.extend({
  n: wholeNumberText({ min: 1 }).openapi({ param: { name: 'n', in: 'path' }, example: 1 }),
});

/**
 * Restoring version n, for agents and saved MCP clients alike: a new version with version n's
 * content, answered with 201 (a missing record or version is a 404).
 */
export const restoreVersionSpec = <Schema extends z.ZodType>(schema: Schema) => ({
  request: { params: versionParams },
  status: 201 as const,
  ok: ['Restored', schema] as [string, Schema],
  errors: [404 as const],
});

export const selectorQuery = z
  .object({
    versionId: versionSelectorFields.versionId.optional(),
    versionNumber: wholeNumberText({ min: 1 }).optional(),
    label: versionSelectorFields.label.optional(),
    status: versionSelectorFields.status.optional(),
  })
  .superRefine(atMostOneSelectorKey);

/** The tool input of the execute routes. */
export const toolInputField = z
  .unknown()
  .optional()
  .openapi({ description: 'The tool input, as a model would send it' });

/** The request-context field of every body that runs or resolves something. */
export const requestContextField = z.record(z.string(), z.unknown()).optional();

/** What the runtime routes (resolve, execute a resolved tool) take besides their own fields. */
export const runtimeRequestFields = {
  requestContext: requestContextField.openapi({
    description: 'A plain JSON object (default {}); `mastra__authToken` goes to HTTP MCP servers only',
  }),
  selector: versionSelectorSchema
    .optional()
    .openapi({ description: 'Exactly one of versionId, versionNumber, label, status (default: published)' }),
  resourceId: z
    .string()
    .min(1)
    .max(256)
    .optional()
    .openapi({ description: 'The caller resource: the identity of caller-supplied provider connections' }),
};

export const agentSchema = z
  .object({
    id: z.string(),
    source: z.enum(['stored', 'code']),
    status: z.enum(['draft', 'published']),
    activeVersionId: z.string().nullable(),
    activeVersionNumber: z.number().int().nullable(),
    latestVersionNumber: z.number().int(),
    hasUnpublishedChanges: z.boolean(),
    authorId: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Agent');

export const agentListItemSchema = agentSchema
  .extend({
    status: z
      .enum(['draft', 'published', 'code_only'])
      .openapi({ description: '`code_only`: a code agent with no override record yet' }),
    name: z.string().nullable(),
    description: z.string().nullable(),
    createdAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .openapi('AgentListItem');

/** A registered code agent with no override record (GET /api/agents/:id). */
export const codeOnlyAgentSchema = z
  .object({
    agent: z.object({
      id: z.string(),
      source: z.literal('code'),
      status: z.literal('code_only'),
      activeVersionId: z.null(),
    }),
    version: z.null(),
    code: z.object({
      name: z.string(),
      instructions: z.unknown(),
      model: z.string().nullable(),
      tools: z.array(z.string()),
    }),
  })
  .openapi('CodeOnlyAgent');

/** The metadata of every stored version (agent and saved MCP client versions), after its owner's id. */
export const versionMetadataShape = {
  versionNumber: z.number().int(),
  schemaVersion: z.number().int(),
  configHash: z.string(),
  changedFields: z.array(z.string()),
  changeMessage: z.string().nullable(),
  authorId: z.string().nullable(),
  createdAt: z.string(),
};

export const versionSchema = z
  .object({ id: z.string(), agentId: z.string(), ...versionMetadataShape, labels: z.array(z.string()) })
  .catchall(z.unknown())
  .openapi('AgentVersion', {
    description: 'Version metadata with the snapshot fields flattened onto it (name, instructions, model, tools, ...)',
  });

export const agentWithVersionSchema = z
  .object({ agent: agentSchema, version: versionSchema })
  .openapi('AgentWithVersion');

/** One finding of the rule linter; errors refuse a save (in a 400's `details.issues`), warnings come back with it. */
export const diagnosticSchema = z
  .object({
    severity: z.enum(['error', 'warning']),
    code: z.enum(diagnosticCodes),
    path: z.string().openapi({ example: 'tools[2].rules.conditions[0]' }),
    message: z.string(),
  })
  .openapi('RuleDiagnostic');

const warningsSchema = z
  .array(diagnosticSchema)
  .openapi({ description: "The rule linter's warnings about the saved version" });

export const saveResultSchema = z
  .object({
    created: z.boolean(),
    version: versionSchema,
    droppedFields: z.array(z.string()),
    warnings: warningsSchema,
  })
  .openapi('SaveResult');

/** What creating an agent answers: the agent, its first version and what the save left out or warns about. */
export const createResultSchema = agentWithVersionSchema.extend({
  droppedFields: z.array(z.string()),
  warnings: warningsSchema,
});

export const labelSchema = z
  .object({
    name: z.string(),
    versionId: z.string(),
    versionNumber: z.number().int(),
    revisionToken: z.string().nullable(),
    computed: z.boolean(),
  })
  .openapi('VersionLabel');

export const deletedSchema = z.object({ deleted: z.literal(true) }).catchall(z.unknown());

export const jsonBody = <T extends z.ZodType>(
  schema: T,
  description?: string,
): { content: { 'application/json': { schema: T } }; description?: string } =>
  definedFields({ content: { 'application/json': { schema } }, description: description || undefined });
