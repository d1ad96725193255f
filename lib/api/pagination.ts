/**
 * Query and response shapes of the paginated list routes. Two query flavours are documented:
 * editor lists leave `limit` optional (the editor applies the default of 20) and cap the cursor's
 * length; lists paged in memory by id (tools, integrations) default `limit` in the schema.
 */
import { z } from '@hono/zod-openapi';

// Query values arrive as text and are coerced; `<number>` declares the value a typed client sends
// (`lib/client` types its inputs from these schemas), where zod would otherwise say `unknown`.
const limitSchema = z.coerce.number<number>().int().min(1).max(100);
const cursorDescription = { description: 'Opaque; the nextCursor of the previous page' };

/** `?limit=&cursor=` of the editor's lists (agents, versions, MCP clients, audit). */
export const pageQuery = z.object({
  limit: limitSchema.optional().openapi({ description: 'Page size, 1-100 (default 20)' }),
  cursor: z.string().min(1).max(500).optional().openapi(cursorDescription),
});

/** `?limit=&cursor=` of the lists paged in memory by id (tools, integrations): `limit` defaults to 20. */
export const pageQueryWithDefault = z.object({
  limit: limitSchema.default(20),
  cursor: z.string().min(1).optional().openapi(cursorDescription),
});

/** One page of a list: `{ items, nextCursor }`, `nextCursor` null on the last page. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
