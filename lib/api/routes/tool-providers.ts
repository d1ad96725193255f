/**
 * Tool providers for the editor: `GET /api/tool-providers` (a page of the providers by id, with
 * their capabilities, toolkits and pinnable connections) and `GET /api/tool-providers/:id/tools?toolkit=`
 * (one toolkit's tools). A provider that fails or hangs is listed with its error, never a failed list.
 */
import { z } from '@hono/zod-openapi';
import { StudioError } from '../../errors';
import { pageOfSorted } from '../../pagination';
import { describeToolProvider, listProviderTools } from '../../sources';
import type { ToolProviderRegistry } from '../../tool-providers';
import type { ApiApp } from '../app';
import { jsonRoutes } from '../schemas';

const route = jsonRoutes('tool-providers');

const connectionSchema = z.object({
  connectionId: z.string(),
  kind: z.enum(['author', 'invoker', 'platform']),
  label: z.string().optional(),
  scope: z.enum(['shared', 'caller-supplied', 'per-author']).optional(),
});

const providerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().optional(),
    capabilities: z.object({
      multipleConnectionsPerToolkit: z.boolean(),
      defaultScope: z.enum(['shared', 'caller-supplied', 'per-author']),
    }),
    toolkits: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        description: z.string().optional(),
        connections: z.array(connectionSchema),
      }),
    ),
    error: z.string().optional(),
  })
  .openapi('ToolProvider');

export const listRoute = route.page('/tool-providers', 'listToolProviders', {
  summary: 'Tool providers with their toolkits and connections, by id',
  items: ['the providers', providerSchema],
});

export const toolsRoute = route('get', '/tool-providers/{id}/tools', 'listToolProviderTools', {
  summary: "One toolkit's tools",
  request: {
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(200)
        .openapi({ param: { name: 'id', in: 'path' }, example: 'composio' }),
    }),
    query: z.object({ toolkit: z.string().min(1).max(256) }),
  },
  ok: [
    'The tools',
    z.object({
      items: z.array(
        z.object({
          slug: z.string(),
          toolkit: z.string(),
          description: z.string(),
          inputSchema: z.record(z.string(), z.unknown()),
        }),
      ),
    }),
  ],
  errors: [400, 404, 502],
});

export function registerToolProviderRoutes(
  app: ApiApp,
  { toolProviders, timeoutMs }: { toolProviders: ToolProviderRegistry; timeoutMs: number },
) {
  app.openapi(listRoute, async (context) => {
    // The registry is in memory, sorted by id: only the page's providers are asked for their toolkits.
    const page = pageOfSorted({
      items: toolProviders.list(),
      keyOf: (provider) => provider.id,
      request: context.req.valid('query'),
      cursorPath: 'query.cursor',
    });
    const items = await Promise.all(page.items.map((provider) => describeToolProvider({ provider, timeoutMs })));
    return context.json({ items, nextCursor: page.nextCursor }, 200);
  });

  app.openapi(toolsRoute, async (context) => {
    const { id } = context.req.valid('param');
    const provider = toolProviders.get(id);
    if (!provider) throw new StudioError('not_found', `No tool provider with the id "${id}" is registered.`, { id });
    const tools = await listProviderTools({ provider, toolkit: context.req.valid('query').toolkit, timeoutMs });
    return context.json({ items: tools }, 200);
  });
}
