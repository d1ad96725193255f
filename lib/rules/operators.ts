/**
 * What each rule operator means, as plain functions: `value` is the request
 * context's value at the field (`undefined` when missing), `expected` the rule's value. They are
 * registered as JSON Logic operations where JSON Logic itself differs from the table.
 */
export const conditionOperators = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'greater_than',
  'less_than',
  'greater_than_or_equal',
  'less_than_or_equal',
  'in',
  'not_in',
  'exists',
  'not_exists',
] as const;

export type ConditionOperator = (typeof conditionOperators)[number];

/** Operators that take no `value`. */
export const valuelessOperators: readonly ConditionOperator[] = ['exists', 'not_exists'];

/** Operators whose `value` must be an array. */
export const arrayValueOperators: readonly ConditionOperator[] = ['in', 'not_in'];

/**
 * The value at a dot path. A missing segment or a non-object on the way gives `undefined`; only
 * own properties count, so `constructor` or `length` are never found by accident.
 */
export function valueAtPath(context: unknown, path: string): unknown {
  return valueAtSegments(context, path.split('.'));
}

/** `valueAtPath` with the path already split at its dots. */
export function valueAtSegments(context: unknown, segments: readonly string[]): unknown {
  let current: unknown = context;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

export function contains(value: unknown, expected: unknown): boolean {
  if (typeof value === 'string') return typeof expected === 'string' && value.includes(expected);
  if (Array.isArray(value)) return value.includes(expected);
  return false;
}

/** True when `value` is neither a string nor an array (e.g. missing): nothing can be contained. */
export function notContains(value: unknown, expected: unknown): boolean {
  if (typeof value === 'string' || Array.isArray(value)) return !contains(value, expected);
  return true;
}

type Comparison = (left: number, right: number) => boolean;

const comparisons: Record<'greater_than' | 'less_than' | 'greater_than_or_equal' | 'less_than_or_equal', Comparison> = {
  greater_than: (left, right) => left > right,
  less_than: (left, right) => left < right,
  greater_than_or_equal: (left, right) => left >= right,
  less_than_or_equal: (left, right) => left <= right,
};

export function compareNumbers(operator: keyof typeof comparisons, value: unknown, expected: unknown): boolean {
  return typeof value === 'number' && typeof expected === 'number' && comparisons[operator](value, expected);
}

/** Both `in` and `not_in` are false when the rule's value is not an array. */
export function isIn(value: unknown, expected: unknown): boolean {
  return Array.isArray(expected) && expected.includes(value);
}

export function isNotIn(value: unknown, expected: unknown): boolean {
  return Array.isArray(expected) && !expected.includes(value);
}

export function exists(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** Direct evaluation of one condition; the JSON Logic path must agree with this (tested). */
export function evaluateOperator(operator: ConditionOperator, value: unknown, expected: unknown): boolean {
  switch (operator) {
    case 'equals':
      return value === expected;
    case 'not_equals':
      return value !== expected;
    case 'contains':
      return contains(value, expected);
    case 'not_contains':
      return notContains(value, expected);
    case 'greater_than':
    case 'less_than':
    case 'greater_than_or_equal':
    case 'less_than_or_equal':
      return compareNumbers(operator, value, expected);
    case 'in':
      return isIn(value, expected);
    case 'not_in':
      return isNotIn(value, expected);
    case 'exists':
      return exists(value);
    case 'not_exists':
      return !exists(value);
  }
}
