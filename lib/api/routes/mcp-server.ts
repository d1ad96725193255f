/**
 * `POST /api/mcp`: this app as a stateless Streamable HTTP MCP server (docs/mcp-server.md). The
 * JSON-RPC exchange belongs to the MCP SDK; this route only hands it the request. Only POST is
 * routed: stateless, there is no server-initiated stream to GET and no session to DELETE, so those
 * and every other method are the app's 405 `method_not_allowed` with `Allow: POST` (the MCP
 * specification allows 405 for both).
 *
 * The app's middleware has already enforced the body limit and read the body to check that JSON
 * parses, which consumes the raw request's stream: the body is therefore given to the SDK's
 * transport as `parsedBody` (from Hono's cached text) and the SDK never reads the stream.
 */
import { createRoute } from '@hono/zod-openapi';
import type { RequestPolicy } from '../../http';
import type { Logger } from '../../logger';
import type { Editor } from '../../editor';
import { createAgentMcpTools, createMcpToolServer, type RunnableAgentSummary } from '../../mcp/server';
import type { Runtime } from '../../runtime';
import type { ToolRegistry } from '../../tools';
import type { ApiApp } from '../app';
import { errorResponses } from '../schemas';

/** The content types the app's JSON middleware reads (and so consumes). */
const jsonContentType = /^application\/([a-z.+-]*\+)?json/i;

export const mcpRoute = createRoute({
  method: 'post',
  path: '/mcp',
  operationId: 'handleMcpMessage',
  summary: 'This app as an MCP server (Streamable HTTP, stateless)',
  description:
    'A JSON-RPC message (or batch) of the Model Context Protocol: `initialize`, `tools/list`, `tools/call`. ' +
    'Lists the registered code tools with their annotations, `_meta` and output schemas; answers with JSON ' +
    '(clients must accept `application/json` and `text/event-stream`). Tool failures are results with `isError: true`.',
  tags: ['mcp'],
  responses: {
    200: { description: 'The JSON-RPC response(s)' },
    202: { description: 'Notifications and responses only: accepted, no body' },
    406: {
      description: 'The Accept header does not list application/json and text/event-stream (JSON-RPC error body)',
    },
    415: { description: 'The body is not application/json (JSON-RPC error body)' },
    ...errorResponses(400, 413),
    // The SDK answers an invalid JSON-RPC message with a JSON-RPC error body, also a 400.
    400: {
      ...errorResponses(400)[400]!,
      description: 'Malformed JSON (API error shape) or an invalid JSON-RPC message (JSON-RPC error body)',
    },
  },
});

/** What the transport gets: the body as parsed JSON, `null` for an empty one (a JSON-RPC error). */
async function readParsedBody(request: {
  header(name: string): string | undefined;
  text(): Promise<string>;
}): Promise<unknown> {
  // Without a JSON content type nothing consumed the stream, and the transport answers 415
  // before reading it.
  if (!jsonContentType.test(request.header('content-type') ?? '')) return undefined;
  const text = await request.text();
  return text.trim() === '' ? null : (JSON.parse(text) as unknown);
}

/** Every agent that can run: stored agents with a published version, and code agents. */
async function runnableAgents(editor: Editor): Promise<RunnableAgentSummary[]> {
  const agents: RunnableAgentSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await editor.agents.list({ limit: 100, cursor });
    for (const item of page.items) {
      if (item.source === 'code' || item.activeVersionId !== null) {
        agents.push({ id: item.id, name: item.name, description: item.description });
      }
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return agents;
}

/**
 * The request as the SDK's DNS-rebinding check sees it, with the host the app's request gate
 * already accepted. An in-process request (`studio.api.request`) has no `Host` header: it gets its
 * URL's host, so the SDK's check applies to it too (the body is passed separately, never re-read).
 */
function withHostHeader(request: Request): { request: Request; host: string } {
  const host = request.headers.get('host');
  if (host !== null) return { request, host };
  const urlHost = new URL(request.url).host;
  const headers = new Headers(request.headers);
  headers.set('host', urlHost);
  return {
    request: new Request(request.url, { method: request.method, headers, signal: request.signal }),
    host: urlHost,
  };
}

export function registerMcpServerRoutes(
  app: ApiApp,
  {
    tools,
    logger,
    version,
    editor,
    runtime,
    exposeAgentsOverMcp = false,
    requestPolicy,
  }: {
    tools: ToolRegistry;
    logger: Logger;
    version: string;
    editor: Editor;
    runtime: Runtime;
    exposeAgentsOverMcp?: boolean;
    requestPolicy: RequestPolicy;
  },
) {
  // The registry is fixed at startup, so the code tools' listing is built once per studio; agents
  // are listed per request, as they are published.
  const mcpServer = createMcpToolServer({
    tools,
    logger,
    version,
    agents: exposeAgentsOverMcp
      ? (reservedNames) =>
          createAgentMcpTools({
            reservedNames,
            listAgents: () => runnableAgents(editor),
            runAgent: async ({ agentId, prompt, requestContext, abortSignal }) =>
              (await runtime.loadAgent(agentId, { requestContext, signal: abortSignal })).generate(prompt, {
                abortSignal,
              }),
          })
      : undefined,
  });
  const corsOrigins = [...requestPolicy.corsOrigins];

  app.openapi(mcpRoute, async (context) => {
    const parsedBody = await readParsedBody(context.req);
    const { request, host } = withHostHeader(context.req.raw);
    return mcpServer.handle({
      request,
      parsedBody,
      dnsRebinding: { allowedHosts: [host], allowedOrigins: [`http://${host}`, `https://${host}`, ...corsOrigins] },
    });
  });
}
