/**
 * Secrets stored with another SECRETS_KEY (a database copied to a studio started with a new key):
 * the clients holding them are still listed and shown, masked and marked; a backup without secrets
 * still works; what needs the secrets themselves is refused in words that name the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudio } from '@/lib';
import { silentLogger, type Logger } from '@/lib/logger';
import { call as callApi, createTestStudio } from '../../support/studio';

type Studio = Awaited<ReturnType<typeof createStudio>>;

let context: Awaited<ReturnType<typeof createTestStudio>>;
let reopened: Studio;
const warnings: Array<{ message: string; data?: Record<string, unknown> }> = [];
const watchingLogger: Logger = {
  ...silentLogger,
  warn: (message, data) => warnings.push({ message, ...(data ? { data } : {}) }),
};
const call = (method: string, path: string, body?: unknown) => callApi(reopened, method, path, body);

const stdioClient = {
  id: 'local-tools',
  name: 'Local tools',
  servers: {
    files: { type: 'stdio', command: 'node', args: ['server.js'], env: { API_TOKEN: 'sk-live-1234567890abcd' } },
  },
};
const httpClient = {
  id: 'remote-docs',
  name: 'Remote docs',
  servers: { docs: { type: 'http', url: 'https://user:pa55word-long@docs.example.com/mcp' } },
};
const plainClient = {
  id: 'plain',
  name: 'Plain',
  servers: { docs: { type: 'http', url: 'https://docs.example.com/mcp' } },
};
const integration = {
  type: 'openapi',
  document: {
    openapi: '3.0.3',
    info: { title: 'Echo', version: '1' },
    servers: [{ url: 'https://echo.example.com' }],
    paths: { '/whoami': { get: { operationId: 'whoami', responses: { '200': { description: 'ok' } } } } },
  },
  credentials: { type: 'bearer', token: 'bearer-secret-42' },
};

beforeAll(async () => {
  context = await createTestStudio({
    settings: { secretsKey: 'the-first-secrets-key-0001', stdioAllowedCommands: ['node server.js'] },
  });
  for (const client of [stdioClient, httpClient, plainClient]) {
    const created = await callApi(context.studio, 'POST', '/api/mcp-clients', client);
    expect(created.status).toBe(201);
  }
  expect((await callApi(context.studio, 'PUT', '/api/integrations/echo', integration)).status).toBe(201);
  // Without credentials: nothing to read, so nothing to warn of.
  const { credentials: _none, ...withoutCredentials } = integration;
  expect((await callApi(context.studio, 'PUT', '/api/integrations/open-echo', withoutCredentials)).status).toBe(201);
  await context.studio.close();
  reopened = await createStudio({
    logger: watchingLogger,
    database: context.reopen.database,
    settings: { mode: 'test', secretsKey: 'another-secrets-key-0002', stdioAllowedCommands: ['node server.js'] },
  });
});
afterAll(async () => {
  await reopened.close();
  // The first studio is closed already; cleanup closes it again harmlessly and removes the files.
  await context.cleanup().catch(() => undefined);
});

describe('clients whose secrets were stored with another SECRETS_KEY', () => {
  it('are named at start, before anything tries to use them, and so are integrations', () => {
    expect(warnings.filter(({ message }) => message.startsWith('SECRETS_KEY cannot read'))).toEqual([
      {
        message: expect.stringMatching(/the secrets of 2 saved MCP clients: they were saved with another key/),
        data: { clientIds: ['local-tools', 'remote-docs'] },
      },
      {
        message: expect.stringMatching(/the credentials of 1 stored integration: they were saved with another key/),
        data: { integrationIds: ['echo'] },
      },
    ]);
  });

  it('are listed, each marked as holding secrets this key cannot read', async () => {
    const { status, body } = await call('GET', '/api/mcp-clients');
    expect(status).toBe(200);
    const byId = Object.fromEntries(body.items.map((item: { id: string }) => [item.id, item]));
    expect(Object.keys(byId).sort()).toEqual(['local-tools', 'plain', 'remote-docs']);
    expect(byId['local-tools'].unreadableSecrets).toEqual({
      message: expect.stringMatching(/MCP client "local-tools".*cannot be read with this SECRETS_KEY/),
      paths: ['servers.files.env.API_TOKEN'],
    });
    expect(byId['remote-docs'].unreadableSecrets.paths).toEqual(['servers.docs.url']);
    expect(byId.plain.unreadableSecrets).toBeUndefined();
  });

  it('are shown with every unreadable secret as the bare mask', async () => {
    const stdio = await call('GET', '/api/mcp-clients/local-tools');
    expect(stdio.status).toBe(200);
    expect(stdio.body.version.servers.files.env).toEqual({ API_TOKEN: '••••' });
    expect(stdio.body.version.unreadableSecrets.paths).toEqual(['servers.files.env.API_TOKEN']);
    const http = await call('GET', '/api/mcp-clients/remote-docs');
    expect(http.body.version.servers.docs.url).toBe('••••');
    const versions = await call('GET', '/api/mcp-clients/local-tools/versions');
    expect(versions.body.items[0].unreadableSecrets.paths).toEqual(['servers.files.env.API_TOKEN']);
  });

  it('refuse a connection test naming the client and the key', async () => {
    const tested = await call('POST', '/api/mcp-clients/local-tools/test', {});
    expect(tested.status).toBe(503);
    expect(tested.body.error.message).toMatch(/MCP client "local-tools".*stored with another one/);
  });

  it('refuse a backup with secrets, naming what cannot be read, instead of a 500', async () => {
    const sealed = await call('POST', '/api/deployment/export', { passphrase: 'correct horse battery staple' });
    expect(sealed.status).toBe(503);
    expect(sealed.body.error.message).toMatch(/"local-tools".*cannot be read with this SECRETS_KEY/);
  });
});

describe('a backup without secrets', () => {
  it('is refused while a URL with credentials, stored encrypted whole, cannot be read: no URL to write', async () => {
    const { status, body } = await call('POST', '/api/deployment/export', { withoutSecrets: true });
    expect(status).toBe(503);
    expect(body.error.message).toMatch(/MCP client "remote-docs" \(servers\.docs\.url\) cannot be read/);
  });

  it('leaves out env values and integration credentials this key cannot read', async () => {
    expect((await call('DELETE', '/api/mcp-clients/remote-docs')).status).toBe(200);
    const { status, body } = await call('POST', '/api/deployment/export', { withoutSecrets: true });
    expect(status).toBe(200);
    const stdio = body.mcpClients.find((client: { id: string }) => client.id === 'local-tools');
    expect(stdio.versions[0].omittedSecrets).toEqual(['servers.files.env.API_TOKEN']);
    expect(stdio.versions[0].snapshot.servers.files.env).toBeUndefined();
    expect(body.integrations[0].config.credentials).toBeUndefined();
    expect(body.integrations[0].omittedSecrets).toEqual(['credentials.token']);
    const single = await call('GET', '/api/mcp-clients/local-tools/export');
    expect(single.status).toBe(200);
    expect(single.body.versions[0].snapshot.servers.files.env).toEqual({ API_TOKEN: '' });
  });
});
