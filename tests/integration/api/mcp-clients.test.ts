/** Saved MCP clients over HTTP and in process: versions, shapes, allow-list, secrets at rest and masked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpClientChange } from '@/lib/editor';
import { keyedHash } from '@/lib/secrets';
import { canonicalJson, configHash } from '@/lib/versions';
import { call as callApi, createTestStudio, sqliteHandle } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;

const call = (method: string, path: string, body?: unknown) => callApi(context.studio, method, path, body);

const secret = 'sk-live-1234567890abcd';
const stdioClient = {
  id: 'local-tools',
  name: 'Local tools',
  servers: {
    files: {
      type: 'stdio',
      command: 'node',
      args: ['server.js'],
      env: { API_TOKEN: secret, SHORT: 'abc' },
      timeout: 3000,
    },
    docs: { type: 'http', url: 'https://docs.example.com/mcp', tools: { search: { description: 'Search docs' } } },
  },
};

beforeAll(async () => {
  context = await createTestStudio({
    settings: { stdioAllowedCommands: ['node server.js'], stdioAllowedEnv: ['SHORT'] },
  });
});
afterAll(() => context.cleanup());

describe('creating saved clients', () => {
  it('answers 201 with env masked, and stores env encrypted', async () => {
    const { status, body } = await call('POST', '/api/mcp-clients', stdioClient);
    expect(status).toBe(201);
    expect(body.client).toMatchObject({ id: 'local-tools', latestVersionNumber: 1, authorId: 'local' });
    expect(body.version).toMatchObject({ versionNumber: 1, name: 'Local tools', changeMessage: 'Initial version' });
    expect(body.version.servers.files.env).toEqual({ API_TOKEN: '••••abcd', SHORT: '••••' });
    expect(body.version.servers.docs).toEqual(stdioClient.servers.docs);
    const row = sqliteHandle(context.studio)
      .sqlite.prepare("SELECT snapshot, config_hash AS hash FROM mcp_client_versions WHERE client_id = 'local-tools'")
      .get() as { snapshot: string; hash: string };
    expect(row.snapshot).not.toContain(secret);
    expect(row.snapshot).not.toContain('"abc"');
    expect(JSON.parse(row.snapshot).servers.files.env.API_TOKEN).toMatch(/^enc:v2:/);
    const { id: _id, ...snapshot } = stdioClient;
    // Keyed: the plain hash of the snapshot (which a guessed secret would reproduce) is not stored.
    expect(row.hash).toBe(keyedHash({ key: context.studio.secretsKey, text: canonicalJson(snapshot) }));
    expect(row.hash).not.toContain(configHash(snapshot));
    expect(JSON.stringify(await call('GET', '/api/mcp-clients/local-tools'))).not.toContain(secret);
  });

  it('refuses a stdio command that is not on the allow-list with 403 naming the setting', async () => {
    const response = await call('POST', '/api/mcp-clients', {
      id: 'shell',
      name: 'Shell',
      servers: { sh: { type: 'stdio', command: 'bash' } },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('forbidden');
    expect(response.body.error.message).toMatch(/STUDIO_STDIO_ALLOWED_COMMANDS/);
    expect(response.body.error.message).toMatch(/settings\.stdioAllowedCommands/);
    expect(response.body.error.details).toMatchObject({ command: 'bash', server: 'sh' });
  });

  it.each<[string, unknown, string[]]>([
    [
      'a server name with "_"',
      { id: 'c1', name: 'C', servers: { bad_name: { type: 'http', url: 'https://x.example' } } },
      ['servers.bad_name'],
    ],
    [
      'an unknown server type',
      { id: 'c2', name: 'C', servers: { a: { type: 'sse', url: 'https://x.example' } } },
      ['servers.a.type'],
    ],
    [
      'a non-http URL',
      { id: 'c3', name: 'C', servers: { a: { type: 'http', url: 'ftp://x.example' } } },
      ['servers.a.url'],
    ],
    [
      'headers (not storable)',
      { id: 'c4', name: 'C', servers: { a: { type: 'http', url: 'https://x.example', headers: { a: 'b' } } } },
      ['servers.a.headers'],
    ],
    ['an unknown field and a missing name', { id: 'c5', servers: {}, extra: 1 }, ['name', 'extra']],
    [
      'a URL at a cloud metadata address, which nothing may reach',
      { id: 'c7', name: 'C', servers: { a: { type: 'http', url: 'http://169.254.169.254/mcp' } } },
      ['servers.a.url'],
    ],
    [
      'a URL at the unspecified address',
      { id: 'c8', name: 'C', servers: { a: { type: 'http', url: 'http://0.0.0.0:8080/mcp' } } },
      ['servers.a.url'],
    ],
  ])('answers 400 for %s', async (_name, body, paths) => {
    const response = await call('POST', '/api/mcp-clients', body);
    expect(response.status).toBe(400);
    expect(response.body.error.details.issues.map((issue: { path: string }) => issue.path)).toEqual(paths);
  });

  it.each([-5, '-5', 'soon', 1.5, 600_001])('says what a timeout is when given %j', async (timeout) => {
    const servers = { a: { type: 'http', url: 'https://x.example', timeout } };
    const response = await call('POST', '/api/mcp-clients', { id: 'c6', name: 'C', servers });
    expect(response.status).toBe(400);
    expect(response.body.error.details.issues).toEqual([
      { path: 'servers.a.timeout', message: 'A whole number of milliseconds, from 1 to 600000 (10 minutes)' },
    ]);
  });

  it('answers 409 for an existing id', async () => {
    expect((await call('POST', '/api/mcp-clients', stdioClient)).status).toBe(409);
  });

  it('names an MCP client, not an agent, when the id is malformed', async () => {
    const response = await call('POST', '/api/mcp-clients', { ...stdioClient, id: 'Bad Id' });
    expect(response.status).toBe(400);
    const { error } = response.body as { error: { details: { issues: Array<{ message: string }> } } };
    expect(error.details.issues.map((issue) => issue.message)).toEqual([
      expect.stringMatching(/^MCP client ids are 1-64 characters/),
    ]);
  });
});

describe('saving with masked secrets', () => {
  it('keeps a secret when PATCH sends its mask, replaces it otherwise, and reports unchanged saves', async () => {
    const current = (await call('GET', '/api/mcp-clients/local-tools')).body.version;
    const same = await call('PATCH', '/api/mcp-clients/local-tools', {
      baseVersionNumber: 1,
      servers: current.servers,
    });
    expect(same.body).toMatchObject({ created: false, version: { versionNumber: 1 } });

    const renamed = await call('PATCH', '/api/mcp-clients/local-tools', {
      baseVersionNumber: 1,
      name: 'Renamed',
      servers: current.servers,
    });
    expect(renamed.body).toMatchObject({ created: true, version: { versionNumber: 2, changedFields: ['name'] } });
    const kept = await context.studio.editor.mcpClients.getLatestWithSecrets('local-tools');
    expect(kept?.snapshot.servers.files).toMatchObject({ env: { API_TOKEN: secret, SHORT: 'abc' } });

    const servers = structuredClone(current.servers);
    servers.files.env.API_TOKEN = 'sk-new-secret-value-9999';
    const replaced = await call('PATCH', '/api/mcp-clients/local-tools', { baseVersionNumber: 2, servers });
    expect(replaced.body.version).toMatchObject({ versionNumber: 3, changedFields: ['servers'] });
    expect(replaced.body.version.servers.files.env.API_TOKEN).toBe('••••9999');
    expect(
      (await context.studio.editor.mcpClients.getLatestWithSecrets('local-tools'))?.snapshot.servers.files,
    ).toMatchObject({ env: { API_TOKEN: 'sk-new-secret-value-9999' } });
  });

  it.each([
    ['a variable is added (one that sends the token elsewhere)', { API_URL: 'https://collector.example' }, ['SHORT']],
    ['a variable is removed', {}, []],
  ])('refuses a kept secret when %s, naming the secret to enter again', async (_case, added, kept) => {
    const current = (await call('GET', '/api/mcp-clients/local-tools')).body.version;
    const servers = structuredClone(current.servers);
    const env: Record<string, string> = { API_TOKEN: current.servers.files.env.API_TOKEN, ...added };
    for (const name of kept) env[name] = current.servers.files.env[name];
    servers.files.env = env;
    const response = await call('PATCH', '/api/mcp-clients/local-tools', { servers });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_input');
    expect(response.body.error.details.issues).toContainEqual({
      path: 'servers.files.env.API_TOKEN',
      message: expect.stringMatching(/env names changed.*enter this secret again/),
    });
    expect(JSON.stringify(response.body)).not.toContain('sk-new-secret-value-9999');
    expect((await call('GET', '/api/mcp-clients/local-tools')).body.client.latestVersionNumber).toBe(3);
  });

  it('refuses a masked value that matches no stored secret', async () => {
    const response = await call('PATCH', '/api/mcp-clients/local-tools', {
      servers: { files: { type: 'stdio', command: 'node', env: { NEW_VARIABLE: '••••1234' } } },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details.issues).toEqual([
      expect.objectContaining({ path: 'servers.files.env.NEW_VARIABLE' }),
    ]);
  });

  it('answers 409 version_conflict for a stale base and 403 for a disallowed command in a save', async () => {
    const stale = await call('PATCH', '/api/mcp-clients/local-tools', { baseVersionNumber: 1, description: 'x' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({
      code: 'version_conflict',
      details: { baseVersionNumber: 1, latestVersionNumber: 3, changedFields: ['name', 'servers'] },
    });
    const forbidden = await call('PATCH', '/api/mcp-clients/local-tools', {
      servers: { sh: { type: 'stdio', command: 'sh' } },
    });
    expect(forbidden.status).toBe(403);
  });
});

describe('reading, versions, restore and delete', () => {
  it('lists clients and versions, reads old versions, restores and deletes', async () => {
    const list = await call('GET', '/api/mcp-clients');
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: 'local-tools', name: 'Renamed', servers: ['docs', 'files'] }),
    ]);
    const versions = await call('GET', '/api/mcp-clients/local-tools/versions?limit=2');
    expect(versions.body.items.map((version: { versionNumber: number }) => version.versionNumber)).toEqual([3, 2]);
    expect(versions.body.nextCursor).toEqual(expect.any(String));
    expect((await call('GET', '/api/mcp-clients/local-tools?versionNumber=1')).body.version).toMatchObject({
      name: 'Local tools',
    });
    expect((await call('GET', '/api/mcp-clients/local-tools?versionNumber=9')).body.error.code).toBe(
      'version_not_found',
    );
    const restored = await call('POST', '/api/mcp-clients/local-tools/versions/1/restore');
    expect(restored.status).toBe(201);
    expect(restored.body.version).toMatchObject({
      versionNumber: 4,
      name: 'Local tools',
      changeMessage: 'Restored from version 1',
    });
    expect(
      (await context.studio.editor.mcpClients.getLatestWithSecrets('local-tools'))?.snapshot.servers.files,
    ).toMatchObject({ env: { API_TOKEN: secret } });
    expect(await call('DELETE', '/api/mcp-clients/local-tools')).toEqual({ status: 200, body: { deleted: true } });
    expect((await call('GET', '/api/mcp-clients/local-tools')).body.error.code).toBe('not_found');
    expect(await context.studio.editor.mcpClients.getLatestWithSecrets('local-tools')).toBeUndefined();
  });
});

describe('the client answers as the document declares them', () => {
  it('declares every field of a client answer, internalAddresses with what it means', async () => {
    const document = (await (await context.studio.api.request('/api/openapi.json')).json()) as {
      components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> };
    };
    const declared = document.components.schemas.McpClient!.properties;
    expect(declared.internalAddresses?.description).toMatch(/loopback and private addresses/);
    await call('POST', '/api/mcp-clients', { ...stdioClient, id: 'declared' });
    const answers = [
      (await call('GET', '/api/mcp-clients/declared')).body.client,
      ...(await call('GET', '/api/mcp-clients')).body.items,
    ];
    expect(answers[0].internalAddresses).toBe('allowed');
    const listOnly = ['name', 'description', 'servers'];
    for (const answer of answers)
      expect(Object.keys(answer).filter((key) => !listOnly.includes(key) && !(key in declared))).toEqual([]);
  });
});

describe('change listeners', () => {
  it('hear creates, saves, restores and deletes after they commit', async () => {
    const changes: McpClientChange[] = [];
    const stop = context.studio.editor.mcpClients.onChange((change) => changes.push(change));
    const clients = context.studio.editor.mcpClients;
    await clients.create({ id: 'watched', name: 'W', servers: { a: { type: 'http', url: 'https://a.example/mcp' } } });
    await clients.update({ id: 'watched', name: 'W' });
    await clients.update({ id: 'watched', name: 'W2' });
    await clients.restore({ id: 'watched', versionNumber: 1 });
    await clients.delete('watched');
    stop();
    await clients.create({ id: 'unwatched', name: 'U', servers: {} });
    expect(changes.map((change) => [change.kind, 'versionNumber' in change ? change.versionNumber : null])).toEqual([
      ['created', 1],
      ['updated', 2],
      ['updated', 3],
      ['deleted', null],
    ]);
  });
});
