/**
 * GET is safe: no read of the API starts an MCP server, connects to one or calls an integration,
 * so a page on another site that gets a browser to load a URL (`<img src=".../api/...">`) makes the
 * server do nothing. The studio holds an agent using a stdio MCP server whose command writes a
 * marker file when it starts, an HTTP MCP server and an integration on a local server that counts
 * connections; every GET operation of the served OpenAPI document is called, with and without a
 * request context, and nothing may be spawned or connected. The POST comparison then shows that the
 * same fixtures do spawn and connect when tools are resolved live (the test can fail).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLaunchSpec } from '@/lib/mcp/launch-specs';
import { startCountingServer, type CountingServer } from '../../support/counting-server';
import { testServer } from '../../support/mcp';
import { call, createAndPublish, createTestStudio } from '../../support/studio';

// A server that writes its marker file the moment it starts, admitted by a launch spec fixing its script.
const stamper = (markerFile: string) => testServer('marker', [markerFile]);
const stamperSpec = formatLaunchSpec({ command: process.execPath, args: stamper('').args!.slice(0, 1) });

let handle: Awaited<ReturnType<typeof createTestStudio>>;
let counting: CountingServer;
let marker: string;

const integrationDocument = {
  openapi: '3.0.3',
  info: { title: 'Counted', version: '1' },
  paths: { '/items': { get: { operationId: 'listItems', responses: { '200': { description: 'ok' } } } } },
};

beforeAll(async () => {
  handle = await createTestStudio({ settings: { stdioAllowedCommands: [stamperSpec], mcp: { listTimeoutMs: 5_000 } } });
  counting = await startCountingServer();
  marker = join(handle.directory, 'spawned.marker');
  const { studio } = handle;
  const saved = [
    await call(studio, 'POST', '/api/mcp-clients', {
      id: 'stamper',
      name: 'Stamper',
      servers: { stamp: stamper(marker) },
    }),
    await call(studio, 'POST', '/api/mcp-clients', {
      id: 'remote',
      name: 'Remote',
      servers: { remote: { type: 'http', url: counting.url } },
    }),
    await call(studio, 'PUT', '/api/integrations/counted', {
      type: 'openapi',
      document: integrationDocument,
      baseUrl: counting.url.replace(/\/page$/, ''),
    }),
  ];
  expect(saved.map((answer) => answer.status)).toEqual([201, 201, 201]);
  await createAndPublish(studio, {
    id: 'watched',
    name: 'Watched',
    model: 'openai/gpt-4o-mini',
    instructions: 'v1',
    mcpClients: { stamper: { tools: {} }, remote: { tools: {} } },
    integrationTools: { counted: { tools: { listItems: {} } } },
  });
  const updated = await call(studio, 'PATCH', '/api/agents/watched', { baseVersionNumber: 1, instructions: 'v2' });
  expect(updated.status).toBe(200);
  expect(existsSync(marker)).toBe(false);
  expect(counting.seen.connections).toBe(0);
}, 60_000);

afterAll(async () => {
  await handle.cleanup();
  await counting.close();
});

/** Path parameters filled with the fixtures above, so that reads reach real records. */
function concretePath(template: string): string {
  const owner = /^\/api\/(agents|mcp-clients|integrations)\//.exec(template)?.[1];
  const ids: Record<string, string> = { agents: 'watched', 'mcp-clients': 'stamper', integrations: 'counted' };
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (name === 'n' || name === 'versionNumber') return '1';
    if (name === 'id' && owner) return ids[owner]!;
    return 'probe';
  });
}

async function getOperations(): Promise<string[]> {
  const response = await handle.studio.api.request('/api/openapi.json');
  const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([, methods]) => 'get' in methods)
    .map(([template]) => concretePath(template));
}

describe('GET is safe', () => {
  it('a GET diff with a request context starts nothing: 400 naming the POST, no marker, no connection', async () => {
    const context = encodeURIComponent(JSON.stringify({ tier: 'pro' }));
    const answer = await call(handle.studio, 'GET', `/api/agents/watched/diff?from=1&to=2&requestContext=${context}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/POST \/api\/agents\/\{id\}\/diff/);
    expect(existsSync(marker)).toBe(false);
    expect(counting.seen.connections).toBe(0);
  });

  it('no GET operation of the OpenAPI document spawns a stdio server or connects anywhere', async () => {
    const paths = await getOperations();
    expect(paths.length).toBeGreaterThan(15);
    const statuses: Record<string, number> = {};
    for (const path of paths) {
      // Unknown query parameters are refused (400) where a route does not take them: the bare path reads.
      for (const query of ['', '?from=1&to=2&toolkit=probe', '?from=1&toolkit=probe&requestContext=%7B%7D']) {
        const response = await handle.studio.api.request(`${path}${query}`);
        await response.arrayBuffer();
        statuses[`${path}${query}`] = response.status;
      }
    }
    expect(Object.entries(statuses).filter(([, status]) => status >= 500)).toEqual([]);
    // The reads reached the records the fixtures made, not only 404s.
    for (const path of ['/api/agents/watched', '/api/mcp-clients/stamper', '/api/integrations/counted'])
      expect(statuses[path], path).toBe(200);
    const diff = await handle.studio.api.request('/api/agents/watched/diff?from=1&to=2');
    expect(diff.status).toBe(200);
    expect(existsSync(marker)).toBe(false);
    expect(counting.seen.connections).toBe(0);
  }, 60_000);

  it('the POST comparison resolves live: it does start the stdio server and connect (so the checks above can fail)', async () => {
    const answer = await call(handle.studio, 'POST', '/api/agents/watched/diff', {
      from: 1,
      to: 2,
      requestContext: { tier: 'pro' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.tools).toEqual({ added: [], removed: [], changed: [] });
    expect(existsSync(marker)).toBe(true);
    expect(counting.seen.connections).toBeGreaterThan(0);
  }, 30_000);
});
