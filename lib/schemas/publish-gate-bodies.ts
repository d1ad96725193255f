/**
 * The publish gate of an agent (docs/testing-agents.md, "The publish gate"): a setting of the agent,
 * not of its versions, that only admins change; and the override an admin may give when publishing
 * without the evaluation the gate asks for.
 */
import { z } from 'zod';

export const publishGateSchema = z
  .object({
    /** Publishing needs a passing evaluation of exactly the version's configuration. */
    requireEvaluation: z.boolean(),
    /** The share of test cases that must pass, 0 to 1. */
    minPassRate: z.number().min(0).max(1).default(1),
  })
  .strict();

export type PublishGate = z.output<typeof publishGateSchema>;
export type PublishGateBody = z.input<typeof publishGateSchema>;

export const defaultPublishGate: PublishGate = { requireEvaluation: false, minPassRate: 1 };

export const publishOverrideSchema = z
  .object({
    /** Why the version goes live without the evaluation; kept in the audit log. */
    reason: z.string().trim().min(1).max(2000),
  })
  .strict();

export type PublishOverride = z.output<typeof publishOverrideSchema>;
