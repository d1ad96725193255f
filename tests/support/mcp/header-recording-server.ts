/**
 * An in-process Streamable HTTP MCP server (stateless, SDK McpServer) on 127.0.0.1 that records
 * the method, path and headers of every HTTP request it receives, so tests can see exactly what a
 * client sent.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
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
  stop(): Promise<void>;
}

function createMcpServer(): McpServer {
  const server = new McpServer({ name: 'header-recording', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Returns the Authorization header it received' }, async (extra) => ({
    content: [{ type: 'text', text: String(extra.requestInfo?.headers.authorization ?? 'anonymous') }],
  }));
  return server;
}

export async function startHeaderRecordingServer(): Promise<HeaderRecordingServer> {
  const requests: RecordedRequest[] = [];
  const httpServer = createServer((request, response) => {
    requests.push({ method: request.method ?? '', path: request.url ?? '', headers: { ...request.headers } });
    if (request.url !== '/mcp') {
      response.writeHead(404).end();
      return;
    }
    if (request.method !== 'POST') {
      // Stateless: no standalone SSE stream and no sessions to delete.
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const server = createMcpServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(request, response))
      .catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
