/**
 * The start-up upgrade of secrets written by earlier releases: unbound `enc:v1:` values become
 * bound `enc:v2:` ones and plain config hashes become keyed, with the content unchanged.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeClientSecrets } from '@/lib/editor';
import { upgradeIntegrationCredentials } from '@/lib/integrations';
import { decryptSecret, type SecretsKey } from '@/lib/secrets';
import { createTestStudio } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
const studio = () => context.studio;

/** What releases before row binding wrote: `enc:v1:` without associated data. */
function legacyCiphertext(key: SecretsKey, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `enc:v1:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${ciphertext.toString('base64url')}`;
}

const ordersApi = {
  openapi: '3.1.0',
  info: { title: 'Orders', version: '1.0.0' },
  paths: { '/orders': { get: { operationId: 'listOrders', responses: { 200: { description: 'Orders' } } } } },
};

beforeAll(async () => {
  context = await createTestStudio({ settings: { stdioAllowedCommands: ['node server.js'] } });
});
afterAll(() => context.cleanup());

describe('start-up secrets upgrade', () => {
  it('does nothing on a database written by this release', async () => {
    const parts = { storage: studio().storage, secretsKey: studio().secretsKey };
    expect(await upgradeClientSecrets(parts)).toEqual({ upgraded: 0 });
    expect(await upgradeIntegrationCredentials(parts)).toEqual({ upgraded: 0 });
  });

  it('binds an MCP client env secret to its row and keys its config hash again', async () => {
    const { storage, secretsKey } = studio();
    const queries = storage.queries.mcpClients;
    await studio().editor.mcpClients.create({
      id: 'legacy-tools',
      name: 'Legacy tools',
      servers: { local: { type: 'stdio', command: 'node', args: ['server.js'], env: { API_TOKEN: 'token-1234' } } },
    });
    const current = (await queries.latest('legacy-tools'))!;
    const legacySnapshot = JSON.stringify({
      ...(JSON.parse(current.snapshot) as object),
      servers: {
        local: {
          type: 'stdio',
          command: 'node',
          args: ['server.js'],
          env: { API_TOKEN: legacyCiphertext(secretsKey, 'token-1234') },
        },
      },
    });
    await queries.rewriteVersionSecrets({ id: current.id, snapshot: legacySnapshot, configHash: 'sha256:plain' });

    expect(await upgradeClientSecrets({ storage, secretsKey })).toEqual({ upgraded: 1 });

    const upgraded = (await queries.versionById(current.id))!;
    expect(upgraded.configHash).toBe(current.configHash);
    const token = (JSON.parse(upgraded.snapshot) as { servers: { local: { env: { API_TOKEN: string } } } }).servers
      .local.env.API_TOKEN;
    expect(token).toMatch(/^enc:v2:/);
    expect(
      decryptSecret({
        key: secretsKey,
        value: token,
        location: `mcp_client_version|legacy-tools|${current.id}|servers.local.env.API_TOKEN`,
      }),
    ).toBe('token-1234');
    expect(await upgradeClientSecrets({ storage, secretsKey })).toEqual({ upgraded: 0 });
  });

  it('binds an integration credential to its integration', async () => {
    const { storage, secretsKey } = studio();
    const queries = storage.queries.integrationConfigs;
    await studio().integrations.save({
      id: 'orders',
      input: {
        type: 'openapi',
        document: ordersApi,
        baseUrl: 'https://orders.test',
        credentials: { type: 'bearer', token: 'bearer-secret-42' },
      },
      actor: 'test',
    });
    const stored = JSON.parse((await queries.get('orders'))!.config) as { credentials: { token: string } };
    const legacy = {
      ...stored,
      credentials: { ...stored.credentials, token: legacyCiphertext(secretsKey, 'bearer-secret-42') },
    };
    await queries.rewriteConfigSecrets({ id: 'orders', config: JSON.stringify(legacy) });

    expect(await upgradeIntegrationCredentials({ storage, secretsKey })).toEqual({ upgraded: 1 });

    const upgraded = JSON.parse((await queries.get('orders'))!.config) as { credentials: { token: string } };
    expect(upgraded.credentials.token).toMatch(/^enc:v2:/);
    expect(
      decryptSecret({
        key: secretsKey,
        value: upgraded.credentials.token,
        location: 'integration_config|orders|credentials.token',
      }),
    ).toBe('bearer-secret-42');
    expect(await upgradeIntegrationCredentials({ storage, secretsKey })).toEqual({ upgraded: 0 });
  });
});
