import { z } from '@hono/zod-openapi';
import { errorStatus } from '../errors';

const errorCodes = Object.keys(errorStatus) as [keyof typeof errorStatus, ...Array<keyof typeof errorStatus>];

export const issueSchema = z.object({ path: z.string(), message: z.string() }).openapi('Issue');

export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .openapi('Error');

/** Standard error responses to spread into a route's `responses`. */
export function errorResponses(...statuses: Array<400 | 401 | 403 | 404 | 409 | 413 | 502>) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: `Error (${status})`, content: { 'application/json': { schema: errorSchema } } },
    ]),
  ) as Record<number, { description: string; content: { 'application/json': { schema: typeof errorSchema } } }>;
}

/**
 * A JSON request body with an example: generators and API explorers show it, and the lint checks
 * it against the schema (so an example cannot drift from what the route accepts).
 */
export function requestBody<T extends z.ZodType>(
  schema: T,
  { required, example }: { required: boolean; example: unknown },
) {
  return { required, content: { 'application/json': { schema, example } } };
}

/** A yes/no query parameter (`?dryRun=true`); absent means false. */
export const queryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');
