/**
 * Input validation with the repairs for the mistakes models commonly make. Each repair only
 * touches values the validator complained about, and the input is revalidated after each one;
 * the caller's value is never mutated.
 */
import type { JsonSchema, NormalizedSchema, SchemaIssue, SchemaValidationResult } from './schema-types';
import { isRecord } from '../is-record';

type Path = ReadonlyArray<string | number>;

const removed = Symbol('removed');

function valueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

/** A copy of `value` with the value at `path` replaced (or removed from its parent object). */
function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = replaceAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  if (!isRecord(value)) return value;
  const copy = { ...value };
  const next = replaceAt(copy[head], rest, replacement);
  if (next === removed) delete copy[head];
  else copy[head] = next;
  return copy;
}

function acceptsObject(jsonSchema: JsonSchema): boolean {
  const type = jsonSchema.type;
  if (type === undefined) return 'properties' in jsonSchema;
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

function parseJsonContainer(text: string): { parsed: unknown } | undefined {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return typeof parsed === 'object' && parsed !== null ? { parsed } : undefined;
  } catch {
    return undefined;
  }
}

interface RepairInput {
  value: unknown;
  issues: ReadonlyArray<SchemaIssue>;
  jsonSchema: JsonSchema;
}

/** Returns the repaired value, or `undefined` when the repair does not apply. */
type Repair = (input: RepairInput) => { value: unknown } | undefined;

/** A missing input for a tool whose arguments are an object becomes `{}`. */
const emptyObjectForMissingInput: Repair = ({ value, jsonSchema }) =>
  (value === null || value === undefined) && acceptsObject(jsonSchema) ? { value: {} } : undefined;

/** A string holding JSON where an array or object was expected is parsed. */
const parseStringifiedJson: Repair = ({ value, issues }) => {
  let repaired = value;
  for (const issue of issues) {
    const current = valueAt(repaired, issue.path);
    if (typeof current !== 'string') continue;
    const result = parseJsonContainer(current);
    if (result) repaired = replaceAt(repaired, issue.path, result.parsed);
  }
  return repaired === value ? undefined : { value: repaired };
};

/** A `null` object field that fails validation is dropped (models send `null` for "not given"). */
const dropFailingNulls: Repair = ({ value, issues }) => {
  let repaired = value;
  for (const issue of issues) {
    if (issue.path.length === 0 || valueAt(repaired, issue.path) !== null) continue;
    if (!isRecord(valueAt(repaired, issue.path.slice(0, -1)))) continue;
    repaired = replaceAt(repaired, issue.path, removed);
  }
  return repaired === value ? undefined : { value: repaired };
};

const repairs: Repair[] = [emptyObjectForMissingInput, parseStringifiedJson, dropFailingNulls];

/**
 * Validates tool input, applying the repairs in order and revalidating after each. On failure the
 * issues are those of the most repaired value: they name what is still wrong.
 */
export function validateInputWithRepairs({
  schema,
  input,
}: {
  schema: NormalizedSchema;
  input: unknown;
}): SchemaValidationResult {
  let candidate = input;
  let result = schema.validate(candidate);
  for (const repair of repairs) {
    if (result.success) return result;
    const repaired = repair({ value: candidate, issues: result.issues, jsonSchema: schema.jsonSchema });
    if (!repaired) continue;
    candidate = repaired.value;
    result = schema.validate(candidate);
  }
  return result;
}
