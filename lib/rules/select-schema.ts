/**
 * A schema that picks which schema validates a value by looking at it first. Unions report every
 * branch's failure at once ("invalid input"); picking the branch the data obviously meant gives one
 * clear message per problem, each at its own path.
 */
import { z } from 'zod';

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
      for (const issue of result.error.issues) {
        const path = issue.path.map((segment) => segment as PropertyKey);
        // Unknown keys are reported one by one at their own path, like everywhere else.
        if (issue.code === 'unrecognized_keys') {
          for (const key of issue.keys)
            context.addIssue({ code: 'custom', message: 'Unknown field', path: [...path, key] });
        } else {
          context.addIssue({ code: 'custom', message: issue.message, path });
        }
      }
    })
    .meta(meta) as unknown as z.ZodType<T>;
}
