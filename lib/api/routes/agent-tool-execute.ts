/**
 * `POST /api/agents/:id/tools/:name/execute` (api.md runtime routes): resolve the agent for this
 * request context (published version unless a selector says otherwise), then run one tool of the
 * resolved set. 200 `{ output, isError }` even when the tool failed: `output` is what the model
 * would get. A name outside the resolved set is 404, even if a server offers it.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Runtime } from '../../runtime';
import { toVersionSelector, versionSelectorSchema } from '../../versions';
import type { ApiApp } from '../app';
import { errorResponses, requestBody } from '../schemas';
import { agentIdParams, jsonBody } from './agents-schemas';

const executeBodySchema = z
  .object({
    input: z.unknown().optional().openapi({ description: 'The tool input, as a model would send it' }),
    requestContext: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: 'A plain JSON object (default {}); `mastra__authToken` goes to HTTP MCP servers only' }),
    selector: versionSelectorSchema
      .optional()
      .openapi({ description: 'Exactly one of versionId, versionNumber, label, status (default: published)' }),
    resourceId: z.string().min(1).max(256).optional(),
  })
  .strict()
  .openapi('AgentToolExecuteRequest');

export const executeRoute = createRoute({
  method: 'post',
  path: '/agents/{id}/tools/{name}/execute',
  operationId: 'executeAgentTool',
  summary: 'Run one resolved tool of an agent (default: the published version)',
  description:
    '`output` is the tool result a model would get: the output (for MCP tools, the MCP result), the validation-error value, ' +
    'or `{ message }` when the call threw (a server that crashed or timed out); `isError` tells which, and is true for MCP `isError` results.',
  tags: ['runtime'],
  request: {
    params: agentIdParams.extend({
      name: z
        .string()
        .min(1)
        .max(256)
        .openapi({ param: { name: 'name', in: 'path' }, example: 'docs_search' }),
    }),
    body: requestBody(executeBodySchema, {
      required: false,
      example: { input: { query: 'refunds' }, requestContext: { tenantId: 'acme' } },
    }),
  },
  responses: {
    200: {
      description: 'The tool result',
      ...jsonBody(
        z
          .object({
            output: z.unknown(),
            isError: z.boolean(),
            modelOutput: z.record(z.string(), z.unknown()).optional(),
          })
          .openapi('AgentToolExecuteResult'),
      ),
    },
    ...errorResponses(400, 404),
  },
});

export function registerAgentToolExecuteRoutes(app: ApiApp, { runtime }: { runtime: Runtime }) {
  app.openapi(executeRoute, async (context) => {
    const { id, name } = context.req.valid('param');
    const { input, requestContext, selector, resourceId } = context.req.valid('json') ?? {};
    const result = await runtime.callTool({
      agentId: id,
      toolName: name,
      input,
      requestContext: requestContext ?? {},
      ...(selector ? { selector: toVersionSelector(selector) } : {}),
      ...(resourceId === undefined ? {} : { resourceId }),
      signal: context.req.raw.signal,
    });
    return context.json(result, 200);
  });
}
