/**
 * Request bodies of agent operations. The API routes parse with them, the editor service validates
 * library input with them and the web editor's forms validate with them (one schema, three
 * consumers). Unknown keys are rejected; snapshot fields use the snapshot's own schemas.
 */
import { z } from 'zod';
import { optionalSnapshotShape, type AgentSnapshot } from '../snapshots';
import { jsonObjectSchema } from '../rules';
import { publishOverrideSchema } from './publish-gate-bodies';

export const agentIdPattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** An id of an agent or of a saved MCP client (`noun` names which in the message). */
export const recordIdSchema = (noun: 'Agent' | 'MCP client') =>
  z
    .string()
    .regex(agentIdPattern, `${noun} ids are 1-64 characters of a-z, 0-9, "_" and "-", starting with a letter or digit`);

export const agentIdSchema = recordIdSchema('Agent');

const optionalSnapshotFields = optionalSnapshotShape();

/**
 * A field a save may clear with `null`. A field documented as a `oneOf` of its shapes (its schema
 * picks the shape by looking, so the documentation is its metadata) gets `null` as one more shape,
 * which its documentation would otherwise leave out.
 */
function clearable(schema: z.ZodType) {
  const nullable = schema.nullable();
  const shapes = schema.meta()?.oneOf;
  return (Array.isArray(shapes) ? nullable.meta({ oneOf: [...shapes, { type: 'null' }] }) : nullable).optional();
}

/** In a save, `null` clears a field. */
const clearableSnapshotShape = Object.fromEntries(
  Object.entries(optionalSnapshotFields).map(([field, schema]) => [
    field,
    clearable((schema as z.ZodOptional<z.ZodType>).unwrap()),
  ]),
) as {
  [Field in keyof typeof optionalSnapshotFields]: z.ZodOptional<
    z.ZodNullable<z.ZodType<NonNullable<AgentSnapshot[Field]>>>
  >;
};

export const changeMessageSchema = z.string().max(2000);
const metadata = jsonObjectSchema;

export const createAgentBodySchema = z
  .object({
    id: agentIdSchema,
    ...optionalSnapshotFields,
    metadata: metadata.optional(),
    changeMessage: changeMessageSchema.optional(),
  })
  .strict()
  .meta({ id: 'CreateAgentBody' });

export const updateAgentBodySchema = z
  .object({
    baseVersionNumber: z.number().int().min(1),
    changeMessage: changeMessageSchema.optional(),
    metadata: metadata.optional(),
    ...clearableSnapshotShape,
  })
  .strict()
  .meta({ id: 'UpdateAgentBody' });

/** Publishing a version: an optional compare-and-swap on the published version, and why it goes live. */
export const publishAgentBodySchema = z
  .object({
    expectedActiveVersionNumber: z.number().int().min(1).nullable().optional().meta({
      description: 'Compare-and-swap: publish only if this is still the published version (null: nothing is published)',
    }),
    message: changeMessageSchema.optional().meta({
      description: 'Why this version goes live; kept in the audit log and shown in the version history',
    }),
    override: publishOverrideSchema.optional().meta({
      description:
        "Admins only: publish without the evaluation the agent's publish gate asks for; the reason is kept in the audit log",
    }),
  })
  .strict()
  .meta({ id: 'PublishAgentBody' });

export type CreateAgentBody = z.output<typeof createAgentBodySchema>;
export type UpdateAgentBody = z.output<typeof updateAgentBodySchema>;
export type PublishAgentBody = z.output<typeof publishAgentBodySchema>;

/** The agents list's search: matched case-insensitively against each agent's id and name. */
export const agentSearchSchema = z.string().trim().max(200);
