import type { z } from 'zod';
import { invalidInput, issuesFromZod } from '../errors';

/** Parses input with its schema, rejecting with a 400 that lists every issue and its path. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(issuesFromZod(result.error));
  return result.data;
}
