import { z } from 'zod';

/** Whether a value survives JSON unchanged: plain objects, arrays, finite numbers, strings, booleans, null. */
export function isJsonValue(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((item) => item !== undefined && isJsonValue(item, depth + 1));
}

/** Any JSON value; stored data must round-trip through JSON exactly. */
export const jsonValueSchema = z
  .unknown()
  .refine(isJsonValue, 'Must be a JSON value (no functions, dates, undefined or non-finite numbers)');

/** A JSON object. */
export const jsonObjectSchema = z
  .record(z.string(), z.unknown())
  .refine(isJsonValue, 'Must be a JSON object (no functions, dates, undefined or non-finite numbers)');
