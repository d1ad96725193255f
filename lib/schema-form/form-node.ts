/**
 * A JSON Schema as a form: one node per property, recursively (objects, arrays, enums, strings,
 * numbers, booleans); anything a form cannot express well (unions, references, tuples) becomes a
 * JSON box for that property. Pure: the editor's tool runner and the forms built from a schema
 * (resume data, request context) render these nodes.
 */
import { isRecord } from '../is-record';

export type FormNode =
  | { kind: 'object'; properties: Array<{ name: string; required: boolean; node: FormNode }>; meta: NodeMeta }
  | { kind: 'array'; items: FormNode; meta: NodeMeta }
  | { kind: 'string' | 'number' | 'integer' | 'boolean'; meta: NodeMeta }
  | { kind: 'enum'; options: unknown[]; meta: NodeMeta }
  | { kind: 'json'; meta: NodeMeta };

export interface NodeMeta {
  description?: string;
  default?: unknown;
  /** The type in words, for hints and the property table ("string, email", "integer 1-10"). */
  summary: string;
}

type Schema = Record<string, unknown>;

const maxDepth = 8;

/** The one non-null type a schema declares, if it declares exactly one. */
function singleType(schema: Schema): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type.filter((type) => type !== 'null') : [schema.type];
  if (types.length === 1 && typeof types[0] === 'string') return types[0];
  if (schema.type === undefined && isRecord(schema.properties)) return 'object';
  return undefined;
}

/** A short description of what a schema accepts, e.g. "integer, 1 to 10" or "string, one of a, b". */
export function summarize(schema: unknown): string {
  if (!isRecord(schema)) return 'any';
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if ('const' in schema) return `exactly ${JSON.stringify(schema.const)}`;
  const type = singleType(schema);
  if (type === 'array') parts.push(`list of ${summarize(schema.items)}`);
  else if (type) parts.push(type);
  else if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf))
    parts.push(((schema.anyOf ?? schema.oneOf) as unknown[]).map(summarize).join(' or '));
  else parts.push('any');
  if (Array.isArray(schema.type) && schema.type.includes('null')) parts.push('or null');
  if (typeof schema.format === 'string') parts.push(schema.format);
  parts.push(...limitsOf(schema));
  return parts.join(', ');
}

/** The limits a schema sets, in words: "1 to 10", "at least 1 characters", "at most 5 items", "matching ^a". */
export function limitsOf(schema: Schema): string[] {
  const limits: string[] = [];
  const range = (low: unknown, high: unknown, unit: string) => {
    if (typeof low === 'number' && typeof high === 'number') limits.push(`${low} to ${high}${unit}`);
    else if (typeof low === 'number') limits.push(`at least ${low}${unit}`);
    else if (typeof high === 'number') limits.push(`at most ${high}${unit}`);
  };
  range(schema.minimum, schema.maximum, '');
  range(schema.exclusiveMinimum, undefined, ' (exclusive)');
  range(undefined, schema.exclusiveMaximum, ' (exclusive)');
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  if (typeof schema.pattern === 'string') limits.push(`matching ${schema.pattern}`);
  return limits;
}

function metaOf(schema: Schema): NodeMeta {
  const meta: NodeMeta = { summary: summarize(schema) };
  if (typeof schema.description === 'string') meta.description = schema.description;
  else if (typeof schema.title === 'string') meta.description = schema.title;
  if ('default' in schema) meta.default = schema.default;
  return meta;
}

export function formNodeOf(schema: unknown, depth = 0): FormNode {
  if (!isRecord(schema) || depth > maxDepth) return { kind: 'json', meta: { summary: summarize(schema) } };
  const meta = metaOf(schema);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { kind: 'enum', options: schema.enum, meta };
  const type = singleType(schema);
  if (type === 'object' && isRecord(schema.properties) && schema.additionalProperties !== true) {
    const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
    return {
      kind: 'object',
      properties: Object.entries(schema.properties).map(([name, property]) => ({
        name,
        required: required.includes(name),
        node: formNodeOf(property, depth + 1),
      })),
      meta,
    };
  }
  if (type === 'array' && isRecord(schema.items))
    return { kind: 'array', items: formNodeOf(schema.items, depth + 1), meta };
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') return { kind: type, meta };
  return { kind: 'json', meta };
}
