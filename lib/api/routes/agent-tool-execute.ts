/**
 * `POST /api/agents/:id/tools/:name/execute`: resolve the agent for this
 * request context (published version unless a selector says otherwise), then run one tool of the
 * resolved set. 200 `{ output, isError }` even when the tool failed: `output` is what the model
 * would get. A name outside the resolved set is 404, even if a server offers it.
 */
import { z } from '@hono/zod-openapi';
import type { Runtime } from '../../runtime';
import { toVersionSelector } from '../../versions';
import type { ApiApp } from '../app';
import { jsonRoutes, pathParam, requestBody } from '../schemas';
import { agentIdParams, runtimeRequestFields, toolInputField } from './agents-schemas';

const route = jsonRoutes('runtime');

const executeBodySchema = z
  .object({
    input: toolInputField,
    ...runtimeRequestFields,
  })
  .strict()
  .openapi('AgentToolExecuteRequest');

export const executeRoute = route('post', '/agents/{id}/tools/{name}/execute', 'executeAgentTool', {
  summary: 'Run one resolved tool of an agent (default: the published version)',
  description:
    '`output` is the tool result a model would get: the output (for MCP tools, the MCP result), the validation-error value, ' +
    'or `{ message }` when the call threw (a server that crashed or timed out); `isError` tells which, and is true for MCP `isError` results.',
  request: {
    params: agentIdParams.extend({ name: pathParam({ name: 'name', max: 256, example: 'docs_search' }) }),
    body: requestBody(executeBodySchema, {
      required: false,
      example: { input: { query: 'refunds' }, requestContext: { tenantId: 'acme' } },
    }),
  },
  ok: [
    'The tool result',
    z
      .object({
        output: z.unknown(),
        isError: z.boolean(),
        modelOutput: z.record(z.string(), z.unknown()).optional(),
      })
      .openapi('AgentToolExecuteResult'),
  ],
  errors: [400, 404],
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
      selector: selector ? toVersionSelector(selector) : undefined,
      resourceId,
      signal: context.req.raw.signal,
    });
    return context.json(result, 200);
  });
}
