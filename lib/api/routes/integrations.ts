/**
 * Integrations: every provider with its catalogue, and stored configs (an OpenAPI document with
 * its base URL and credentials). Credentials are never answered in full: secrets show as `••••` + their last 4 characters.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { IntegrationService } from '../../integrations';
import { integrationConfigInputSchema, integrationIdPattern, integrationIdRule } from '../../schemas';
import type { ApiApp } from '../app';
import { requestActor } from '../request-principal';
import { errorResponses, idPathParams, jsonRoutes, requiredBody } from '../schemas';

const route = jsonRoutes('integrations');

const jsonSchemaObject = z.record(z.string(), z.unknown());

const toolSchema = z
  .object({ slug: z.string(), description: z.string(), inputSchema: jsonSchemaObject })
  .openapi('IntegrationTool');

const summarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().optional(),
    source: z.enum(['code', 'stored']),
    tools: z.array(toolSchema),
    error: z.string().optional().openapi({ description: 'Why the catalogue could not be listed' }),
  })
  .openapi('IntegrationSummary');

const detailsSchema = summarySchema
  .extend({
    type: z.literal('openapi').optional(),
    baseUrl: z.string().optional(),
    credentials: jsonSchemaObject.optional().openapi({ description: 'Secrets masked as •••• + the last 4 characters' }),
    document: jsonSchemaObject.optional(),
    skippedOperations: z
      .array(z.object({ method: z.string(), pathTemplate: z.string(), reason: z.string() }))
      .optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .openapi('Integration');

const idParams = idPathParams('petstore');

export const listRoute = route.page('/integrations', 'listIntegrations', {
  summary: 'Integrations (code and stored) with their tool catalogues, sorted by id',
  items: ['integrations', summarySchema],
});

export const showRoute = route('get', '/integrations/{id}', 'getIntegration', {
  summary: 'One integration; a stored one also with its document, base URL and masked credentials',
  request: { params: idParams },
  ok: ['The integration', z.object({ integration: detailsSchema })],
  errors: [404],
});

export const saveRoute = createRoute({
  method: 'put',
  path: '/integrations/{id}',
  operationId: 'saveIntegration',
  summary: 'Store an integration config (an OpenAPI 3.0 / 3.1 document)',
  description:
    'The document is validated and every problem is listed with its path. Credential secrets are encrypted at rest; ' +
    'sending back the masked value that GET showed keeps the stored secret.',
  tags: ['integrations'],
  request: {
    params: z.object({
      id: z
        .string()
        .regex(integrationIdPattern, integrationIdRule)
        .openapi({ param: { name: 'id', in: 'path' }, example: 'petstore' }),
    }),
    body: requiredBody(integrationConfigInputSchema, {
      type: 'openapi',
      document: {
        openapi: '3.1.0',
        info: { title: 'Orders', version: '1.0.0' },
        paths: {
          '/orders/{id}': {
            get: {
              operationId: 'getOrder',
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
              responses: { 200: { description: 'The order' } },
            },
          },
        },
      },
      baseUrl: 'https://orders.internal.test',
      credentials: { type: 'bearer', token: 'secret-token' },
    }),
  },
  responses: {
    200: {
      description: 'Replaced',
      content: { 'application/json': { schema: z.object({ integration: detailsSchema, created: z.boolean() }) } },
    },
    201: {
      description: 'Created',
      content: { 'application/json': { schema: z.object({ integration: detailsSchema, created: z.boolean() }) } },
    },
    ...errorResponses(400, 409, 413),
  },
});

export const deleteRoute = route('delete', '/integrations/{id}', 'deleteIntegration', {
  summary: 'Delete a stored integration config',
  request: { params: idParams },
  ok: ['Deleted', z.object({ id: z.string(), deleted: z.literal(true) })],
  errors: [404, 409],
});

export function registerIntegrationRoutes(app: ApiApp, { integrations }: { integrations: IntegrationService }) {
  app.openapi(listRoute, async (context) => {
    return context.json(await integrations.describeAll(context.req.valid('query')), 200);
  });

  app.openapi(showRoute, async (context) => {
    return context.json({ integration: await integrations.describe(context.req.valid('param').id) }, 200);
  });

  app.openapi(saveRoute, async (context) => {
    const { id } = context.req.valid('param');
    const saved = await integrations.save({ id, input: context.req.valid('json'), actor: requestActor(context) });
    return context.json(saved, saved.created ? 201 : 200);
  });

  app.openapi(deleteRoute, async (context) => {
    const { id } = await integrations.remove({ id: context.req.valid('param').id, actor: requestActor(context) });
    return context.json({ id, deleted: true as const }, 200);
  });
}
