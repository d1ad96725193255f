/**
 * With a warm pool, repeated resolves make no new connections and no new `tools/list` requests,
 * and calls reuse the pooled connections: counted by the pool (`studio.mcpPool.stats()`) and, for
 * the HTTP server, by the requests it actually received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAndPublish, createTestStudio } from '../../support/studio';
import {
  everythingStdioServer,
  startHeaderRecordingServer,
  testServer,
  weather,
  type HeaderRecordingServer,
  testStdioAllowedCommands,
} from '../../support/mcp';

const node = process.execPath;
const handle = await createTestStudio({
  tools: { weather },
  mcpServers: { paged: testServer('paginated', ['25', '10']) },
  settings: { stdioAllowedCommands: testStdioAllowedCommands, mcp: { listTimeoutMs: 15_000 } },
});
const { studio } = handle;
let http: HeaderRecordingServer;

const rounds = 50;
const withToken = (round: number) => (round % 2 === 0 ? { mastra__authToken: 'caller-token' } : {});

beforeAll(async () => {
  http = await startHeaderRecordingServer();
  const everything = everythingStdioServer();
  await call(studio, 'POST', '/api/mcp-clients', {
    id: 'everything',
    name: 'Everything',
    servers: { local: { type: 'stdio', command: node, args: everything.args } },
  });
  await call(studio, 'POST', '/api/mcp-clients', {
    id: 'remote',
    name: 'Remote',
    servers: { remote: { type: 'http', url: http.url } },
  });
  await createAndPublish(studio, {
    id: 'warm',
    name: 'Warm',
    model: 'openai/gpt-4o',
    instructions: 'x',
    tools: { weather: {} },
    mcpClients: {
      everything: { tools: { local_echo: { description: 'Say it back' } } },
      remote: { tools: {} },
      paged: { tools: {} },
    },
  });
  // Warm up: every server connected and listed, with and without the caller token.
  for (const requestContext of [withToken(0), withToken(1)]) {
    const { status, body } = await call(studio, 'POST', '/api/agents/warm/resolve', { requestContext });
    expect(status).toBe(200);
    expect(body.warnings).toEqual([]);
    expect(body.tools).toHaveLength(1 + 1 + 1 + 25);
  }
  // server-everything adds a tool once initialised and announces it (tools/list_changed): let that
  // refresh finish before counting.
  for (let attempt = 0; ; attempt += 1) {
    if (attempt === 50) throw new Error('the tool lists kept changing');
    const before = studio.mcpPool.stats().toolListRequests;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await studio.runtime.resolve('warm');
    if (studio.mcpPool.stats().toolListRequests === before) break;
  }
}, 60_000);

afterAll(async () => {
  await handle.cleanup();
  await http.stop();
});

describe('a warm pool', () => {
  it(`serves ${rounds * 2} resolves (HTTP API and in process) without connecting or listing`, async () => {
    const before = studio.mcpPool.stats();
    const httpRequestsBefore = http.requests.length;
    const hashes = new Set<string>();
    for (let round = 0; round < rounds; round += 1) {
      const { status, body } = await call(studio, 'POST', '/api/agents/warm/resolve', {
        requestContext: withToken(round),
      });
      expect(status).toBe(200);
      hashes.add(body.resolvedToolsHash as string);
      const resolution = await studio.runtime.resolve('warm', { requestContext: withToken(round) });
      expect(Object.keys(resolution.tools)).toHaveLength(28);
    }
    const after = studio.mcpPool.stats();
    expect(after.connects - before.connects).toBe(0);
    expect(after.connectFailures - before.connectFailures).toBe(0);
    expect(after.toolListRequests - before.toolListRequests).toBe(0);
    expect(after.openConnections).toBe(before.openConnections);
    expect(http.requests.length - httpRequestsBefore).toBe(0);
    // The token changes connections, not the tools the model sees.
    expect(hashes.size).toBe(1);
  });

  it('runs repeated calls on the pooled connections: one tools/call each, nothing else', async () => {
    const before = studio.mcpPool.stats();
    const httpRequestsBefore = http.requests.length;
    const calls = 20;
    for (let round = 0; round < calls; round += 1) {
      const echo = await call(studio, 'POST', '/api/agents/warm/tools/local_echo/execute', {
        input: { message: `call ${round}` },
      });
      expect(echo.body.output.content[0].text).toBe(`Echo: call ${round}`);
      const whoami = await call(studio, 'POST', '/api/agents/warm/tools/remote_whoami/execute', {
        input: {},
        requestContext: withToken(round),
      });
      // The server saw the caller's token; the result names it redacted (a tool result never carries it back).
      expect(whoami.body.output.content[0].text).toBe(round % 2 === 0 ? 'Bearer [redacted]' : 'anonymous');
      expect(http.requests.at(-1)!.headers.authorization).toBe(round % 2 === 0 ? 'Bearer caller-token' : undefined);
      const paged = await call(studio, 'POST', '/api/agents/warm/tools/tool-007/execute', { input: {} });
      expect(paged.body.output.content[0].text).toBe('tool-007');
    }
    const after = studio.mcpPool.stats();
    expect(after.toolCalls - before.toolCalls).toBe(calls * 3);
    expect(after.connects - before.connects).toBe(0);
    expect(after.toolListRequests - before.toolListRequests).toBe(0);
    // Stateless HTTP server: exactly one POST per call reached it.
    expect(http.requests.length - httpRequestsBefore).toBe(calls);
  });
});
