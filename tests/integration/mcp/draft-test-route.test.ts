/**
 * `POST /api/mcp-clients/test`: the editor's "Test connection" before the first save. Servers not
 * saved yet are probed like a saved client's, under the save's stdio rules, and a stdio server that
 * fails to start shows the tail of its stderr with its secrets redacted (the saved client's test
 * route too).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createTestStudio } from '../../support/studio';
import { testServer } from '../../support/mcp';

const handle = await createTestStudio({
  settings: {
    stdioAllowedCommands: [process.execPath],
    stdioAllowBareInterpreters: true,
    mcp: { listTimeoutMs: 15_000 },
  },
});
const { studio } = handle;
const secret = 'sekret-value-123456';

afterAll(() => handle.cleanup());

const failing = (markerName: string) =>
  testServer('marker', [join(handle.directory, markerName), 'fail'], { env: { SERVICE_TOKEN: secret } });

describe('POST /api/mcp-clients/test', () => {
  it('probes servers that are not saved: tools listed, nothing pooled, nothing stored', async () => {
    const marker = join(handle.directory, 'draft-ok');
    const { status, body } = await call(studio, 'POST', '/api/mcp-clients/test', {
      servers: { marker: testServer('marker', [marker]) },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.servers.marker).toMatchObject({ ok: true, tools: [{ name: 'ping', description: 'Answers pong' }] });
    expect(existsSync(marker)).toBe(true);
    expect(studio.mcpPool.stats()).toMatchObject({ openConnections: 0, cachedToolLists: 0 });
    expect((await call(studio, 'GET', '/api/mcp-clients')).body.items).toEqual([]);
  });

  it("shows a failed stdio server's stderr, its secret redacted", async () => {
    const { status, body } = await call(studio, 'POST', '/api/mcp-clients/test', {
      servers: { broken: failing('draft-fail') },
    });
    expect(status).toBe(200);
    expect(body.servers.broken).toMatchObject({ ok: false, tools: [] });
    expect(body.servers.broken.stderr).toContain('marker: giving up');
    expect(body.servers.broken.stderr).toContain('token [redacted]');
    expect(JSON.stringify(body)).not.toContain(secret);
  });

  it('says a URL that answers with something other than MCP is no MCP server, without the schema dump', async () => {
    const { createServer } = await import('node:http');
    const notMcp = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"object":"list","data":[]}');
    });
    await new Promise<void>((resolve) => notMcp.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = notMcp.address() as { port: number };
      const { status, body } = await call(studio, 'POST', '/api/mcp-clients/test', {
        servers: { models: { type: 'http', url: `http://127.0.0.1:${port}/v1` } },
      });
      expect(status).toBe(200);
      expect(body.servers.models).toMatchObject({ ok: false });
      expect(JSON.stringify(body.servers.models)).toContain("the server's answer is not an MCP message");
      expect(JSON.stringify(body.servers.models)).not.toContain('invalid_union');
    } finally {
      notMcp.close();
    }
  });

  it('applies the stdio rules of a save: a command off the allow-list is refused before anything starts', async () => {
    const refused = await call(studio, 'POST', '/api/mcp-clients/test', {
      servers: { other: { type: 'stdio', command: '/bin/sh', args: ['-c', 'true'] } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('/bin/sh');
  });

  it('answers 400 naming the field for a bad body or a masked secret', async () => {
    const missing = await call(studio, 'POST', '/api/mcp-clients/test', {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.error)).toContain('servers');
    const masked = await call(studio, 'POST', '/api/mcp-clients/test', {
      servers: { broken: { ...failing('draft-masked'), env: { SERVICE_TOKEN: '••••3456' } } },
    });
    expect(masked.status).toBe(400);
    expect(masked.body.error.details.issues[0].path).toBe('servers.broken.env.SERVICE_TOKEN');
    expect(existsSync(join(handle.directory, 'draft-masked'))).toBe(false);
  });
});

describe('POST /api/mcp-clients/:id/test', () => {
  it("shows a failed stdio server's stderr too, its secret redacted", async () => {
    const created = await call(studio, 'POST', '/api/mcp-clients', {
      id: 'broken',
      name: 'Broken',
      servers: { broken: failing('saved-fail') },
    });
    expect(created.status).toBe(201);
    const { body } = await call(studio, 'POST', '/api/mcp-clients/broken/test', {});
    expect(body.servers.broken.ok).toBe(false);
    expect(body.servers.broken.stderr).toContain('token [redacted]');
    expect(JSON.stringify(body)).not.toContain(secret);
  });
});
