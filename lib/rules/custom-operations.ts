/**
 * The JSON Logic operations we add where JSON Logic's own differ from our operators (operators.ts):
 * `var` answers `null` for a missing field (a missing value is not `null` here); `>`/`<` coerce
 * strings; `in` also searches strings. Equality needs nothing: `===`
 * and `!==` already match the table. Names start with `studio_` so they never shadow built-ins.
 */
import { compareNumbers, contains, exists, isIn, isNotIn, notContains, valueAtPath } from './operators';

type Operation = (this: unknown, ...args: unknown[]) => unknown;

export const customOperations: Record<string, Operation> = {
  /** The request-context value at a dot path; `undefined` when missing. */
  studio_get(this: unknown, path: unknown) {
    return typeof path === 'string' ? valueAtPath(this, path) : undefined;
  },
  /** A JSON value carried as a string, so json-logic-js never reads it as an operation. */
  studio_literal(json: unknown) {
    if (typeof json !== 'string') return undefined;
    try {
      return JSON.parse(json) as unknown;
    } catch {
      return undefined;
    }
  },
  studio_contains: (value, expected) => contains(value, expected),
  studio_not_contains: (value, expected) => notContains(value, expected),
  studio_greater_than: (value, expected) => compareNumbers('greater_than', value, expected),
  studio_less_than: (value, expected) => compareNumbers('less_than', value, expected),
  studio_greater_than_or_equal: (value, expected) => compareNumbers('greater_than_or_equal', value, expected),
  studio_less_than_or_equal: (value, expected) => compareNumbers('less_than_or_equal', value, expected),
  studio_in: (value, expected) => isIn(value, expected),
  studio_not_in: (value, expected) => isNotIn(value, expected),
  studio_exists: (value) => exists(value),
  studio_not_exists: (value) => !exists(value),
};

export const customOperationNames = Object.keys(customOperations);

/**
 * JSON Logic's `var`, for raw rules, as the library defines it but reading own properties of
 * objects and arrays only, as `studio_get` does: `{ "var": "constructor" }` of `{}` is missing
 * rather than Object's constructor, and a text has no `length`. Registered under the name `var`.
 */
export function ownPropertyVar(this: unknown, path?: unknown, fallback?: unknown): unknown {
  if (path === undefined || path === null || path === '') return this;
  const value = valueAtPath(this, String(path));
  return value === undefined ? (fallback === undefined ? null : fallback) : value;
}
