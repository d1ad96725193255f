/**
 * `POST /api/mcp-clients/:id/test` against real servers: per server ok/error, the tools it lists
 * (every page), latency; the latest saved version is what gets tested; the token goes to HTTP
 * servers only; nothing is left in the pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestStudio } from '../../support/studio';
import {
  freePort,
  startHeaderRecordingServer,
  testServer,
  type HeaderRecordingServer,
  testStdioAllowedCommands,
} from '../../support/mcp';

const node = process.execPath;
const handle = await createTestStudio({
  settings: { stdioAllowedCommands: testStdioAllowedCommands, mcp: { listTimeoutMs: 15_000 } },
});
const { studio } = handle;
let http: HeaderRecordingServer;
let downUrl: string;

beforeAll(async () => {
  http = await startHeaderRecordingServer();
  downUrl = `http://127.0.0.1:${await freePort()}/mcp`;
  const created = await call(studio, 'POST', '/api/mcp-clients', {
    id: 'pair',
    name: 'One up, one down',
    servers: {
      paged: { type: 'stdio', command: node, args: testServer('paginated', ['25', '10']).args },
      down: { type: 'http', url: downUrl, timeout: 5_000 },
    },
  });
  expect(created.status).toBe(201);
}, 60_000);

afterAll(async () => {
  await handle.cleanup();
  await http.stop();
});

describe('POST /api/mcp-clients/:id/test', () => {
  it('answers per server: ok with every listed tool and a latency, or the error', async () => {
    const { status, body } = await call(studio, 'POST', '/api/mcp-clients/pair/test', {});
    expect(status).toBe(200);
    expect(body).toMatchObject({ clientId: 'pair', versionNumber: 1 });
    expect(Object.keys(body.servers).sort()).toEqual(['down', 'paged']);

    const paged = body.servers.paged;
    expect(paged).toMatchObject({ ok: true, latencyMs: expect.any(Number) });
    expect(paged.error).toBeUndefined();
    // 25 tools over three pages: the test follows nextCursor like the pool does.
    expect(paged.tools).toHaveLength(25);
    expect(paged.tools[0]).toEqual({ name: 'tool-000', description: 'Tool number 0' });
    expect(paged.latencyMs).toBeGreaterThan(0);

    const down = body.servers.down;
    expect(down).toMatchObject({ ok: false, tools: [], reason: 'unreachable', latencyMs: expect.any(Number) });
    expect(down.error).toContain('"down"');
  });

  it('uses fresh connections and leaves nothing in the pool', async () => {
    const before = studio.mcpPool.stats();
    expect((await call(studio, 'POST', '/api/mcp-clients/pair/test', {})).status).toBe(200);
    // The body is optional.
    expect((await studio.api.request('/api/mcp-clients/pair/test', { method: 'POST' })).status).toBe(200);
    const after = studio.mcpPool.stats();
    expect(after.connects - before.connects).toBe(4);
    expect(after).toMatchObject({ openConnections: 0, cachedToolLists: 0 });
  });

  it('tests the latest version: an edit a moment ago is what gets connected', async () => {
    const edited = await call(studio, 'PATCH', '/api/mcp-clients/pair', {
      servers: {
        paged: { type: 'stdio', command: node, args: testServer('paginated', ['3', '10']).args },
        remote: { type: 'http', url: http.url },
      },
    });
    expect(edited.status).toBe(200);
    const { body } = await call(studio, 'POST', '/api/mcp-clients/pair/test', {});
    expect(body.versionNumber).toBe(2);
    expect(Object.keys(body.servers).sort()).toEqual(['paged', 'remote']);
    expect(body.servers.paged.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'tool-000',
      'tool-001',
      'tool-002',
    ]);
    expect(body.servers.remote).toMatchObject({
      ok: true,
      tools: [{ name: 'whoami', description: expect.any(String) }],
    });
  });

  it('sends mastra__authToken to HTTP servers only, and never echoes it', async () => {
    const before = http.requests.length;
    const { status, body } = await call(studio, 'POST', '/api/mcp-clients/pair/test', {
      requestContext: { mastra__authToken: 'test-token-42' },
    });
    expect(status).toBe(200);
    expect(body.servers.remote.ok).toBe(true);
    const sent = http.requests.slice(before).map((request) => request.headers.authorization);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent)).toEqual(new Set(['Bearer test-token-42']));
    expect(JSON.stringify(body)).not.toContain('test-token-42');
  });

  it('is 404 for an unknown client and 400 for unknown body fields', async () => {
    const missing = await call(studio, 'POST', '/api/mcp-clients/nope/test', {});
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'not_found', message: expect.stringContaining('"nope"') });
    const bad = await call(studio, 'POST', '/api/mcp-clients/pair/test', { headers: { x: 'y' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_input');
  });
});
