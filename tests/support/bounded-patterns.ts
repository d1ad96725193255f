/**
 * Work that once blocked the server for good, run by tests through `callWithTimeLimit` (in a
 * worker, so a regression times out instead of stalling the test run).
 */
import { createJsonSchemaValidator } from '@/lib/tools/json-schema-validator';

/** A pattern JavaScript's engine needs exponential time for on `aaa…ab`. */
export const catastrophicPattern = '^(a|a)*(?!b)$';

export function validateAgainstPattern(pattern: string, input: string): boolean {
  const validate = createJsonSchemaValidator({ type: 'string', pattern });
  return validate(input).success;
}
