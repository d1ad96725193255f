/**
 * Whether a value is an object with named members, as JSON has them: not null and not an array.
 * Free of other modules, so every layer and the browser use it.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
