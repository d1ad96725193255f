/**
 * `POST /api/agents/:id/resolve` (api.md runtime routes, resolution.md section 8): the tools the
 * model would see for this request context, from the published version unless a selector says
 * otherwise, with the explanation, warnings and `resolvedToolsHash`. Tools come as an array sorted
 * by name, without their executables.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { describeResolvedTools } from '../../resolver';
import type { Runtime } from '../../runtime';
import { toVersionSelector, versionSelectorSchema } from '../../versions';
import type { ApiApp } from '../app';
import { errorResponses } from '../schemas';
import { agentIdParams, jsonBody } from './agents-schemas';

const resolveBodySchema = z
  .object({
    requestContext: z.record(z.string(), z.unknown()).optional().openapi({ description: 'A plain JSON object (default {}); `mastra__authToken` goes to HTTP MCP servers only' }),
    selector: versionSelectorSchema.optional().openapi({ description: 'Exactly one of versionId, versionNumber, label, status (default: published)' }),
    resourceId: z.string().min(1).max(256).optional().openapi({ description: 'The caller resource: the identity of caller-supplied provider connections' }),
  })
  .strict()
  .openapi('ResolveRequest');

const originSchema = z.union([
  z.object({ toolId: z.string() }),
  z.object({ clientId: z.string(), clientVersionId: z.string(), server: z.string(), tool: z.string() }),
  z.object({ providerId: z.string(), toolkit: z.string().optional(), connectionId: z.string().optional(), slug: z.string() }),
]);

const sources = ['code', 'registry', 'mcp', 'integration', 'provider', 'agent', 'workflow'] as const;

const resolvedToolSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    inputSchema: z.record(z.string(), z.unknown()),
    outputSchema: z.record(z.string(), z.unknown()).optional(),
    source: z.enum(sources),
    origin: originSchema,
    annotations: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('ResolvedTool');

const resolutionSchema = z
  .object({
    agentId: z.string(),
    versionId: z.string().nullable().openapi({ description: 'null when a code agent runs as defined in code' }),
    versionNumber: z.number().int().nullable(),
    label: z.string().optional(),
    instructions: z.string(),
    model: z.string(),
    tools: z.array(resolvedToolSchema),
    explanation: z.object({ tools: z.record(z.string(), z.unknown()), fields: z.record(z.string(), z.unknown()) }),
    warnings: z.array(z.object({ code: z.string(), message: z.string(), source: z.enum(sources), ref: z.string() })),
    resolvedToolsHash: z.string(),
  })
  .openapi('Resolution');

const resolveRoute = createRoute({
  method: 'post',
  path: '/agents/{id}/resolve',
  summary: 'Resolve the tools of an agent for one request context (default: the published version)',
  tags: ['runtime'],
  request: { params: agentIdParams, body: { required: false, ...jsonBody(resolveBodySchema) } },
  responses: {
    200: { description: 'The resolution', ...jsonBody(resolutionSchema) },
    ...errorResponses(400, 404),
  },
});

export function registerResolveRoutes(app: ApiApp, { runtime }: { runtime: Runtime }) {
  app.openapi(resolveRoute, async (context) => {
    const { id } = context.req.valid('param');
    const { requestContext, selector, resourceId } = context.req.valid('json') ?? {};
    const resolution = await runtime.resolve(id, {
      requestContext: requestContext ?? {},
      ...(selector ? { selector: toVersionSelector(selector) } : {}),
      ...(resourceId === undefined ? {} : { resourceId }),
      signal: context.req.raw.signal,
    });
    return context.json({ ...resolution, tools: describeResolvedTools(resolution.tools) } as z.infer<typeof resolutionSchema>, 200);
  });
}
