/**
 * With sign-in required, an HTTP MCP server whose URL leads to this machine or a private network
 * (by its literal address in any spelling, a name like `localhost`, or what its name resolves to)
 * needs `admin` to be saved, restored, imported or tested; an editor key gets a 403 naming the
 * address class, and nothing is written or connected. What an admin saved still runs for everyone;
 * what an editor saved stays off such addresses when it connects, even once its name resolves there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeaderRecordingServer, type HeaderRecordingServer } from '../../support/mcp';
import { createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

/** `vm` stands for a name whose DNS answer is this machine; nothing else resolves. */
const hosts: Record<string, string> = {
  vm: '127.0.0.1',
  'office.test': '10.0.0.5',
  'docs.test': '93.184.215.14',
  // Public when saved; the test points it at this machine afterwards (DNS rebinding).
  'rebind.test': '93.184.215.14',
};
const lookup = async (hostname: string) => {
  const address = hosts[hostname];
  if (address === undefined) throw Object.assign(new Error(`no ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 as const }];
};

describe('MCP servers at loopback or private addresses with sign-in required', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let mcp: HeaderRecordingServer;
  let port: string;
  let editorKey: string;
  let adminKey: string;
  let runtimeKey: string;

  beforeAll(async () => {
    mcp = await startHeaderRecordingServer();
    port = new URL(mcp.url).port;
    context = await createTestStudio({ settings: { auth: 'required', outbound: { lookup } } });
    const { apiKeys } = context.studio.access;
    editorKey = (await apiKeys.create({ name: 'editor', scope: 'editor', createdBy: 'test' })).key;
    adminKey = (await apiKeys.create({ name: 'admin', scope: 'admin', createdBy: 'test' })).key;
    runtimeKey = (await apiKeys.create({ name: 'runtime', scope: 'runtime', createdBy: 'test' })).key;
  }, 30_000);
  afterAll(async () => {
    await context?.cleanup();
    await mcp?.stop();
  });

  async function send(key: string, method: string, path: string, body?: unknown) {
    const response = await context.studio.api.request(
      path,
      jsonRequest(method, body, { authorization: `Bearer ${key}` }),
    );
    return { status: response.status, body: (await response.json()) as ResponseBody };
  }

  function expectAdminRequired(response: { status: number; body: ResponseBody }, addressClass: string) {
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'forbidden',
      details: { requiredScope: 'admin', server: 'internal', addressClass },
    });
    expect(response.body.error.message).toContain('key:editor');
    expect(response.body.error.message).toContain(`a ${addressClass} address`);
    expect(response.body.error.message).toContain('only admins');
  }

  const internalServers = (url: string) => ({ internal: { type: 'http', url, timeout: 5_000 } });
  const publicServers = { docs: { type: 'http', url: 'https://docs.test/mcp' } };

  it.each([
    ['the loopback address', () => `http://127.0.0.1:${port}/mcp`, 'loopback'],
    ['a private address', () => 'http://10.0.0.5/mcp', 'private'],
    ['loopback written as a decimal number', () => `http://2130706433:${port}/mcp`, 'loopback'],
    [
      'an IPv4-mapped IPv6 loopback',
      () => `http://[::ffff:127.0.0.1]:${port}/mcp`,
      'IPv4-mapped (embedding 127.0.0.1, loopback)',
    ],
    ['localhost', () => `http://localhost:${port}/mcp`, 'loopback'],
    ['a name that resolves to loopback', () => `http://vm:${port}/mcp`, 'loopback'],
    ['a name that resolves to a private address', () => 'http://office.test/mcp', 'private'],
  ])('refuses an editor key a client at %s, and stores nothing', async (_, url, addressClass) => {
    const refused = await send(editorKey, 'POST', '/api/mcp-clients', {
      id: 'internal',
      name: 'Internal',
      servers: internalServers(url()),
    });
    expectAdminRequired(refused, addressClass);
    expect((await send(adminKey, 'GET', '/api/mcp-clients/internal')).status).toBe(404);
  });

  it('refuses an editor key the test of unsaved servers at such an address, connecting nothing', async () => {
    const before = mcp.requests.length;
    for (const url of [mcp.url, `http://vm:${port}/mcp`, `http://2130706433:${port}/mcp`])
      expectAdminRequired(
        await send(editorKey, 'POST', '/api/mcp-clients/test', { servers: internalServers(url) }),
        'loopback',
      );
    expect(mcp.requests.length).toBe(before);
  });

  it('lets an editor key save and test a client at a public address', async () => {
    const created = await send(editorKey, 'POST', '/api/mcp-clients', {
      id: 'docs',
      name: 'Docs',
      servers: publicServers,
    });
    expect(created.status).toBe(201);
    // A name that resolves to nothing reaches nothing: tested (and failing), with no traffic.
    const tested = await send(editorKey, 'POST', '/api/mcp-clients/test', {
      servers: { docs: { type: 'http', url: 'http://nowhere.test/mcp', timeout: 5_000 } },
    });
    expect(tested.status).toBe(200);
    expect(tested.body.servers.docs).toMatchObject({ ok: false });
  });

  it('refuses an editor key an update, restore or import that points a server at loopback', async () => {
    expectAdminRequired(
      await send(editorKey, 'PATCH', '/api/mcp-clients/docs', { servers: internalServers(`http://vm:${port}/mcp`) }),
      'loopback',
    );
    const saved = await send(adminKey, 'PATCH', '/api/mcp-clients/docs', { servers: internalServers(mcp.url) });
    expect(saved.status).toBe(200);
    expect(saved.body.version.versionNumber).toBe(2);
    const back = await send(editorKey, 'POST', '/api/mcp-clients/docs/versions/1/restore');
    expect(back.status).toBe(201);
    expectAdminRequired(await send(editorKey, 'POST', '/api/mcp-clients/docs/versions/2/restore'), 'loopback');

    const exported = await send(adminKey, 'GET', '/api/mcp-clients/docs/export');
    const document = { ...exported.body, client: { ...exported.body.client, id: 'docs-copy' } };
    expectAdminRequired(await send(editorKey, 'POST', '/api/mcp-clients/import', document), 'loopback');
    expect((await send(adminKey, 'GET', '/api/mcp-clients/docs-copy')).status).toBe(404);
    expect((await send(adminKey, 'POST', '/api/mcp-clients/import', document)).status).toBe(201);
  });

  it("lets an editor key test an admin's client at loopback, which it may not change", async () => {
    const created = await send(adminKey, 'POST', '/api/mcp-clients', {
      id: 'internal',
      name: 'Internal',
      servers: internalServers(`http://vm:${port}/mcp`),
    });
    expect(created.status).toBe(201);
    for (const key of [editorKey, adminKey]) {
      const tested = await send(key, 'POST', '/api/mcp-clients/internal/test', {});
      expect(tested.status).toBe(200);
      expect(tested.body.servers.internal).toMatchObject({ ok: true, tools: [{ name: 'whoami' }] });
    }
    expectAdminRequired(
      await send(editorKey, 'PATCH', '/api/mcp-clients/internal', {
        servers: internalServers(`http://vm:${port}/other`),
      }),
      'loopback',
    );
  });

  it("resolves an agent using an admin's client at loopback for a runtime key", async () => {
    const agent = {
      id: 'internal-agent',
      name: 'Internal agent',
      model: 'openai/gpt-4o',
      instructions: 'Use the tools.',
      mcpClients: { internal: { tools: {} } },
    };
    expect((await send(editorKey, 'POST', '/api/agents', agent)).status).toBe(201);
    expect((await send(editorKey, 'POST', '/api/agents/internal-agent/versions/1/publish', {})).status).toBe(200);
    const resolved = await send(runtimeKey, 'POST', '/api/agents/internal-agent/resolve', { requestContext: {} });
    expect(resolved.status).toBe(200);
    expect(resolved.body.warnings).toEqual([]);
    expect(resolved.body.tools.map((tool: { name: string }) => tool.name)).toContain('internal_whoami');
  });

  it('keeps the servers an editor key saved off loopback once their name resolves there, until an admin saves them', async () => {
    const created = await send(editorKey, 'POST', '/api/mcp-clients', {
      id: 'rebinding',
      name: 'Rebinding',
      servers: { rebound: { type: 'http', url: `http://rebind.test:${port}/mcp`, timeout: 5_000 } },
    });
    expect(created.status).toBe(201);
    const agent = {
      id: 'rebinding-agent',
      name: 'Rebinding agent',
      model: 'openai/gpt-4o',
      instructions: 'Use the tools.',
      mcpClients: { rebinding: { tools: {} } },
    };
    expect((await send(editorKey, 'POST', '/api/agents', agent)).status).toBe(201);
    expect((await send(editorKey, 'POST', '/api/agents/rebinding-agent/versions/1/publish', {})).status).toBe(200);

    hosts['rebind.test'] = '127.0.0.1';
    const before = mcp.requests.length;
    const tested = await send(editorKey, 'POST', '/api/mcp-clients/rebinding/test', {});
    expect(tested.status).toBe(200);
    expect(tested.body.servers.rebound).toMatchObject({ ok: false, tools: [] });
    expect(tested.body.servers.rebound.error).toContain('loopback addresses may not be reached');
    const resolved = await send(runtimeKey, 'POST', '/api/agents/rebinding-agent/resolve', { requestContext: {} });
    expect(resolved.status).toBe(200);
    expect(resolved.body.tools).toEqual([]);
    expect(JSON.stringify(resolved.body.warnings)).toContain('loopback addresses may not be reached');
    expect(mcp.requests.length).toBe(before);

    // An admin's save is a new version the admin answers for: its servers reach this machine.
    const saved = await send(adminKey, 'PATCH', '/api/mcp-clients/rebinding', { description: 'Checked by an admin' });
    expect(saved.status).toBe(200);
    expect(saved.body.version.versionNumber).toBe(2);
    const again = await send(editorKey, 'POST', '/api/mcp-clients/rebinding/test', {});
    expect(again.body.servers.rebound).toMatchObject({ ok: true, tools: [{ name: 'whoami' }] });
    const reached = await send(runtimeKey, 'POST', '/api/agents/rebinding-agent/resolve', { requestContext: {} });
    expect(reached.body.warnings).toEqual([]);
    expect(reached.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['rebound_whoami']);
  });
});
