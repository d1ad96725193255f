/**
 * The regular expressions a JSON Schema holds (`pattern` values and `patternProperties` keys), and
 * which of them RE2 cannot run. Where schemas come in, such patterns are refused (OpenAPI documents,
 * tools defined in code) or dropped with a warning (tools an MCP server lists), so ajv only ever
 * compiles patterns RE2 runs (linear-regexp.ts).
 *
 * The walk reads every object below the root as a schema, except values of data keywords (`const`,
 * `enum`, `default`, `example(s)`) and `x-` extensions; the keys of schema maps (`properties`,
 * `$defs`, ...) are names, so a property called `pattern` or `default` is read as a schema.
 */
import { re2Problem } from './linear-regexp';
import { isRecord } from '../is-record';

type Segment = string | number;

export interface SchemaPattern {
  /** Where the pattern is: `[..., 'pattern']` or `[..., 'patternProperties', <the pattern>]`. */
  path: Segment[];
  pattern: string;
}

export interface UnsupportedPattern extends SchemaPattern {
  /** RE2's reason. */
  reason: string;
}

const dataKeywords = new Set(['const', 'enum', 'default', 'example', 'examples']);
const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

const isSkipped = (key: string) => dataKeywords.has(key) || key.startsWith('x-');

/** Every `pattern` value and `patternProperties` key of a schema (or of a document holding schemas). */
export function findSchemaPatterns(schema: unknown): SchemaPattern[] {
  const found: SchemaPattern[] = [];
  const visitMap = (map: Record<string, unknown>, path: Segment[]) => {
    for (const [name, value] of Object.entries(map)) visit(value, [...path, name]);
  };
  const visit = (node: unknown, path: Segment[]) => {
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, [...path, index]));
    if (!isRecord(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') found.push({ path: [...path, key], pattern: value });
      else if (key === 'patternProperties' && isRecord(value)) {
        for (const pattern of Object.keys(value)) found.push({ path: [...path, key, pattern], pattern });
      }
      if (schemaMaps.has(key) && isRecord(value)) visitMap(value, [...path, key]);
      else if (!isSkipped(key)) visit(value, [...path, key]);
    }
  };
  visit(schema, []);
  return found;
}

/** The patterns of `schema` RE2 cannot run, each with its place and RE2's reason. */
export function findUnsupportedPatterns(schema: unknown): UnsupportedPattern[] {
  return findSchemaPatterns(schema).flatMap(({ path, pattern }) => {
    const reason = re2Problem(pattern);
    return reason === undefined ? [] : [{ path, pattern, reason }];
  });
}

/** `properties.code.pattern`, as issue paths read. */
export const formatPatternPath = (path: readonly Segment[]) => path.map(String).join('.') || 'root';

function withoutPath(node: unknown, path: readonly Segment[]): unknown {
  if (path.length === 0) return node;
  const [head, ...rest] = path;
  if (Array.isArray(node)) return node.map((item, index) => (index === head ? withoutPath(item, rest) : item));
  if (!isRecord(node) || !(String(head) in node)) return node;
  const key = String(head);
  if (rest.length === 0) {
    const { [key]: _dropped, ...kept } = node;
    return kept;
  }
  return { ...node, [key]: withoutPath(node[key], rest) };
}

/**
 * `schema` without the patterns RE2 cannot run (a copy; the given schema is not changed), and what
 * was dropped. A dropped `pattern` no longer restricts its string; a dropped `patternProperties`
 * key takes its subschema with it (those properties then fall under `additionalProperties`).
 */
export function withoutUnsupportedPatterns<Schema>(schema: Schema): { schema: Schema; dropped: UnsupportedPattern[] } {
  const dropped = findUnsupportedPatterns(schema);
  const kept = dropped.reduce<unknown>((current, { path }) => withoutPath(current, path), schema);
  return { schema: kept as Schema, dropped };
}
