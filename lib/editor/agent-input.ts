/**
 * Input schemas of agent operations, shared by the editor service and the API routes (one schema,
 * two consumers). Unknown keys are rejected; snapshot fields use the snapshot's own schemas.
 */
import { z } from 'zod';
import { optionalSnapshotShape, snapshotFields, type AgentSnapshot } from '../agents';
import { jsonObjectSchema } from '../rules';

export const agentIdPattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const agentIdSchema = z
  .string()
  .regex(agentIdPattern, 'Agent ids are 1-64 characters of a-z, 0-9, "_" and "-", starting with a letter or digit');

const optionalSnapshotFields = optionalSnapshotShape();

/** In a save, `null` clears a field. */
const clearableSnapshotShape = Object.fromEntries(
  Object.entries(optionalSnapshotFields).map(([field, schema]) => [
    field,
    (schema as z.ZodOptional<z.ZodType>).unwrap().nullable().optional(),
  ]),
) as {
  [Field in keyof typeof optionalSnapshotFields]: z.ZodOptional<
    z.ZodNullable<z.ZodType<NonNullable<AgentSnapshot[Field]>>>
  >;
};

const changeMessage = z.string().max(2000);
const metadata = jsonObjectSchema;

export const createAgentBodySchema = z
  .object({
    id: agentIdSchema,
    ...optionalSnapshotFields,
    metadata: metadata.optional(),
    changeMessage: changeMessage.optional(),
  })
  .strict()
  .meta({ id: 'CreateAgentBody' });

export const updateAgentBodySchema = z
  .object({
    baseVersionNumber: z.number().int().min(1),
    changeMessage: changeMessage.optional(),
    metadata: metadata.optional(),
    ...clearableSnapshotShape,
  })
  .strict()
  .meta({ id: 'UpdateAgentBody' });

export type CreateAgentBody = z.output<typeof createAgentBodySchema>;
export type UpdateAgentBody = z.output<typeof updateAgentBodySchema>;

/** `actor` is who acts (audit and author); library callers that omit it are `system`. */
export type CreateAgentInput = CreateAgentBody & { actor?: string };

export type SnapshotChanges = { [Field in keyof AgentSnapshot]?: AgentSnapshot[Field] | null };

export type UpdateAgentInput = SnapshotChanges & {
  id: string;
  /** The version the editor loaded; omit only in scripts that mean to save over anything. */
  baseVersionNumber?: number;
  changeMessage?: string;
  /** Shallow-merged into the record's metadata (not versioned). */
  metadata?: Record<string, unknown>;
  actor?: string;
};

/** The snapshot fields present in an input object, in field order. */
export function pickSnapshotFields<T extends Record<string, unknown>>(input: T): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of snapshotFields) {
    if (input[field] !== undefined) picked[field] = input[field];
  }
  return picked;
}

/** Validates library input with the same schema as the API, rejecting with every issue. */
export const updateInputSchema = updateAgentBodySchema.extend({
  baseVersionNumber: z.number().int().min(1).optional(),
});
