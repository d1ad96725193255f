/**
 * Query and response shapes of the paginated list routes; the paging itself is `lib/pagination.ts`,
 * which also applies the default `limit` of 20.
 */
import { z } from '@hono/zod-openapi';
import { pageLimitSchema, type PageRequest } from '../pagination';

/** `?limit=&cursor=` of every list route. */
export const pageQuery = z.object({
  limit: pageLimitSchema.optional().openapi({ description: 'Page size, 1-100 (default 20)' }),
  cursor: z.string().min(1).max(500).optional().openapi({ description: 'Opaque; the nextCursor of the previous page' }),
});

/**
 * A list route's query as the list's page request: a cursor the API did not give is refused at
 * `query.cursor`, where the client sent it, as a bad `limit` is at `query.limit`.
 */
export const pageRequestOf = <Query extends PageRequest>(query: Query): Query => ({
  ...query,
  cursorPath: 'query.cursor',
});

/** One page of a list: `{ items, nextCursor }`, `nextCursor` null on the last page. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
