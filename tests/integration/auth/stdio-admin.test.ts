/**
 * With sign-in required, a saved MCP client whose server runs a local command (stdio) needs `admin`
 * on any save, restore, import or deletion that contains one; an editor key keeps HTTP servers. A refusal is
 * the access gate's 403 (`details.requiredScope: 'admin'`) and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/mcp';
import { createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

const httpServers = { docs: { type: 'http', url: 'https://docs.example.com/mcp' } };
const stdioServers = { files: { type: 'stdio', command: 'node', args: ['server.js'] } };

describe('stdio MCP servers with sign-in required', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let editorKey: string;
  let adminKey: string;

  beforeAll(async () => {
    context = await createTestStudio({ settings: { auth: 'required', stdioAllowedCommands: ['node server.js'] } });
    const { apiKeys } = context.studio.access;
    editorKey = (await apiKeys.create({ name: 'editor', scope: 'editor', createdBy: 'test' })).key;
    adminKey = (await apiKeys.create({ name: 'admin', scope: 'admin', createdBy: 'test' })).key;
  }, 30_000);
  afterAll(async () => {
    await context.cleanup();
  });

  async function send(key: string, method: string, path: string, body?: unknown) {
    const response = await context.studio.api.request(
      path,
      jsonRequest(method, body, { authorization: `Bearer ${key}` }),
    );
    return { status: response.status, body: (await response.json()) as ResponseBody };
  }

  function expectAdminRequired(response: { status: number; body: ResponseBody }) {
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({ code: 'forbidden', details: { requiredScope: 'admin' } });
    expect(response.body.error.message).toContain('key:editor');
  }

  const latestVersionNumber = async (id: string) =>
    (await send(adminKey, 'GET', `/api/mcp-clients/${id}`)).body.client.latestVersionNumber as number;

  it('lets an editor key save a client with HTTP servers', async () => {
    const created = await send(editorKey, 'POST', '/api/mcp-clients', {
      id: 'docs',
      name: 'Docs',
      servers: httpServers,
    });
    expect(created.status).toBe(201);
    expect(created.body.version.authorId).toBe('key:editor');
  });

  it('refuses an editor key a client with a stdio server, and stores nothing', async () => {
    expectAdminRequired(
      await send(editorKey, 'POST', '/api/mcp-clients', { id: 'local', name: 'Local', servers: stdioServers }),
    );
    expect((await send(adminKey, 'GET', '/api/mcp-clients/local')).status).toBe(404);
  });

  it('lets an admin key save a client with a stdio server', async () => {
    const created = await send(adminKey, 'POST', '/api/mcp-clients', {
      id: 'tools',
      name: 'Tools',
      servers: { ...stdioServers, ...httpServers },
    });
    expect(created.status).toBe(201);
  });

  it('refuses an editor key an update that adds a stdio server, or that keeps one', async () => {
    expectAdminRequired(
      await send(editorKey, 'PATCH', '/api/mcp-clients/docs', { servers: { ...httpServers, ...stdioServers } }),
    );
    expect(await latestVersionNumber('docs')).toBe(1);
    // Servers left out stay as they are, so a rename of a stdio client is a save that contains one.
    expectAdminRequired(await send(editorKey, 'PATCH', '/api/mcp-clients/tools', { name: 'Renamed' }));
    expect(await latestVersionNumber('tools')).toBe(1);
  });

  it('refuses an editor key the deletion of a client with a stdio server; an admin key deletes it', async () => {
    const created = await send(adminKey, 'POST', '/api/mcp-clients', {
      id: 'doomed',
      name: 'D',
      servers: stdioServers,
    });
    expect(created.status).toBe(201);
    expectAdminRequired(await send(editorKey, 'DELETE', '/api/mcp-clients/doomed'));
    expect((await send(adminKey, 'GET', '/api/mcp-clients/doomed')).status).toBe(200);
    const deleted = await send(adminKey, 'DELETE', '/api/mcp-clients/doomed');
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });
    // A client with HTTP servers only is the editor's to delete.
    await send(editorKey, 'POST', '/api/mcp-clients', { id: 'web-only', name: 'W', servers: httpServers });
    expect((await send(editorKey, 'DELETE', '/api/mcp-clients/web-only')).status).toBe(200);
  });

  it('refuses an editor key the restore of a version with a stdio server', async () => {
    const httpOnly = await send(adminKey, 'PATCH', '/api/mcp-clients/tools', { servers: httpServers });
    expect(httpOnly.body.version.versionNumber).toBe(2);
    expectAdminRequired(await send(editorKey, 'POST', '/api/mcp-clients/tools/versions/1/restore'));
    expect(await latestVersionNumber('tools')).toBe(2);
    // The HTTP-only version is the editor's to restore, and to change.
    expect((await send(editorKey, 'POST', '/api/mcp-clients/tools/versions/2/restore')).status).toBe(201);
    expect((await send(editorKey, 'PATCH', '/api/mcp-clients/tools', { name: 'Tools, HTTP only' })).status).toBe(200);
  });

  it('refuses an editor key the import of an export with a stdio server in any version', async () => {
    const exported = await send(adminKey, 'GET', '/api/mcp-clients/tools/export');
    expect(exported.status).toBe(200);
    const document = { ...exported.body, client: { ...exported.body.client, id: 'tools-copy' } };
    expectAdminRequired(await send(editorKey, 'POST', '/api/mcp-clients/import', document));
    expect((await send(adminKey, 'GET', '/api/mcp-clients/tools-copy')).status).toBe(404);
    expect((await send(adminKey, 'POST', '/api/mcp-clients/import', document)).status).toBe(201);
  });

  it('lets an editor key import an export with HTTP servers only', async () => {
    const exported = await send(adminKey, 'GET', '/api/mcp-clients/docs/export');
    const document = { ...exported.body, client: { ...exported.body.client, id: 'docs-copy' } };
    expect((await send(editorKey, 'POST', '/api/mcp-clients/import', document)).status).toBe(201);
  });

  it('leaves approving an imported stdio client to an admin key, audited as that key', async () => {
    expect((await send(adminKey, 'GET', '/api/mcp-clients/tools-copy')).body.client.approval).toBe('needs_approval');
    const refused = await send(editorKey, 'POST', '/api/mcp-clients/tools-copy/approve');
    expect(refused.status).toBe(403);
    expect(refused.body.error.details).toEqual({ requiredScope: 'admin' });
    const approved = await send(adminKey, 'POST', '/api/mcp-clients/tools-copy/approve');
    expect(approved.body.client.approval).toBe('approved');
    const audit = await send(adminKey, 'GET', '/api/audit?action=mcp_client.approve');
    expect(audit.body.items[0]).toMatchObject({ actor: 'key:admin', entityId: 'tools-copy' });
  });

  it('refuses an editor key the connection test of unsaved stdio servers; an admin key tests a loopback one', async () => {
    expectAdminRequired(await send(editorKey, 'POST', '/api/mcp-clients/test', { servers: stdioServers }));
    // A server on this machine needs admin too (internal-mcp-admin.test.ts has the editor's side).
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const tested = await send(adminKey, 'POST', '/api/mcp-clients/test', {
      servers: { docs: { type: 'http', url, timeout: 5_000 } },
    });
    expect(tested.status).toBe(200);
    expect(tested.body.servers.docs).toMatchObject({ ok: false, reason: 'unreachable' });
  });
});
