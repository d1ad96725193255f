/**
 * A schema that picks which schema validates a value by looking at it first. Unions report every
 * branch's failure at once ("invalid input"); picking the branch the data obviously meant gives one
 * clear message per problem, each at its own path.
 */
import { z } from 'zod';
import { explainZodIssues } from '../errors';

export function selectSchema<T>({
  select,
  meta,
}: {
  select: (value: unknown) => z.ZodType<T>;
  /** JSON Schema hints for documentation (OpenAPI and the published snapshot schema). */
  meta: Record<string, unknown>;
}): z.ZodType<T> {
  return z
    .unknown()
    .superRefine((value, context) => {
      const result = select(value).safeParse(value);
      if (result.success) return;
      // In the words every other issue has: unknown keys one by one at their own path, a union's
      // failure as what it accepts.
      for (const { path, message } of explainZodIssues(result.error.issues))
        context.addIssue({ code: 'custom', message, path });
    })
    .meta(meta) as unknown as z.ZodType<T>;
}
