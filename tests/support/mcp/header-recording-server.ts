/**
 * An in-process Streamable HTTP MCP server (SDK McpServer, with or without sessions) on 127.0.0.1 that records
 * the method, path and headers of every HTTP request it receives, so tests can see exactly what a
 * client sent.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface HeaderRecordingServer {
  url: string;
  requests: RecordedRequest[];
  /** Open sessions (stateful mode). */
  sessionCount(): number;
  stop(): Promise<void>;
}

function createMcpServer(): McpServer {
  const server = new McpServer({ name: 'header-recording', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Returns the Authorization header it received' }, async (extra) => ({
    content: [{ type: 'text', text: String(extra.requestInfo?.headers.authorization ?? 'anonymous') }],
  }));
  return server;
}

/**
 * `stateful: false` (default): a fresh server per POST, no sessions, GET/DELETE answered 405.
 * `stateful: true`: sessions as the SDK implements them (GET stream, DELETE ends a session).
 */
export async function startHeaderRecordingServer({
  stateful = false,
}: { stateful?: boolean } = {}): Promise<HeaderRecordingServer> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  const handleStateless = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const server = createMcpServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    return server.connect(transport).then(() => transport.handleRequest(request, response));
  };

  const handleStateful = async (request: IncomingMessage, response: ServerResponse) => {
    const sessionId = request.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing) return existing.handleRequest(request, response);
    if (request.method !== 'POST' || sessionId !== undefined) {
      response.writeHead(404).end();
      return;
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
      onsessionclosed: (id) => void sessions.delete(id),
    });
    await createMcpServer().connect(transport);
    return transport.handleRequest(request, response);
  };

  const httpServer = createServer((request, response) => {
    requests.push({ method: request.method ?? '', path: request.url ?? '', headers: { ...request.headers } });
    if (request.url !== '/mcp') {
      response.writeHead(404).end();
      return;
    }
    Promise.resolve((stateful ? handleStateful : handleStateless)(request, response)).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    sessionCount: () => sessions.size,
    stop: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
