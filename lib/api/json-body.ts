/**
 * What is wrong with a JSON request body as text, before any route or schema reads it: nesting
 * deeper than the route allows (the schemas recurse), a NUL character (PostgreSQL's text cannot hold
 * one), text that does not parse, and the key `__proto__` (see lib/http/reserved-keys.ts).
 */
import { invalidInput, type StudioError } from '../errors';
import { exceedsJsonDepth, mayHoldReservedKey, reservedKeyPath } from '../http';

export function jsonBodyProblem(text: string, depthLimit: number): StudioError | undefined {
  if (exceedsJsonDepth(text, depthLimit))
    return invalidInput(
      [{ path: 'root', message: `JSON nested deeper than ${depthLimit} levels` }],
      `The request body nests deeper than ${depthLimit} levels of objects and arrays.`,
    );
  // JSON can only carry a NUL character as the escape \u0000 (not itself escaped).
  if (/(?:^|[^\\])(?:\\\\)*\\u0000/.test(text))
    return invalidInput(
      [{ path: 'root', message: 'contains a NUL character (\\u0000)' }],
      'The request body contains a NUL character (\\u0000), which no value may hold.',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unparseable';
    return invalidInput(
      [{ path: 'root', message: `Body is not valid JSON (${reason})` }],
      `The request body is not valid JSON: ${reason}`,
    );
  }
  const reserved = mayHoldReservedKey(text) ? reservedKeyPath(parsed) : undefined;
  if (reserved === undefined) return undefined;
  return invalidInput(
    [{ path: reserved, message: 'The key "__proto__" is not accepted in any object' }],
    `The request body holds the key "__proto__" (at ${reserved}), which no object here may hold.`,
  );
}
