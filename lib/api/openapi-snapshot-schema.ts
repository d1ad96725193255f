/**
 * The agent snapshot's published JSON Schema (`agentSnapshotJsonSchema()`) in the OpenAPI
 * document: its definitions become components (`AgentSnapshot`, and the rule schemas the document
 * already holds), and each version of the export document (`AgentExport`) refers to
 * `AgentSnapshot`, so an export can be checked against the document alone.
 */
import { agentSnapshotJsonSchema } from '../snapshots';

const exportedSnapshot = { $ref: '#/components/schemas/AgentSnapshot' };

export function withSnapshotSchema<Schemas extends Record<string, object>>(schemas: Schemas): Schemas {
  const { $defs } = agentSnapshotJsonSchema() as { $defs: Record<string, object> };
  const definitions = JSON.parse(JSON.stringify($defs).replaceAll('"#/$defs/', '"#/components/schemas/')) as Record<
    string,
    object
  >;
  const exported = schemas.AgentExport as
    { properties: { versions: { items: { properties: Record<string, unknown> } } } } | undefined;
  if (!exported) return { ...definitions, ...schemas } as Schemas;
  const { versions } = exported.properties;
  const AgentExport = {
    ...exported,
    properties: {
      ...exported.properties,
      versions: {
        ...versions,
        items: { ...versions.items, properties: { ...versions.items.properties, snapshot: exportedSnapshot } },
      },
    },
  };
  return { ...definitions, ...schemas, AgentExport } as Schemas;
}
