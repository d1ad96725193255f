import { createRoute, z } from '@hono/zod-openapi';
import type { Storage } from '../../../db/storage';
import type { ApiApp } from '../app';
import { errorSchema } from '../schemas';

const healthSchema = z.object({ status: z.literal('ok'), version: z.string() }).openapi('Health');

export const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  summary: 'Liveness and database check',
  tags: ['system'],
  responses: {
    200: { description: 'The server and its database work', content: { 'application/json': { schema: healthSchema } } },
    503: { description: 'The database cannot be read', content: { 'application/json': { schema: errorSchema } } },
  },
});

export function registerHealthRoutes(
  app: ApiApp,
  { storage, version }: { storage: Pick<Storage, 'check'>; version: string },
) {
  app.openapi(healthRoute, async (context) => {
    const check = await storage.check();
    if (!check.ok) {
      return context.json({ error: { code: 'unavailable' as const, message: 'The database cannot be read.' } }, 503);
    }
    return context.json({ status: 'ok' as const, version }, 200);
  });
}
