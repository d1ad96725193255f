/**
 * `POST /api/mcp-clients/:id/test`: connects every server of the client's latest version on a fresh
 * connection (never the pool's: a test must show the server as it is now, not a cached list or a
 * backoff answer, and must leave no pooled entry behind). 200 even when servers fail: each server
 * answers `{ ok, tools, latencyMs, error?, reason?, stderr? }`; a stdio server of a client that
 * needs approval answers `reason: 'needs_approval'` and is not started.
 * `POST /api/mcp-clients/test` does the same for servers not saved yet (the editor's "Test
 * connection" before the first save), under the save's stdio rules: admin, and the allow-list.
 * The draft test needs admin for an HTTP server whose URL leads to a loopback or private address, as
 * a save does; a saved client's test does not, since only an admin could save such an address.
 */
import { z } from '@hono/zod-openapi';
import type { Editor } from '../../editor';
import { mcpServersSchema } from '../../schemas';
import type { McpPool } from '../../mcp';
import { testDraftMcpClient, testSavedMcpClient } from '../../sources';
import type { InternalTargetOf } from '../../net';
import type { ApiApp } from '../app';
import { requireAdminForServers } from '../server-guard';
import { jsonRoutes, requestBody, requiredBody } from '../schemas';
import { agentIdParams, requestContextField } from './agents-schemas';

const route = jsonRoutes('mcp-clients');

const testBodySchema = z
  .object({
    requestContext: requestContextField.openapi({
      description: 'Only `mastra__authToken` is used: sent as a Bearer token to HTTP servers, never to stdio ones',
    }),
  })
  .strict()
  .openapi('McpClientTestRequest');

const serverResultSchema = z.object({
  ok: z.boolean(),
  tools: z
    .array(z.object({ name: z.string(), description: z.string() }))
    .openapi({ description: 'As the server lists them (bare names, before allow-lists)' }),
  latencyMs: z.number().openapi({ description: 'Connect + handshake + listing every page' }),
  error: z.string().optional(),
  reason: z.enum(['unreachable', 'timeout', 'closed', 'aborted', 'protocol', 'refused', 'needs_approval']).optional(),
  stderr: z.string().optional().openapi({
    description: "A failed stdio server's last stderr output (at most 4 KB, its env values `[redacted]`)",
  }),
});

const draftBodySchema = z
  .object({
    // Servers by name, as in a create body.
    servers: mcpServersSchema,
    requestContext: testBodySchema.shape.requestContext,
  })
  .strict()
  .openapi('McpClientDraftTestRequest');

export const testRoute = route('post', '/mcp-clients/{id}/test', 'testMcpClient', {
  summary: 'Connect every server of the latest version and list its tools (fresh connections, nothing pooled)',
  request: {
    params: agentIdParams,
    body: requestBody(testBodySchema, { required: false, example: { requestContext: { mastra__authToken: 'token' } } }),
  },
  ok: [
    'One result per server; failing servers are ok: false with the error',
    z
      .object({
        clientId: z.string(),
        versionNumber: z.number().int(),
        servers: z.record(z.string(), serverResultSchema),
      })
      .openapi('McpClientTestResult'),
  ],
  errors: [400, 404, 503],
});

export const draftTestRoute = route('post', '/mcp-clients/test', 'testMcpClientDraft', {
  summary:
    'Connect servers that are not saved yet and list their tools (a stdio server needs admin and the allow-list; a loopback or private URL needs admin)',
  request: {
    body: requiredBody(draftBodySchema, {
      servers: { docs: { type: 'http', url: 'https://mcp.docs.internal.test/mcp' } },
    }),
  },
  ok: [
    'One result per server; failing servers are ok: false with the error',
    z.object({ servers: z.record(z.string(), serverResultSchema) }).openapi('McpClientDraftTestResult'),
  ],
  errors: [400, 403],
});

export function registerMcpClientTestRoutes(
  app: ApiApp,
  { editor, mcpPool, internalTargetOf }: { editor: Editor; mcpPool: McpPool; internalTargetOf: InternalTargetOf },
) {
  app.openapi(testRoute, async (context) => {
    const report = await testSavedMcpClient({
      clientId: context.req.valid('param').id,
      requestContext: context.req.valid('json')?.requestContext ?? {},
      savedClients: editor.mcpClients,
      pool: mcpPool,
      signal: context.req.raw.signal,
    });
    return context.json(report, 200);
  });
  app.openapi(draftTestRoute, async (context) => {
    const body = context.req.valid('json');
    const { internalAddresses } = await requireAdminForServers(context, internalTargetOf, () => [body.servers]);
    const servers = await editor.mcpClients.draftServers(body.servers);
    const report = await testDraftMcpClient({
      servers,
      internalAddresses,
      requestContext: body.requestContext ?? {},
      pool: mcpPool,
      signal: context.req.raw.signal,
    });
    return context.json(report, 200);
  });
}
