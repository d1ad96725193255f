import { z } from 'zod';
import { agentSnapshotDocumentationSchema } from './snapshot';

/** The published JSON Schema (draft 2020-12) of the agent snapshot, the contract of exports. */
export function agentSnapshotJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(agentSnapshotDocumentationSchema, { unrepresentable: 'any' }) as Record<string, unknown>;
}
