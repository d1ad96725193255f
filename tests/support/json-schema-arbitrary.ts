/**
 * fast-check arbitraries for the values a JSON Schema (draft 2020-12, as the OpenAPI 3.1 document
 * spells them) accepts: enough of the vocabulary for the API's own document (types, enums, consts,
 * lengths, patterns, ranges, objects with required and optional properties, arrays, oneOf/anyOf and
 * `$ref` into the document). Recursive schemas stop at a depth, taking their smallest branch.
 */
import fc from 'fast-check';

export type JsonSchema = Record<string, unknown>;

const maxDepth = 4;

/** Strings that never reach other machines: a generated URL points at this machine's closed port 1. */
function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? Infinity, minLength + 12);
  if (schema.format === 'uri' || schema.format === 'url') return fc.constant('http://127.0.0.1:1/mcp');
  // In the future, so that an expiry is one.
  if (schema.format === 'date-time') return fc.constant('2099-01-31T12:00:00.000Z');
  if (schema.format === 'email') return fc.constant('ada@example.com');
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    return fc
      .stringMatching(pattern)
      .filter((value) => value.length >= minLength && value.length <= ((schema.maxLength as number) ?? Infinity));
  }
  return fc.string({ unit: fc.constantFrom('a', 'b', 'z', '0', '-', '_', 'é'), minLength, maxLength });
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMinimum = schema.exclusiveMinimum as number | undefined;
  const exclusiveMaximum = schema.exclusiveMaximum as number | undefined;
  const min = (schema.minimum as number | undefined) ?? (exclusiveMinimum === undefined ? -1000 : exclusiveMinimum + 1);
  const max = (schema.maximum as number | undefined) ?? (exclusiveMaximum === undefined ? 1000 : exclusiveMaximum - 1);
  const low = Math.max(min, -1_000_000);
  return fc.integer({ min: low, max: Math.min(max, low + 1000) });
}

export interface SchemaContext {
  /** The whole document, for `$ref`s of the form `#/components/schemas/Name`. */
  document: JsonSchema;
}

function resolveReference(reference: string, { document }: SchemaContext): JsonSchema {
  const segments = reference.replace(/^#\//, '').split('/');
  let current: unknown = document;
  for (const segment of segments) current = (current as Record<string, unknown>)[segment.replaceAll('~1', '/')];
  return current as JsonSchema;
}

function objectArbitrary(schema: JsonSchema, context: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const names = Object.keys(properties);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) record[name] = arbitraryOf(properties[name]!, context, depth + 1);
  const optional = names.filter((name) => !required.has(name));
  // Deep down only what is required, so recursive shapes stay small.
  const keys = depth >= maxDepth ? [...required] : [...required, ...optional];
  const maxProperties = (schema.maxProperties as number | undefined) ?? Infinity;
  const fixed = fc.record(record, { requiredKeys: [...required] }).map((value) =>
    Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => keys.includes(key))
        .slice(0, maxProperties),
    ),
  );
  const additional = schema.additionalProperties;
  if (names.length > 0 || typeof additional !== 'object' || additional === null || depth >= maxDepth) return fixed;
  const keyArbitrary = schema.propertyNames
    ? (arbitraryOf(schema.propertyNames as JsonSchema, context, depth + 1) as fc.Arbitrary<string>)
    : fc.constantFrom('a', 'b', 'key');
  return fc.dictionary(keyArbitrary, arbitraryOf(additional as JsonSchema, context, depth + 1), { maxKeys: 2 });
}

function arrayArbitrary(schema: JsonSchema, context: SchemaContext, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = (schema.minItems as number | undefined) ?? 0;
  const maxLength =
    depth >= maxDepth ? minLength : Math.min((schema.maxItems as number | undefined) ?? 2, minLength + 2);
  if (maxLength === 0) return fc.constant([]);
  return fc.array(arbitraryOf((schema.items as JsonSchema | undefined) ?? {}, context, depth + 1), {
    minLength,
    maxLength,
  });
}

/** A JSON value for a schema that says nothing (`{}`): small and plain. */
const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: 0, max: 9 }),
  fc.constant('x'),
  fc.constant({}),
);

export function arbitraryOf(schema: JsonSchema, context: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') return arbitraryOf(resolveReference(schema.$ref, context), context, depth);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (branches) {
    const chosen = depth >= maxDepth ? branches.filter((branch) => branch.$ref === undefined).slice(0, 1) : branches;
    return fc.oneof(...(chosen.length > 0 ? chosen : branches).map((branch) => arbitraryOf(branch, context, depth)));
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const arbitraries = type.map((one): fc.Arbitrary<unknown> => {
    switch (one) {
      case 'string':
        return stringArbitrary(schema);
      case 'integer':
      case 'number':
        return numberArbitrary(schema);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return arrayArbitrary(schema, context, depth);
      case 'object':
        return objectArbitrary(schema, context, depth);
      default:
        return schema.properties ? objectArbitrary(schema, context, depth) : anyJson;
    }
  });
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
}

/** The schema a `$ref` (or the schema itself) names, for reading its keywords. */
export function dereferenced(schema: JsonSchema, context: SchemaContext): JsonSchema {
  return typeof schema.$ref === 'string' ? dereferenced(resolveReference(schema.$ref, context), context) : schema;
}
