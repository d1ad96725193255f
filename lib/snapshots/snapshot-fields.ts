/**
 * Zod schemas of the snapshot's parts. Built by a factory with two modes: `validate` picks the
 * schema a value obviously meant (one precise issue per problem) and `document` spells the same
 * shapes as unions for the published JSON Schema. The `validate` schemas carry the `document`
 * schemas' JSON Schema as their metadata, so the OpenAPI document generated from the routes (which
 * validate) describes each field exactly, from the same definitions.
 */
import { z } from 'zod';
import {
  atMostItems,
  atMostKeys,
  jsonObjectSchema,
  jsonValueSchema,
  rulesDocumentationSchema,
  rulesSchema,
  selectSchema,
  sizeCaps,
} from '../rules';
import { findUnsupportedPatterns } from '../tools/schema-patterns';
import { fieldJsonSchema } from './field-json-schema';
import { isConditional, modelNamePattern, type CallSettings } from './snapshot-types';
import { toolPoliciesSchema } from './tool-policies-schema';

export type SchemaMode = 'validate' | 'document';

const key = z.string().min(1, 'Keys may not be empty').max(256);
const text = z.string().max(100_000);
/** A variant's or prompt block's name for people; resolution ignores it. */
const variantName = z
  .string()
  .max(200)
  .regex(/\S/, 'The variant name is empty')
  .meta({ description: 'What people call the variant in the editor; resolution ignores it' });

const descriptionEntry = z.object({ description: text.optional() }).strict();

const pickedTools = (entry: z.ZodType) =>
  z
    .record(key, entry)
    .superRefine(atMostKeys(sizeCaps.toolsPerSource, 'tools per MCP client, integration or provider'));

/**
 * The JSON Schema of the request context fields. Its patterns must be ones the linear-time engine
 * (RE2) runs, as every stored schema's: one it cannot run is refused where it stands.
 */
const requestContextSchemaField = jsonObjectSchema.superRefine((schema, context) => {
  for (const unsupported of findUnsupportedPatterns(schema)) {
    context.addIssue({
      code: 'custom',
      path: unsupported.path,
      message: `The pattern ${JSON.stringify(unsupported.pattern)} cannot run on RE2, the linear-time engine patterns use (look-arounds and back-references are not supported): ${unsupported.reason}`,
    });
  }
});

const mcpClientReference = z.object({ tools: pickedTools(descriptionEntry).optional() }).strict();

const integrationReference = z
  .object({ tools: pickedTools(z.object({ description: text.optional() }).catchall(jsonValueSchema)).optional() })
  .strict();

const connection = z
  .object({
    kind: z.enum(['author', 'invoker', 'platform']),
    connectionId: z.string().min(1).max(256),
    label: z.string().min(1).max(64).optional(),
    scope: z.enum(['shared', 'caller-supplied', 'per-author']).optional(),
  })
  .strict();

const toolProviderReference = z
  .object({
    tools: pickedTools(
      z.object({ toolkit: z.string().min(1).max(256).optional(), description: text.optional() }).strict(),
    ),
    connections: z
      .record(
        key,
        z
          .array(connection)
          .max(sizeCaps.sourcesPerAgent, atMostItems(sizeCaps.sourcesPerAgent, 'connections per toolkit')),
      )
      .optional(),
  })
  .strict();

const toolChoice = z.union([
  z.enum(['auto', 'none', 'required']),
  z.object({ type: z.literal('tool'), toolName: z.string().min(1) }).strict(),
]);

/** The model call settings a version may set (the AI SDK's names); each run passes them to every model call. */
const callSettingsShape = {
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  topK: z.number().int().min(1).optional(),
  maxOutputTokens: z.number().int().min(1).optional(),
  presencePenalty: z.number().min(-2).max(2).optional(),
  frequencyPenalty: z.number().min(-2).max(2).optional(),
  seed: z.number().int().optional(),
  stopSequences: z.array(z.string().min(1)).max(16).optional(),
};
export const callSettingNames = Object.keys(callSettingsShape) as Array<keyof CallSettings>;

const defaultOptions = z
  .object({
    maxSteps: z.number().int().min(1).max(1000).optional(),
    toolChoice: toolChoice.optional(),
    activeTools: z
      .array(z.string().min(1))
      .max(sizeCaps.toolsPerAgent, atMostItems(sizeCaps.toolsPerAgent, 'active tools'))
      .optional(),
    output: jsonObjectSchema.optional(),
    ...callSettingsShape,
  })
  .strict();

/** Instructions: one text, or a list of blocks some of which carry rules. */
function instructionsSchema(mode: SchemaMode, rules: z.ZodType, documentation: () => Record<string, unknown>) {
  const promptBlock = z.discriminatedUnion('type', [
    z.object({ type: z.literal('text'), content: text }).strict(),
    z
      .object({ type: z.literal('prompt_block'), content: text, rules: rules.optional(), name: variantName.optional() })
      .strict(),
  ]);
  const blocks = z.array(promptBlock).max(sizeCaps.promptBlocks, atMostItems(sizeCaps.promptBlocks, 'prompt blocks'));
  if (mode === 'document')
    return z.xor([text, blocks]).meta({ description: 'One text, or a list of blocks some of which carry rules' });
  return selectSchema<unknown>({ select: (value) => (Array.isArray(value) ? blocks : text), meta: documentation() });
}

/** The fields whose `validate` schema picks a branch, so that their documentation comes from `document`. */
type DocumentedField =
  'instructions' | 'tools' | 'mcpClients' | 'integrationTools' | 'toolProviders' | 'agents' | 'workflows';

/** The JSON Schema of a field's `document` schema, for the metadata of its `validate` schema. */
function documentationOf(field: DocumentedField): () => Record<string, unknown> {
  return () => fieldJsonSchema(snapshotPartSchemas('document')[field]);
}

export function snapshotPartSchemas(mode: SchemaMode) {
  const rules = mode === 'validate' ? rulesSchema : rulesDocumentationSchema;

  /** Plain value or list of variants; an empty array is an empty plain value. */
  function plainOrConditional(plain: z.ZodType, description: string, field: DocumentedField) {
    const variants = z
      .array(z.object({ value: plain, rules: rules.optional(), name: variantName.optional() }).strict())
      .min(1)
      .max(sizeCaps.variantsPerField, atMostItems(sizeCaps.variantsPerField, 'variants per field'));
    if (mode === 'document') return z.xor([variants, plain]).meta({ description });
    return selectSchema<unknown>({
      select: (value) => (isConditional(value as never) ? variants : plain),
      meta: documentationOf(field)(),
    });
  }

  /** A record, or (legacy) a list of ids meaning `{ id: {} }` for each. */
  function recordOrIds(entry: z.ZodType, description: string, field?: DocumentedField) {
    const what = 'entries (tools, agents or workflows) per agent';
    const record = z.record(key, entry).superRefine(atMostKeys(sizeCaps.toolsPerAgent, what));
    const ids = z.array(key).max(sizeCaps.toolsPerAgent, atMostItems(sizeCaps.toolsPerAgent, what));
    if (mode === 'document') return z.xor([record, ids]).meta({ description });
    return selectSchema<unknown>({
      select: (value) => (Array.isArray(value) ? ids : record),
      // Inside a plain-or-variants field only that field's documentation counts.
      meta: field === undefined ? { description } : documentationOf(field)(),
    });
  }

  /** A record only; an empty array still counts as the empty value. */
  function recordOrEmpty(entry: z.ZodType) {
    const record = z
      .record(key, entry)
      .superRefine(atMostKeys(sizeCaps.sourcesPerAgent, 'MCP clients, integrations or providers per agent'));
    if (mode === 'document') return z.xor([record, z.array(z.never()).max(0)]);
    return selectSchema<unknown>({
      select: (value) => (Array.isArray(value) && value.length === 0 ? z.array(z.never()) : record),
      meta: { type: 'object' },
    });
  }

  const toolEntry = z.object({ description: text.optional(), rules: rules.optional() }).strict();
  const instructions = instructionsSchema(mode, rules, documentationOf('instructions'));

  return {
    name: z.string().max(200).regex(/\S/, 'The name is empty'),
    description: z.string().max(10_000),
    instructions,
    model: z
      .string()
      .max(200)
      .regex(modelNamePattern, 'The model is a "provider/model" string such as "openai/gpt-4o"'),
    tools: plainOrConditional(
      recordOrIds(toolEntry, 'Registered tools by id'),
      'Registered tools: plain or a list of variants',
      'tools',
    ),
    mcpClients: plainOrConditional(
      recordOrEmpty(mcpClientReference),
      'Saved MCP clients by id: plain or a list of variants',
      'mcpClients',
    ),
    integrationTools: plainOrConditional(
      recordOrEmpty(integrationReference),
      'Integration tools by provider id: plain or a list of variants',
      'integrationTools',
    ),
    toolProviders: plainOrConditional(
      recordOrEmpty(toolProviderReference),
      'Tool providers by id: plain or a list of variants',
      'toolProviders',
    ),
    agents: recordOrIds(
      z.object({ agentId: key.optional(), description: text.optional() }).strict(),
      'Sub-agents exposed as agent-<key> tools: { agentId } names a code or stored agent (default: the key)',
      'agents',
    ),
    workflows: recordOrIds(
      z.object({ workflowId: key.optional(), description: text.optional() }).strict(),
      'Workflows exposed as workflow-<key> tools: { workflowId } names a registered workflow (default: the key)',
      'workflows',
    ),
    toolPolicies: toolPoliciesSchema(mode),
    requestContextSchema: requestContextSchemaField,
    defaultOptions,
  };
}

export type SnapshotPartSchemas = ReturnType<typeof snapshotPartSchemas>;

export const validateParts = snapshotPartSchemas('validate');
