/**
 * HTTP MCP servers: server-everything over Streamable HTTP and over legacy SSE (the fallback), bound
 * to 127.0.0.1 by the loopback preload; and a header-recording server proving that the only header
 * ever added is `Authorization: Bearer <token>`, and only when a token is given.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectServer, type McpPool, type McpServerConfig } from '@/lib/mcp';
import {
  canConnect,
  createTestPool,
  externalIpv4Addresses,
  listeningAddresses,
  startEverythingHttp,
  startHeaderRecordingServer,
  uniqueKey,
  type HeaderRecordingServer,
  type RunningHttpServer,
} from '../../support/mcp';

let streamable: RunningHttpServer;
let legacy: RunningHttpServer;
let recording: HeaderRecordingServer;
let pool: McpPool;

beforeAll(async () => {
  [streamable, legacy, recording] = await Promise.all([
    startEverythingHttp({ mode: 'streamableHttp' }),
    startEverythingHttp({ mode: 'sse' }),
    startHeaderRecordingServer(),
  ]);
  pool = createTestPool().pool;
});

afterAll(async () => {
  await pool?.closeAll();
  await Promise.all([streamable?.stop(), legacy?.stop(), recording?.stop()]);
});

describe('server-everything over HTTP', () => {
  it('listens on 127.0.0.1 only', async () => {
    expect(listeningAddresses(streamable.port)).toEqual(['127.0.0.1']);
    expect(listeningAddresses(legacy.port)).toEqual(['127.0.0.1']);
    expect(await canConnect({ host: '127.0.0.1', port: streamable.port })).toBe(true);
    for (const address of externalIpv4Addresses()) {
      expect(await canConnect({ host: address, port: streamable.port })).toBe(false);
    }
  });

  it('speaks Streamable HTTP', async () => {
    const connection = await connectServer({ server: { type: 'http', url: streamable.url }, timeoutMs: 10_000 });
    try {
      expect(connection.transport).toBe('streamable-http');
      const { tools } = await connection.client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('echo');
    } finally {
      await connection.close();
    }
  });

  it('falls back to legacy SSE when the server does not speak Streamable HTTP', async () => {
    const connection = await connectServer({ server: { type: 'http', url: legacy.url }, timeoutMs: 10_000 });
    try {
      expect(connection.transport).toBe('sse');
      const result = await connection.client.callTool({ name: 'echo', arguments: { message: 'over sse' } });
      expect(JSON.stringify(result.content)).toContain('over sse');
    } finally {
      await connection.close();
    }
  });

  it("keeps a server's own refusal when neither Streamable HTTP nor legacy SSE connects", async () => {
    // A server that refuses every request with a JSON-RPC error of its own, as one with a bad tenant key would.
    const refusing = createServer((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Unknown tenant acme' } }),
      );
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/mcp`;
      const failure = await connectServer({ server: { type: 'http', url }, timeoutMs: 10_000 }).catch(
        (error: unknown) => error as Error,
      );
      expect(failure).toMatchObject({ name: 'McpServerError', reason: 'unreachable' });
      expect((failure as Error).message).toContain('Unknown tenant acme');
      expect((failure as Error).message).toContain('legacy SSE failed too');
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  it.each([
    { transport: 'streamable HTTP', server: () => ({ type: 'http', url: streamable.url }) as McpServerConfig },
    { transport: 'legacy SSE', server: () => ({ type: 'http', url: legacy.url }) as McpServerConfig },
  ])('lists and calls through the pool over $transport, reusing the connection', async ({ server }) => {
    const key = uniqueKey();
    const before = pool.stats();
    const listed = await pool.listTools({ key, server: server() });
    expect(listed.ok).toBe(true);
    for (let round = 0; round < 3; round += 1) {
      const result = await pool.callTool({ key, server: server(), name: 'get-sum', arguments: { a: round, b: 1 } });
      expect(JSON.stringify(result.content)).toContain(String(round + 1));
    }
    expect(pool.stats().connects - before.connects).toBe(1);
  });
});

describe('headers sent to HTTP servers', () => {
  const standardHeaders = new Set([
    'host',
    'connection',
    'content-type',
    'content-length',
    'accept',
    'accept-encoding',
    'accept-language',
    'user-agent',
    'sec-fetch-mode',
    'mcp-protocol-version',
    'mcp-session-id',
    'last-event-id',
  ]);

  function unexpectedHeaders(headers: Record<string, unknown>): string[] {
    return Object.keys(headers).filter((name) => !standardHeaders.has(name) && name !== 'authorization');
  }

  it('sends Authorization: Bearer <token> on every request when a token is given, and nothing else of ours', async () => {
    const key = uniqueKey({ authToken: 'caller-token-abc' });
    const server: McpServerConfig = { type: 'http', url: recording.url };
    const from = recording.requests.length;
    const listed = await pool.listTools({ key, server });
    expect(listed.ok).toBe(true);
    const whoami = await pool.callTool({ key, server, name: 'whoami', arguments: {} });
    expect(whoami.content).toEqual([{ type: 'text', text: 'Bearer caller-token-abc' }]);

    const sent = recording.requests.slice(from);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const request of sent) {
      expect(request.headers.authorization).toBe('Bearer caller-token-abc');
      expect(unexpectedHeaders(request.headers)).toEqual([]);
    }
  });

  it('reaches no address for a client that must not reach internal ones when the pool has no guard for them', async () => {
    // This pool was built without `fetchRefusingInternal`: it fails closed rather than fetching freely.
    const server: McpServerConfig = { type: 'http', url: recording.url };
    const from = recording.requests.length;
    const listed = await pool.listTools({ key: uniqueKey({ internalAddresses: 'refused' }), server });
    expect(listed.ok).toBe(false);
    if (!listed.ok) {
      expect(listed.error.reason).toBe('refused');
      expect(listed.error.message).toContain('may not reach internal addresses');
    }
    expect(recording.requests.length).toBe(from);
  });

  it('sends no Authorization header without a token', async () => {
    const server: McpServerConfig = { type: 'http', url: recording.url };
    const from = recording.requests.length;
    const whoami = await pool.callTool({ key: uniqueKey(), server, name: 'whoami', arguments: {} });
    expect(whoami.content).toEqual([{ type: 'text', text: 'anonymous' }]);
    const sent = recording.requests.slice(from);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(request.headers.authorization).toBeUndefined();
      expect(unexpectedHeaders(request.headers)).toEqual([]);
    }
  });

  it('keeps one connection per token: callers never share a server session', async () => {
    const server: McpServerConfig = { type: 'http', url: recording.url };
    const key = uniqueKey();
    const before = pool.stats().connects;
    const first = await pool.callTool({
      key: { ...key, authToken: 'token-one' },
      server,
      name: 'whoami',
      arguments: {},
    });
    const second = await pool.callTool({
      key: { ...key, authToken: 'token-two' },
      server,
      name: 'whoami',
      arguments: {},
    });
    const firstAgain = await pool.callTool({
      key: { ...key, authToken: 'token-one' },
      server,
      name: 'whoami',
      arguments: {},
    });
    expect([first, second, firstAgain].map((result) => result.content)).toEqual([
      [{ type: 'text', text: 'Bearer token-one' }],
      [{ type: 'text', text: 'Bearer token-two' }],
      [{ type: 'text', text: 'Bearer token-one' }],
    ]);
    expect(pool.stats().connects - before).toBe(2);
  });

  it('ends the server session (DELETE, with the same token) when a pooled connection is closed', async () => {
    const sessionful = await startHeaderRecordingServer({ stateful: true });
    const sessionPool = createTestPool().pool;
    try {
      const key = uniqueKey({ authToken: 'session-token' });
      const server: McpServerConfig = { type: 'http', url: sessionful.url };
      const whoami = await sessionPool.callTool({ key, server, name: 'whoami', arguments: {} });
      expect(whoami.content).toEqual([{ type: 'text', text: 'Bearer session-token' }]);
      expect(sessionful.sessionCount()).toBe(1);

      sessionPool.evictClient(key.clientId);
      await expect.poll(() => sessionful.sessionCount(), { timeout: 5_000 }).toBe(0);
      const deletes = sessionful.requests.filter((request) => request.method === 'DELETE');
      expect(deletes).toHaveLength(1);
      expect(deletes[0]!.headers).toMatchObject({
        authorization: 'Bearer session-token',
        'mcp-session-id': expect.any(String),
      });
      for (const request of sessionful.requests) expect(unexpectedHeaders(request.headers)).toEqual([]);
    } finally {
      await sessionPool.closeAll();
      await sessionful.stop();
    }
  });
});
