/**
 * Whether a value is an object with named members, as JSON has them: not null and not an array.
 * Free of other modules, so every layer and the browser use it.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `isRecord`, made by an object literal or `Object.create(null)`: not a class instance, a date or
 * a map, whose members JSON would change or drop.
 */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
