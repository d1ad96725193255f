/**
 * JSON Schemas of snapshot fields for documents that keep shared definitions elsewhere: the OpenAPI
 * document holds the rule schemas (`RuleGroup`, `JsonLogicRule`) once under `components/schemas`,
 * and each field's schema refers to them there instead of carrying its own `$defs`.
 */
import { z } from 'zod';

/** Where a document keeps the shared definitions the fields refer to. */
export const sharedDefinitionsBase = '#/components/schemas/';

type JsonSchema = Record<string, unknown>;

function rebaseReferences(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebaseReferences);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) =>
      key === '$ref' && typeof entry === 'string' && entry.startsWith('#/$defs/')
        ? [key, `${sharedDefinitionsBase}${entry.slice('#/$defs/'.length)}`]
        : [key, rebaseReferences(entry)],
    ),
  );
}

function converted(schema: z.ZodType): { schema: JsonSchema; definitions: Record<string, JsonSchema> } {
  const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return {
    schema: rebaseReferences(rest) as JsonSchema,
    definitions: rebaseReferences($defs ?? {}) as Record<string, JsonSchema>,
  };
}

/** A field's JSON Schema (the input it accepts), its shared definitions referred to under `sharedDefinitionsBase`. */
export function fieldJsonSchema(schema: z.ZodType): JsonSchema {
  return converted(schema).schema;
}

/** The shared definitions the fields' schemas refer to, by name. */
export function sharedDefinitions(schemas: readonly z.ZodType[]): Record<string, JsonSchema> {
  return Object.assign({}, ...schemas.map((schema) => converted(schema).definitions)) as Record<string, JsonSchema>;
}
