/**
 * OpenAPI schema objects -> JSON Schema (draft 2020-12), the dialect tool input schemas use.
 * 3.1 schemas already are JSON Schema; 3.0 schemas differ in a few keywords (`nullable`, boolean
 * `exclusiveMinimum`/`exclusiveMaximum`). Recursive schemas arrive with their `$ref` kept (see
 * load-document.ts) and become `$defs` entries, so every tool schema is self-contained JSON.
 */
import type { JsonSchema } from '../../tools';
import { isRecord } from '../../is-record';

type JsonObject = Record<string, unknown>;

/** Keywords whose value is one schema. */
const schemaKeywords = new Set([
  'items',
  'additionalItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);
/** Keywords whose value is a list of schemas. */
const schemaListKeywords = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names to schemas. */
const schemaMapKeywords = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
/** OpenAPI-only keywords that mean nothing to a JSON Schema validator or a model. */
const droppedKeywords = new Set(['discriminator', 'xml', 'externalDocs', 'example', 'nullable']);

const componentPrefix = '#/components/schemas/';

export interface SchemaConverter {
  /** `direction: 'request'` leaves out `readOnly` properties (the server sets them). */
  convert(schema: unknown): JsonSchema;
  /** Wraps a finished root schema with the `$defs` its recursive references need. */
  finish(root: JsonSchema): JsonSchema;
}

export function createSchemaConverter({
  document,
  version,
  direction,
}: {
  document: JsonObject;
  version: '3.0' | '3.1';
  direction: 'request' | 'response';
}): SchemaConverter {
  const definitions = new Map<string, JsonSchema>();
  const pending: string[] = [];
  const componentSchemas =
    isRecord(document.components) && isRecord(document.components.schemas) ? document.components.schemas : {};

  const rewriteReference = (reference: string): JsonSchema | undefined => {
    if (!reference.startsWith(componentPrefix)) return undefined;
    const name = reference.slice(componentPrefix.length);
    if (!(name in componentSchemas)) return undefined;
    if (!definitions.has(name) && !pending.includes(name)) pending.push(name);
    return { $ref: `#/$defs/${name}` };
  };

  const convert = (schema: unknown): JsonSchema => {
    if (typeof schema === 'boolean') return schema ? {} : { not: {} };
    if (!isRecord(schema)) return {};
    if (typeof schema.$ref === 'string') {
      // Only recursive component schemas keep a `$ref` after dereferencing; anything else
      // cannot be followed, and an unconstrained schema is better than an unusable tool.
      return rewriteReference(schema.$ref) ?? {};
    }
    const result: JsonObject = {};
    for (const [key, value] of Object.entries(schema)) {
      if (droppedKeywords.has(key) || key.startsWith('x-')) continue;
      if (schemaKeywords.has(key) && (isRecord(value) || typeof value === 'boolean')) result[key] = convert(value);
      else if (schemaListKeywords.has(key) && Array.isArray(value)) result[key] = value.map(convert);
      else if (schemaMapKeywords.has(key) && isRecord(value)) {
        result[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, convert(item)]));
      } else result[key] = value;
    }
    if (version === '3.0') convertOpenApi30Keywords(schema, result);
    if (direction === 'request') dropReadOnlyProperties(schema, result);
    return result;
  };

  const finish = (root: JsonSchema): JsonSchema => {
    while (pending.length > 0) {
      const name = pending.shift()!;
      definitions.set(name, {});
      definitions.set(name, convert(componentSchemas[name]));
    }
    if (definitions.size === 0) return root;
    return { ...root, $defs: Object.fromEntries(definitions) };
  };

  return { convert, finish };
}

function convertOpenApi30Keywords(source: JsonObject, result: JsonObject) {
  if (source.nullable === true) {
    if (typeof source.type === 'string') result.type = [source.type, 'null'];
    else if (Array.isArray(result.enum) && !result.enum.includes(null)) result.enum = [...result.enum, null];
  }
  // Draft-04 style booleans: `exclusiveMinimum: true` qualifies `minimum`.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof source[flag] !== 'boolean') continue;
    delete result[flag];
    if (source[flag] === true && typeof source[bound] === 'number') {
      result[flag] = source[bound];
      delete result[bound];
    }
  }
}

function dropReadOnlyProperties(source: JsonObject, result: JsonObject) {
  if (!isRecord(source.properties) || !isRecord(result.properties)) return;
  const readOnly = Object.entries(source.properties)
    .filter(([, property]) => isRecord(property) && property.readOnly === true)
    .map(([name]) => name);
  if (readOnly.length === 0) return;
  const properties = { ...result.properties };
  for (const name of readOnly) delete properties[name];
  result.properties = properties;
  if (Array.isArray(result.required))
    result.required = result.required.filter((name) => !readOnly.includes(name as string));
}
