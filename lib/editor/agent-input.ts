/**
 * Inputs of agent operations. The request-body schemas live in `lib/schemas` (shared with the API
 * routes and the web editor's forms) and are re-exported here for the service's callers.
 */
import { z } from 'zod';
import { snapshotFields, type AgentSnapshot } from '../snapshots';
import { updateAgentBodySchema, type CreateAgentBody } from '../schemas';

export {
  agentIdPattern,
  agentIdSchema,
  createAgentBodySchema,
  publishAgentBodySchema,
  updateAgentBodySchema,
  type CreateAgentBody,
  type PublishAgentBody,
  type UpdateAgentBody,
} from '../schemas';

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
