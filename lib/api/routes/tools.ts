/**
 * Registered code tools: list, show, execute. Execution answers 200 `{ output, isError }` even when
 * the tool failed, because `output` is the tool result a model would get.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { StudioError } from '../../errors';
import type { Logger } from '../../logger';
import { pageOfSorted } from '../../pagination';
import { callTool, describeTool, type ToolRegistry } from '../../tools';
import type { ApiApp } from '../app';
import { errorResponses, idPathParams, jsonRoutes, requiredBody } from '../schemas';
import { requestContextField, toolInputField } from './agents-schemas';

const route = jsonRoutes('tools');

const jsonSchemaObject = z.record(z.string(), z.unknown());

const annotationsSchema = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});

const toolSchema = z
  .object({
    id: z.string(),
    description: z.string(),
    inputSchema: jsonSchemaObject,
    outputSchema: jsonSchemaObject.nullable(),
    requestContextSchema: jsonSchemaObject
      .nullable()
      .openapi({ description: 'What the tool reads from the request context, when it declares it' }),
    annotations: annotationsSchema.openapi({ description: 'The MCP annotations the tool declares, unchanged' }),
    effectiveAnnotations: annotationsSchema
      .required({
        readOnlyHint: true,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: true,
      })
      .openapi({ description: 'The declared annotations with the MCP defaults for absent hints' }),
    requireApproval: z.union([z.boolean(), z.literal('conditional')]),
    executable: z.boolean().openapi({ description: 'false for client tools, which have no execute function' }),
  })
  .openapi('Tool');

const idParams = idPathParams('convert-units');

export const listRoute = route.page('/tools', 'listTools', {
  summary: 'List registered code tools, sorted by id',
  items: ['tools', toolSchema],
});

export const showRoute = route('get', '/tools/{id}', 'getTool', {
  summary: 'One registered tool with its input and output JSON Schema and annotations',
  request: { params: idParams },
  ok: ['The tool', z.object({ tool: toolSchema })],
  errors: [400, 404],
});

const executeBodySchema = z
  .object({
    input: toolInputField,
    requestContext: requestContextField.openapi({ description: 'A plain JSON object (default {})' }),
  })
  .strict()
  .openapi('ToolExecuteRequest');

export const executeRoute = createRoute({
  method: 'post',
  path: '/tools/{id}/execute',
  operationId: 'executeTool',
  summary: 'Run one registered tool',
  description:
    '`output` is the tool result a model would get: the output, the validation-error value ' +
    '(`{ error: true, message, validationErrors }`), or `{ message }` when execute threw; `isError` tells which.',
  tags: ['tools'],
  request: {
    params: idParams,
    body: requiredBody(executeBodySchema, { input: { value: 10, from: 'km', to: 'mi' } }),
  },
  responses: {
    200: {
      description: 'The tool result',
      content: {
        'application/json': {
          schema: z
            .object({
              output: z.unknown(),
              isError: z.boolean(),
              modelOutput: z.record(z.string(), z.unknown()).optional(),
            })
            .openapi('ToolExecuteResult'),
        },
      },
    },
    ...errorResponses(400, 404, 413),
  },
});

function toolNotFound(id: string): StudioError {
  return new StudioError('not_found', `No tool with the id "${id}" is registered.`, { id });
}

export function registerToolRoutes(app: ApiApp, { tools, logger }: { tools: ToolRegistry; logger: Logger }) {
  app.openapi(listRoute, (context) => {
    const page = pageOfSorted({
      items: tools.list(),
      keyOf: (tool) => tool.id,
      request: context.req.valid('query'),
      cursorPath: 'query.cursor',
    });
    return context.json({ items: page.items.map(describeTool), nextCursor: page.nextCursor }, 200);
  });

  app.openapi(showRoute, (context) => {
    const { id } = context.req.valid('param');
    const tool = tools.get(id);
    if (!tool) throw toolNotFound(id);
    return context.json({ tool: describeTool(tool) }, 200);
  });

  app.openapi(executeRoute, async (context) => {
    const { id } = context.req.valid('param');
    const { input, requestContext } = context.req.valid('json');
    const tool = tools.get(id);
    if (!tool) throw toolNotFound(id);
    const result = await callTool({
      tool,
      input,
      context: { requestContext, abortSignal: context.req.raw.signal },
      logger,
    });
    return context.json(result, 200);
  });
}
