/**
 * Freezes a value and everything it holds, so a value shared between callers (a cached version, a
 * tool's copy of the request context) cannot be changed by one of them. Each object is frozen
 * before its members are visited, so a cycle ends where it started. Free of other modules.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
  return value;
}
