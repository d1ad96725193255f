/** The audit log, newest first: all of it, or one agent's. */
import { z } from '@hono/zod-openapi';
import type { Editor } from '../../editor';
import type { ApiApp } from '../app';
import { pageOf, pageQuery } from '../pagination';
import { jsonRoutes } from '../schemas';
import { agentIdParams } from './agents-schemas';

const route = jsonRoutes('audit');

const entrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: z.string(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string(),
    details: z.record(z.string(), z.unknown()),
  })
  .openapi('AuditEntry');

const pageSchema = pageOf(entrySchema);

export const listRoute = route('get', '/audit', {
  operationId: 'listAuditEntries',
  summary: 'The audit log, newest first',
  request: {
    query: pageQuery.extend({
      entity: z.enum(['agent', 'mcp_client']).optional(),
      entityId: z.string().min(1).max(200).optional(),
    }),
  },
  ok: ['One page of entries', pageSchema],
  errors: [400],
});

export const agentRoute = route('get', '/agents/{id}/audit', {
  operationId: 'listAgentAuditEntries',
  summary: "One agent's audit log, newest first",
  request: { params: agentIdParams, query: pageQuery },
  ok: ['One page of entries', pageSchema],
  errors: [400],
});

export function registerAuditRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  app.openapi(listRoute, async (context) => {
    const { entity, entityId, ...page } = context.req.valid('query');
    return context.json(await editor.audit.list(entity && entityId ? { ...page, entity, entityId } : page), 200);
  });

  app.openapi(agentRoute, async (context) =>
    context.json(
      await editor.audit.list({
        ...context.req.valid('query'),
        entity: 'agent',
        entityId: context.req.valid('param').id,
      }),
      200,
    ),
  );
}
