/** The audit log, newest first: all of it, or one agent's. */
import { z } from '@hono/zod-openapi';
import type { Editor } from '../../editor';
import type { ApiApp } from '../app';
import { pageOf, pageQuery, pageRequestOf } from '../pagination';
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

export const listRoute = route('get', '/audit', 'listAuditEntries', {
  summary: 'The audit log, newest first',
  description:
    'Filters combine: who (`actor`), what (`action` such as `agent.save`, `entity`, `entityId`) and when (`from` inclusive, `to` exclusive, ISO 8601 times).',
  request: {
    query: pageQuery.extend({
      actor: z.string().min(1).max(200).optional(),
      action: z.string().min(1).max(100).optional(),
      entity: z
        .enum([
          'agent',
          'mcp_client',
          'integration',
          'user',
          'api_key',
          'stdio_launch_spec',
          'model_provider',
          'deployment',
        ])
        .optional(),
      entityId: z.string().min(1).max(200).optional(),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
    }),
  },
  ok: ['One page of entries', pageSchema],
  errors: [400],
});

export const agentRoute = route('get', '/agents/{id}/audit', 'listAgentAuditEntries', {
  summary: "One agent's audit log, newest first",
  request: { params: agentIdParams, query: pageQuery },
  ok: ['One page of entries', pageSchema],
  errors: [400],
});

export function registerAuditRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  app.openapi(listRoute, async (context) => {
    const { from, to, ...rest } = context.req.valid('query');
    // Stored times are UTC ISO strings, so the bounds are compared in the same form.
    const bounds = {
      from: from ? new Date(from).toISOString() : undefined,
      to: to ? new Date(to).toISOString() : undefined,
    };
    return context.json(await editor.audit.list(pageRequestOf({ ...rest, ...bounds })), 200);
  });

  app.openapi(agentRoute, async (context) =>
    context.json(
      await editor.audit.list(
        pageRequestOf({ ...context.req.valid('query'), entity: 'agent', entityId: context.req.valid('param').id }),
      ),
      200,
    ),
  );
}
