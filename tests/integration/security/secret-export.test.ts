/**
 * Taking secrets out of the deployment (a backup sealed with a passphrase, a saved MCP client
 * re-encrypted for another SECRETS_KEY) is an admin action written to the audit log. With sign-in
 * on, an editor key gets 403; with sign-in off it is allowed from this machine only: a request whose
 * client address is not loopback gets 403: a connection from 10.0.0.5 (in a private network
 * namespace), or an address a trusted proxy forwarded. Served over real HTTP.
 */
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsInput } from '@/lib/env';
import { networkNamespacesWork, runInNetworkNamespace } from '../../support/netns';
import { createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

const passphrase = 'correct horse battery staple';
const targetKey = 'another-deployment-key-0001';
const envSecret = 'exported-env-secret-9911';

/** A studio holding one saved client with a secret, served over HTTP on a loopback port. */
async function servedStudio(settings: SettingsInput) {
  const context = await createTestStudio({ settings: { stdioAllowedCommands: ['node server.js'], ...settings } });
  const created = await context.studio.editor.mcpClients.create({
    id: 'local',
    name: 'Local',
    servers: { files: { type: 'stdio', command: 'node', args: ['server.js'], env: { FILES_TOKEN: envSecret } } },
  });
  expect(created.version.versionNumber).toBe(1);
  const server: Server = createServer(getRequestListener(context.studio.api.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const send = async (
    method: string,
    path: string,
    { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${url}${path}`, jsonRequest(method, body, headers));
    return { status: response.status, body: (await response.json()) as ResponseBody };
  };
  return {
    context,
    send,
    exportBackup: (headers: Record<string, string> = {}) =>
      send('POST', '/api/deployment/export', { body: { passphrase }, headers }),
    exportClient: (headers: Record<string, string> = {}) =>
      send('GET', '/api/mcp-clients/local/export', { headers: { 'x-secrets-key': targetKey, ...headers } }),
    /** The audit rows of secret exports, read in process (no HTTP caller involved). */
    async secretExports() {
      const page = await context.studio.editor.audit.list({});
      return page.items.filter((entry) => entry.action.endsWith('.export_secrets'));
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await context.cleanup();
    },
  };
}

function expectForbidden(answer: { status: number; body: ResponseBody }, message: RegExp) {
  expect(answer.status).toBe(403);
  expect(answer.body.error).toMatchObject({ code: 'forbidden', details: { requiredScope: 'admin' } });
  expect(answer.body.error.message).toMatch(message);
  expect(JSON.stringify(answer.body)).not.toContain(envSecret);
}

describe('secret export with sign-in required', () => {
  let served: Awaited<ReturnType<typeof servedStudio>>;
  let editorKey: string;
  let adminKey: string;

  beforeAll(async () => {
    served = await servedStudio({ auth: 'required' });
    const { apiKeys } = served.context.studio.access;
    editorKey = (await apiKeys.create({ name: 'editor', scope: 'editor', createdBy: 'test' })).key;
    adminKey = (await apiKeys.create({ name: 'admin', scope: 'admin', createdBy: 'test' })).key;
  }, 30_000);
  afterAll(async () => {
    await served?.close();
  });

  it('refuses an editor key a saved client re-encrypted for another key, and audits nothing', async () => {
    expectForbidden(
      await served.exportClient({ authorization: `Bearer ${editorKey}` }),
      /key:editor may not export secrets/,
    );
    // Without the key the secrets are left out, which an editor may still ask for.
    const plain = await served.send('GET', '/api/mcp-clients/local/export', {
      headers: { authorization: `Bearer ${editorKey}` },
    });
    expect(plain.status).toBe(200);
    expect(plain.body.secrets).toBe('omitted');
    expect(await served.secretExports()).toEqual([]);
  });

  it('lets an admin export secrets, and writes one audit row per export', async () => {
    const backup = await served.exportBackup({ authorization: `Bearer ${adminKey}` });
    expect(backup.status).toBe(200);
    expect(backup.body.secrets.mode).toBe('sealed');
    const client = await served.exportClient({ authorization: `Bearer ${adminKey}` });
    expect(client.status).toBe(200);
    expect(client.body.secrets).toBe('encrypted');
    expect(await served.secretExports()).toEqual([
      expect.objectContaining({
        actor: 'key:admin',
        action: 'mcp_client.export_secrets',
        entity: 'mcp_client',
        entityId: 'local',
      }),
      expect.objectContaining({
        actor: 'key:admin',
        action: 'deployment.export_secrets',
        entity: 'deployment',
        entityId: 'deployment',
      }),
    ]);
    for (const entry of await served.secretExports())
      expect(JSON.stringify(entry)).not.toMatch(/exported-env|correct horse|another-deployment/);
  });
});

describe('secret export with sign-in off', () => {
  let served: Awaited<ReturnType<typeof servedStudio>>;

  beforeAll(async () => {
    // One reverse proxy in front: the client address is the last X-Forwarded-For entry.
    served = await servedStudio({ auth: 'off', trustedProxy: 1 });
  }, 30_000);
  afterAll(async () => {
    await served?.close();
  });

  it('refuses a caller whose address is not loopback, and audits nothing', async () => {
    const remote = { 'x-forwarded-for': '203.0.113.9' };
    expectForbidden(await served.exportBackup(remote), /allowed from this machine only/);
    expectForbidden(await served.exportClient(remote), /allowed from this machine only/);
    expect(await served.secretExports()).toEqual([]);
    // Leaving the secrets out is not a secret export.
    const withoutSecrets = await served.send('POST', '/api/deployment/export', {
      body: { withoutSecrets: true },
      headers: remote,
    });
    expect(withoutSecrets.status).toBe(200);
  });

  it('lets a caller on this machine export, audited as the local user', async () => {
    const local = { 'x-forwarded-for': '127.0.0.1' };
    expect((await served.exportBackup(local)).status).toBe(200);
    expect((await served.exportClient({ 'x-forwarded-for': '::1' })).status).toBe(200);
    expect((await served.secretExports()).map((entry) => [entry.actor, entry.action])).toEqual([
      ['local', 'mcp_client.export_secrets'],
      ['local', 'deployment.export_secrets'],
    ]);
  });
});

interface NamespaceResults {
  remote: { backup: number; client: number };
  auditedAfterRemote: number;
  local: { backup: number; client: number };
  audited: string[][];
}

// The addresses must live on a loopback nothing else shares: skipped only where none can be made.
describe.skipIf(!networkNamespacesWork)(
  'secret export with sign-in off, by connection address (needs unshare -n)',
  () => {
    it('refuses a connection from 10.0.0.5 and serves one from 127.0.0.1', async () => {
      const results = await runInNetworkNamespace<NamespaceResults>({
        entry: 'tests/integration/security/netns/secret-export-scenarios.ts',
      });
      expect(results).toEqual({
        remote: { backup: 403, client: 403 },
        auditedAfterRemote: 0,
        local: { backup: 200, client: 200 },
        audited: [
          ['local', 'mcp_client.export_secrets'],
          ['local', 'deployment.export_secrets'],
        ],
      });
    }, 90_000);
  },
);
