import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpToolServer } from '@/lib/mcp/server';
import { silentLogger } from '@/lib/logger';
import { createToolRegistry } from '@/lib/tools';
import { createTestStudio, jsonRequest } from '../../support/studio';

const agent = { name: 'Cors', model: 'openai/gpt-4o-mini', instructions: 'Help.' };

describe('CORS for listed origins, trust for in-process calls', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  beforeAll(async () => {
    context = await createTestStudio({ settings: { corsOrigins: ['https://app.example.com'] } });
  });
  afterAll(() => context.cleanup());

  it('answers a preflight and the request itself for a listed origin', async () => {
    const preflight = await context.studio.api.request('/api/agents', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);

    const created = await context.studio.api.request(
      '/api/agents',
      jsonRequest(
        'POST',
        { id: 'from-app', ...agent },
        { origin: 'https://app.example.com', 'sec-fetch-site': 'cross-site' },
      ),
    );
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(created.headers.get('vary')).toMatch(/Origin/);
  });

  it('gives other origins no CORS headers and refuses their writes', async () => {
    const preflight = await context.studio.api.request('/api/agents', {
      method: 'OPTIONS',
      headers: { origin: 'https://other.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const refused = await context.studio.api.request(
      '/api/agents',
      jsonRequest('POST', { id: 'from-other', ...agent }, { origin: 'https://other.example' }),
    );
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect((await context.studio.api.request('/api/agents/from-other')).status).toBe(404);
  });

  it('trusts studio.api.request (loopback URL, no Origin) but still wants JSON bodies', async () => {
    const created = await context.studio.api.request(
      '/api/agents',
      jsonRequest('POST', { id: 'in-process', ...agent }),
    );
    expect(created.status).toBe(201);
    const text = await context.studio.api.request('/api/agents', {
      method: 'POST',
      body: JSON.stringify({ id: 'as-text', ...agent }),
    });
    expect(text.status).toBe(415);
    const foreignUrl = await context.studio.api.request('http://evil.example/api/health');
    expect(foreignUrl.status).toBe(421);
  });
});

describe("the MCP transport's own DNS-rebinding check", () => {
  it('refuses a Host or Origin outside the lists it is given', async () => {
    const server = createMcpToolServer({ tools: createToolRegistry({}), logger: silentLogger, version: '0.0.0' });
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const send = (headers: Record<string, string>) =>
      server.handle({
        request: new Request('http://localhost:3000/api/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        }),
        parsedBody: body,
        dnsRebinding: { allowedHosts: ['localhost:3000'], allowedOrigins: ['http://localhost:3000'] },
      });
    expect((await send({ host: 'localhost:3000' })).status).toBe(200);
    expect((await send({ host: 'evil.example:3000' })).status).toBe(403);
    expect((await send({ host: 'localhost:3000', origin: 'https://evil.example' })).status).toBe(403);
  });
});
