import { z } from 'zod';
import { sharedDefinitions } from './field-json-schema';
import { agentSnapshotDocumentationSchema } from './snapshot';
import { snapshotPartSchemas } from './snapshot-fields';

export { sharedDefinitionsBase } from './field-json-schema';

/** The published JSON Schema (draft 2020-12) of the agent snapshot, the contract of exports. */
export function agentSnapshotJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(agentSnapshotDocumentationSchema, { unrepresentable: 'any' }) as Record<string, unknown>;
}

/**
 * The definitions the snapshot fields' schemas in the OpenAPI document refer to (the rule group and
 * the JSON Logic rule), for its `components/schemas`.
 */
export function snapshotFieldDefinitions(): Record<string, Record<string, unknown>> {
  return sharedDefinitions(Object.values(snapshotPartSchemas('document')));
}
