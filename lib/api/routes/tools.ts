/**
 * Registered code tools: list, show, execute. Execution answers 200 `{ output, isError }` even when
 * the tool failed, because `output` is the tool result a model would get (api.md).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { invalidInput, StudioError } from '../../errors';
import type { Logger } from '../../logger';
import { callTool, effectiveToolAnnotations, type Tool, type ToolRegistry } from '../../tools';
import type { ApiApp } from '../app';
import { pageOf, pageQueryWithDefault } from '../pagination';
import { errorResponses, requestBody } from '../schemas';

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

type ToolDescription = z.infer<typeof toolSchema>;

function describeTool(tool: Tool): ToolDescription {
  return {
    id: tool.id,
    description: tool.description,
    inputSchema: tool.inputJsonSchema,
    outputSchema: tool.outputJsonSchema ?? null,
    annotations: tool.mcp?.annotations ?? {},
    effectiveAnnotations: effectiveToolAnnotations(tool),
    requireApproval: typeof tool.requireApproval === 'function' ? 'conditional' : (tool.requireApproval ?? false),
    executable: typeof tool.execute === 'function',
  };
}

const idParams = z.object({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'convert-units' }),
});

export const listRoute = createRoute({
  method: 'get',
  path: '/tools',
  operationId: 'listTools',
  summary: 'List registered code tools, sorted by id',
  tags: ['tools'],
  request: { query: pageQueryWithDefault },
  responses: {
    200: {
      description: 'One page of tools',
      content: { 'application/json': { schema: pageOf(toolSchema) } },
    },
    ...errorResponses(400),
  },
});

export const showRoute = createRoute({
  method: 'get',
  path: '/tools/{id}',
  operationId: 'getTool',
  summary: 'One registered tool with its input and output JSON Schema and annotations',
  tags: ['tools'],
  request: { params: idParams },
  responses: {
    200: { description: 'The tool', content: { 'application/json': { schema: z.object({ tool: toolSchema }) } } },
    ...errorResponses(400, 404),
  },
});

const executeBodySchema = z
  .object({
    input: z.unknown().optional().openapi({ description: 'The tool input, as a model would send it' }),
    requestContext: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: 'A plain JSON object (default {})' }),
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
    body: requestBody(executeBodySchema, {
      required: true,
      example: { input: { value: 10, from: 'km', to: 'mi' } },
    }),
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

const encodeCursor = (id: string) => Buffer.from(id, 'utf8').toString('base64url');
const decodeCursor = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');

export function registerToolRoutes(app: ApiApp, { tools, logger }: { tools: ToolRegistry; logger: Logger }) {
  app.openapi(listRoute, (context) => {
    const { limit, cursor } = context.req.valid('query');
    const all = tools.list();
    let start = 0;
    if (cursor !== undefined) {
      const afterId = decodeCursor(cursor);
      start = all.findIndex((tool) => tool.id > afterId);
      if (encodeCursor(afterId) !== cursor) {
        throw invalidInput([{ path: 'query.cursor', message: 'Not a cursor returned by this API' }]);
      }
      if (start === -1) start = all.length;
    }
    const page = all.slice(start, start + limit);
    const nextCursor = start + limit < all.length ? encodeCursor(page[page.length - 1]!.id) : null;
    return context.json({ items: page.map(describeTool), nextCursor }, 200);
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
