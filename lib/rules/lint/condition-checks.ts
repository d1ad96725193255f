/**
 * Checks of one condition against what its field is declared as: unknown or undeclared fields,
 * operators and values that cannot fit the field's type, values outside its `enum`/`const`, and
 * an `in` over an empty list.
 */
import type { Condition } from '../types';
import type { Diagnostic } from './diagnostic';
import { declaredTypes, type FieldSchema, type SchemaNode } from './field-schema';
import { isRecord } from '../../is-record';

const comparisonOperators: readonly string[] = [
  'greater_than',
  'less_than',
  'greater_than_or_equal',
  'less_than_or_equal',
];

/** How many of a field's allowed values a message lists. */
const maxListed = 10;

/** The JSON type of a value, with whole numbers as `integer`. */
function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether a value may be of one of `types` (`number` takes integers too; no types: anything). */
function fitsTypes(value: unknown, types: readonly string[]): boolean {
  if (types.length === 0) return true;
  const type = jsonTypeOf(value);
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/** The values a schema allows, when it lists them (`enum`, or `const` as a list of one). */
function allowedValues(schema: SchemaNode): unknown[] | undefined {
  if (Object.hasOwn(schema, 'const')) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}

const jsonKey = (value: unknown) => JSON.stringify(value) ?? 'undefined';

/** Why the condition's operator or value cannot fit the field's types, or undefined when it can. */
function typeProblem(condition: Condition, schema: SchemaNode): string | undefined {
  const types = declaredTypes(schema);
  if (types.length === 0) return undefined;
  const { field, operator, value } = condition;
  const named = `"${field}" is ${types.join(' or ')}`;
  if (comparisonOperators.includes(operator)) {
    if (!types.some((type) => type === 'number' || type === 'integer'))
      return `${named}; "${operator}" compares numbers only`;
    if (typeof value !== 'number')
      return `"${operator}" compares numbers; the value ${JSON.stringify(value)} is not one`;
    return undefined;
  }
  if (operator === 'contains' || operator === 'not_contains') {
    if (!types.includes('string') && !types.includes('array'))
      return `${named}; "${operator}" works on text and lists only`;
    if (!types.includes('array') && typeof value !== 'string')
      return `${named}; "${operator}" on text needs a text value, not ${JSON.stringify(value)}`;
    const onlyList = types.length === 1 && types[0] === 'array';
    const itemTypes = onlyList && isRecord(schema.items) ? declaredTypes(schema.items) : [];
    if (!fitsTypes(value, itemTypes))
      return `"${field}" is a list of ${itemTypes.join(' or ')} items; ${JSON.stringify(value)} can never be one`;
    return undefined;
  }
  if (operator === 'equals' || operator === 'not_equals') {
    return fitsTypes(value, types) ? undefined : `${named}; the value ${JSON.stringify(value)} can never equal it`;
  }
  if ((operator === 'in' || operator === 'not_in') && Array.isArray(value)) {
    const misfit = value.find((item) => !fitsTypes(item, types));
    return misfit === undefined ? undefined : `${named}; the list item ${JSON.stringify(misfit)} can never equal it`;
  }
  return undefined;
}

/** Why the condition can never match given the field's listed values, or undefined. */
function enumProblem(condition: Condition, schema: SchemaNode): string | undefined {
  const allowed = allowedValues(schema);
  if (allowed === undefined) return undefined;
  // A set of JSON texts, so a long enum against a long list costs their sum, not their product.
  const allowedKeys = new Set(allowed.map(jsonKey));
  const isAllowed = (value: unknown) => allowedKeys.has(jsonKey(value));
  const shown = allowed.slice(0, maxListed).map((option) => JSON.stringify(option));
  const listing = allowed.length > maxListed ? `${shown.join(', ')}, ...` : shown.join(', ');
  if (condition.operator === 'equals' && !isAllowed(condition.value)) {
    return `"${condition.field}" is one of ${listing}; ${JSON.stringify(condition.value)} is not among them`;
  }
  if (condition.operator === 'in' && Array.isArray(condition.value) && condition.value.length > 0) {
    if (!condition.value.some(isAllowed))
      return `"${condition.field}" is one of ${listing}; no value of the list is among them`;
  }
  return undefined;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every finding about one condition; `path` is where the condition lives. */
export function lintCondition({
  condition,
  path,
  fieldSchema,
}: {
  condition: Condition;
  path: string;
  fieldSchema: FieldSchema;
}): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const add = (severity: Diagnostic['severity'], code: Diagnostic['code'], message: string) =>
    diagnostics.push({ severity, code, path, message });
  if (condition.operator === 'in' && Array.isArray(condition.value) && condition.value.length === 0) {
    add('error', 'never_matches', `"in" an empty list never matches`);
  }
  // A row whose field is not picked yet is unfinished, not wrong: the save schema names it if it stays so.
  if (condition.field === '') return diagnostics;
  const lookup = fieldSchema(condition.field);
  if (lookup.kind === 'unknown') {
    const owner = lookup.subject ?? 'the request context';
    add('error', 'unknown_field', `${capitalized(owner)} has no field "${condition.field}": ${lookup.reason}`);
  } else if (lookup.kind === 'undeclared') {
    const fields = lookup.subject ? `the fields ${lookup.subject} declares` : 'the declared request context fields';
    add('warning', 'undeclared_field', `"${condition.field}" is not one of ${fields}; check its spelling`);
  } else if (lookup.kind === 'declared') {
    const mismatch = typeProblem(condition, lookup.schema);
    if (mismatch) add('error', 'type_mismatch', mismatch);
    const outside = mismatch ? undefined : enumProblem(condition, lookup.schema);
    if (outside) add('error', 'never_matches', outside);
  }
  return diagnostics;
}
