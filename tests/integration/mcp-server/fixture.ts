/**
 * Real HTTP for the MCP server tests: a test studio served by @hono/node-server on a loopback
 * port, and the SDK's own client over Streamable HTTP.
 */
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { StudioOptions } from '@/lib';
import { createTestStudio } from '../../support/studio';

export interface ServedStudio {
  studio: Awaited<ReturnType<typeof createTestStudio>>['studio'];
  /** `http://127.0.0.1:<port>` */
  url: string;
  stop(): Promise<void>;
}

export async function serveTestStudio(options: StudioOptions): Promise<ServedStudio> {
  const context = await createTestStudio(options);
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const started = serve({ fetch: context.studio.api.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ server: started, port: info.port }),
    );
  });
  return {
    studio: context.studio,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await context.cleanup();
    },
  };
}

/** An SDK client connected (initialize handshake done) to `<baseUrl>/api/mcp`. */
export async function connectMcpClient(baseUrl: string): Promise<Client> {
  const client = new Client({ name: 'agent-studio-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', baseUrl)));
  return client;
}

/**
 * For a describe block: a studio with `tools` served over HTTP and an SDK client connected to it
 * for the whole block. Read `.served` and `.client` inside tests.
 */
export function useServedMcpClient(tools: NonNullable<StudioOptions['tools']>): {
  readonly served: ServedStudio;
  readonly client: Client;
} {
  let served: ServedStudio | undefined;
  let client: Client | undefined;
  beforeAll(async () => {
    served = await serveTestStudio({ tools });
    client = await connectMcpClient(served.url);
  });
  afterAll(async () => {
    await client?.close();
    await served?.stop();
  });
  return {
    get served() {
      if (!served) throw new Error('The MCP test studio is not started yet');
      return served;
    },
    get client() {
      if (!client) throw new Error('The MCP test client is not connected yet');
      return client;
    },
  };
}
