/**
 * Whole numbers in the document carry the bounds the server holds them to. zod's `int()` takes only
 * safe integers (−(2^53 − 1) to 2^53 − 1) and the server refuses anything beyond with 400, but the
 * generator writes `type: integer` without those bounds, so a client generated from the document
 * would send any 64-bit value. Each integer schema without a bound of its own on a side gets the
 * safe-integer bound on that side; a schema's own bound (a page size's 100) stays.
 */

/** The keys of a schema that hold values, not schemas: nothing below them is a schema. */
const valueKeys = new Set(['example', 'examples', 'default', 'const', 'enum']);

/** The keys whose value maps names to schemas, where a name such as `default` is a property's. */
const schemaMapKeys = new Set(['properties', 'patternProperties', '$defs', 'schemas', 'definitions']);

export function withWholeNumberBounds<Document>(document: Document): Document {
  return bounded(document, false) as Document;
}

function bounded(value: unknown, isSchemaMap: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => bounded(item, false));
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = !isSchemaMap && valueKeys.has(key) ? item : bounded(item, !isSchemaMap && schemaMapKeys.has(key));
  }
  if (!isSchemaMap && isWholeNumberType(result.type)) {
    if (result.maximum === undefined && result.exclusiveMaximum === undefined) result.maximum = Number.MAX_SAFE_INTEGER;
    if (result.minimum === undefined && result.exclusiveMinimum === undefined) result.minimum = Number.MIN_SAFE_INTEGER;
  }
  return result;
}

const isWholeNumberType = (type: unknown): boolean =>
  type === 'integer' || (Array.isArray(type) && type.includes('integer'));
