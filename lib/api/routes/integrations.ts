/**
 * Integrations: every provider with its catalogue, and stored configs (an OpenAPI document with
 * its base URL and credentials). Credentials are never answered in full (api.md, storage spec).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { StudioError } from '../../errors';
import { integrationConfigInputSchema, integrationIdPattern, type IntegrationService } from '../../integrations';
import { errorResponse, type ApiApp } from '../app';
import { pageOf, pageQueryWithDefault } from '../pagination';
import { errorResponses, requestBody } from '../schemas';

// Auth arrives with the security work; until then every change is made by `local` (api.md).
const actor = 'local';

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

const idParams = z.object({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'petstore' }),
});

export const listRoute = createRoute({
  method: 'get',
  path: '/integrations',
  operationId: 'listIntegrations',
  summary: 'Integrations (code and stored) with their tool catalogues, sorted by id',
  tags: ['integrations'],
  request: { query: pageQueryWithDefault },
  responses: {
    200: {
      description: 'One page of integrations',
      content: { 'application/json': { schema: pageOf(summarySchema) } },
    },
    ...errorResponses(400),
  },
});

export const showRoute = createRoute({
  method: 'get',
  path: '/integrations/{id}',
  operationId: 'getIntegration',
  summary: 'One integration; a stored one also with its document, base URL and masked credentials',
  tags: ['integrations'],
  request: { params: idParams },
  responses: {
    200: {
      description: 'The integration',
      content: { 'application/json': { schema: z.object({ integration: detailsSchema }) } },
    },
    ...errorResponses(404),
  },
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
        .regex(integrationIdPattern, 'must match ^[a-z0-9][a-z0-9_-]{0,63}$')
        .openapi({ param: { name: 'id', in: 'path' }, example: 'petstore' }),
    }),
    body: requestBody(integrationConfigInputSchema, {
      required: true,
      example: {
        type: 'openapi',
        document: {
          openapi: '3.1.0',
          info: { title: 'Orders', version: '1.0.0' },
          paths: {
            '/orders/{id}': { get: { operationId: 'getOrder', responses: { 200: { description: 'The order' } } } },
          },
        },
        baseUrl: 'https://orders.internal.test',
        credentials: { type: 'bearer', token: 'secret-token' },
      },
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

export const deleteRoute = createRoute({
  method: 'delete',
  path: '/integrations/{id}',
  operationId: 'deleteIntegration',
  summary: 'Delete a stored integration config',
  tags: ['integrations'],
  request: { params: idParams },
  responses: {
    200: {
      description: 'Deleted',
      content: { 'application/json': { schema: z.object({ id: z.string(), deleted: z.literal(true) }) } },
    },
    ...errorResponses(404, 409),
  },
});

// The routes' declared error statuses are the ones StudioError maps to; Hono's typed `json` cannot see that.
const failure = (context: Context, error: StudioError) => errorResponse(context, error) as never;

export function registerIntegrationRoutes(app: ApiApp, { integrations }: { integrations: IntegrationService }) {
  app.openapi(listRoute, async (context) => {
    const result = await integrations.describeAll(context.req.valid('query'));
    if (!result.ok) return failure(context, result.error);
    return context.json(result.value, 200);
  });

  app.openapi(showRoute, async (context) => {
    const result = await integrations.describe(context.req.valid('param').id);
    if (!result.ok) return failure(context, result.error);
    return context.json({ integration: result.value }, 200);
  });

  app.openapi(saveRoute, async (context) => {
    const { id } = context.req.valid('param');
    const result = await integrations.save({ id, input: context.req.valid('json'), actor });
    if (!result.ok) return failure(context, result.error);
    return context.json(result.value, result.value.created ? 201 : 200);
  });

  app.openapi(deleteRoute, (context) => {
    const result = integrations.remove({ id: context.req.valid('param').id, actor });
    if (!result.ok) return failure(context, result.error);
    return context.json({ id: result.value.id, deleted: true as const }, 200);
  });
}
