/**
 * Whole-deployment backup through the API of two studios on their own SQLite files: export with
 * sealed secrets, import into a fresh studio (another secrets key), idempotency, dry runs,
 * conflicts, and backups refused with every problem and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTool } from '@/lib/tools';
import { call, createTestStudio, type ResponseBody, sqliteHandle } from '../../support/studio';
import { ordersApi } from '../../support/orders-api';
import { configHash } from '@/lib/versions';

const passphrase = 'correct horse battery staple';
const settings = { stdioAllowedCommands: ['node server.js'] };

/** The tool the versions name: a studio publishes only versions whose tools it has. */
const clock = createTool({
  id: 'clock',
  description: 'The time',
  inputSchema: { type: 'object' },
  execute: async () => 'noon',
});
let source: Awaited<ReturnType<typeof createTestStudio>>;
let target: Awaited<ReturnType<typeof createTestStudio>>;
let backup: ResponseBody;

const tableCounts = (context: Awaited<ReturnType<typeof createTestStudio>>) =>
  Object.fromEntries(
    ['agents', 'agent_versions', 'version_labels', 'mcp_clients', 'mcp_client_versions', 'integration_configs'].map(
      (table) => [
        table,
        (sqliteHandle(context.studio).sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
      ],
    ),
  );

const hashes = (context: Awaited<ReturnType<typeof createTestStudio>>) =>
  sqliteHandle(context.studio)
    .sqlite.prepare(
      'SELECT agent_id, version_number, config_hash FROM agent_versions ORDER BY agent_id, version_number',
    )
    .all();

async function importBackup(
  context: Awaited<ReturnType<typeof createTestStudio>>,
  body: Record<string, unknown>,
  { dryRun = false } = {},
) {
  return call(context.studio, 'POST', `/api/deployment/import${dryRun ? '?dryRun=true' : ''}`, body);
}

beforeAll(async () => {
  source = await createTestStudio({ settings, tools: { clock } });
  target = await createTestStudio({ settings, tools: { clock } });
  const agents = source.studio.editor.agents;
  await agents.create({ id: 'alpha', name: 'Alpha', model: 'openai/gpt-4o', instructions: 'One.', tools: ['clock'] });
  await agents.update({ id: 'alpha', baseVersionNumber: 1, instructions: 'Two.', changeMessage: 'Second' });
  await agents.publish({ id: 'alpha', versionNumber: 1 });
  await agents.labels.set({ id: 'alpha', label: 'staging', versionNumber: 2, expectedRevisionToken: null });
  await agents.create({ id: 'beta', name: 'Beta', model: 'openai/gpt-4o', instructions: 'B.' });
  await source.studio.editor.mcpClients.create({
    id: 'local-tools',
    name: 'Local tools',
    servers: {
      everything: { type: 'stdio', command: 'node', args: ['server.js'], env: { API_TOKEN: 'token-123456789' } },
    },
  });
  await source.studio.editor.mcpClients.update({ id: 'local-tools', baseVersionNumber: 1, description: 'Tools' });
  await source.studio.integrations.save({
    id: 'orders',
    input: {
      type: 'openapi',
      document: ordersApi,
      baseUrl: 'https://orders.test',
      credentials: { type: 'bearer', token: 'bearer-secret-42' },
    },
    actor: 'test',
  });
  const exported = await call(source.studio, 'POST', '/api/deployment/export', { passphrase });
  expect(exported.status).toBe(200);
  backup = exported.body;
});
afterAll(async () => {
  await source.cleanup();
  await target.cleanup();
});

describe('deployment export', () => {
  it('holds every agent, version, label, published pointer, saved client and integration, with counts', () => {
    expect(backup).toMatchObject({
      format: 'agent-studio.deployment',
      formatVersion: 2,
      secrets: { mode: 'sealed', cipher: 'aes-256-gcm', kdf: { name: 'scrypt' } },
      counts: { agents: 2, agentVersions: 3, agentLabels: 1, mcpClients: 1, mcpClientVersions: 2, integrations: 1 },
    });
    expect(backup.agents[0].agent).toMatchObject({
      id: 'alpha',
      activeVersionNumber: 1,
      labels: [{ name: 'staging', versionNumber: 2 }],
    });
  });

  it('never holds a secret in clear: each is sealed', () => {
    const text = JSON.stringify(backup);
    expect(text).not.toContain('token-123456789');
    expect(text).not.toContain('bearer-secret-42');
    expect(backup.mcpClients[0].versions[0].snapshot.servers.everything.env.API_TOKEN).toMatch(/^sealed:v1:/);
    expect(backup.integrations[0].config.credentials.token).toMatch(/^sealed:v1:/);
  });

  it('asks for a passphrase or withoutSecrets when the deployment holds secrets', async () => {
    const { status, body } = await call(source.studio, 'POST', '/api/deployment/export', {});
    expect(status).toBe(400);
    expect(body.error.details.issues).toEqual([
      { path: 'passphrase', message: expect.stringMatching(/holds 3 secret/) },
    ]);
    const short = await call(source.studio, 'POST', '/api/deployment/export', { passphrase: 'short' });
    expect(short.body.error.details.issues[0].path).toBe('passphrase');
  });

  it('leaves every secret out with withoutSecrets, saying where each one was', async () => {
    const { body } = await call(source.studio, 'POST', '/api/deployment/export', { withoutSecrets: true });
    expect(body.secrets).toEqual({ mode: 'omitted' });
    expect(body.mcpClients[0].versions[0].snapshot.servers.everything.env).toBeUndefined();
    expect(body.mcpClients[0].versions[0].omittedSecrets).toEqual(['servers.everything.env.API_TOKEN']);
    expect(body.integrations[0].config.credentials).toBeUndefined();
    expect(body.integrations[0].omittedSecrets).toEqual(['credentials.token']);
  });
});

describe('deployment import into a fresh studio', () => {
  it('lists in a dry run what it would create, and writes nothing', async () => {
    const before = tableCounts(target);
    const { status, body } = await importBackup(target, { backup, passphrase }, { dryRun: true });
    expect(status).toBe(200);
    expect(body).toMatchObject({ dryRun: true, changed: true, summary: { created: 4, updated: 0, unchanged: 0 } });
    expect(body.changes.map((change: ResponseBody) => `${change.entity} ${change.id} ${change.action}`)).toEqual([
      'agent alpha create',
      'agent beta create',
      'mcp_client local-tools create',
      'integration orders create',
    ]);
    expect(tableCounts(target)).toEqual(before);
  });

  it('refuses a wrong passphrase, and a sealed backup without one', async () => {
    const wrong = await importBackup(target, { backup, passphrase: 'not the passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.issues).toEqual([
      { path: 'passphrase', message: 'The passphrase does not open this backup' },
    ]);
    const missing = await importBackup(target, { backup });
    expect(missing.body.error.details.issues[0]).toMatchObject({ path: 'passphrase' });
    // No backup is sealed with a passphrase shorter than an export takes: that is what is wrong with it.
    const short = await importBackup(target, { backup, passphrase: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.details.issues).toEqual([
      { path: 'passphrase', message: 'A passphrase has at least 12 characters' },
    ]);
  });

  it('refuses key-derivation costs that would take gigabytes before trying the passphrase', async () => {
    const crafted = structuredClone(backup);
    crafted.secrets.kdf = { ...crafted.secrets.kdf, cost: 2 ** 20, blockSize: 16, parallelization: 4 };
    const started = Date.now();
    const { status, body } = await importBackup(target, { backup: crafted, passphrase });
    expect(status).toBe(400);
    expect(body.error.details.issues.map((issue: ResponseBody) => issue.path)).toEqual(['secrets.kdf', 'secrets.kdf']);
    expect(body.error.details.issues[0].message).toContain('at most 64 MiB');
    // Refused by the schema, before any derivation (which would take seconds and 2 GiB).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('imports everything with the same config hashes, secrets re-encrypted with the target key', async () => {
    const { status, body } = await importBackup(target, { backup, passphrase });
    expect(status).toBe(200);
    expect(body.verification).toEqual({
      agents: 2,
      agentVersions: 3,
      agentLabels: 1,
      mcpClients: 1,
      mcpClientVersions: 2,
      integrations: 1,
      configHashesChecked: 5,
      differencesKept: 0,
    });
    expect(hashes(target)).toEqual(hashes(source));
    const alpha = await target.studio.editor.agents.getById('alpha');
    expect(alpha.agent.activeVersionNumber).toBe(1);
    expect((await target.studio.editor.agents.labels.list('alpha')).items.map((label) => label.name)).toContain(
      'staging',
    );
    const client = await target.studio.editor.mcpClients.getLatestWithSecrets('local-tools');
    const server = client!.snapshot.servers.everything!;
    expect(server.type === 'stdio' ? server.env?.API_TOKEN : 'not stdio').toBe('token-123456789');
    const storedEnv = sqliteHandle(target.studio)
      .sqlite.prepare("SELECT snapshot FROM mcp_client_versions WHERE client_id = 'local-tools' AND version_number = 1")
      .get() as { snapshot: string };
    expect(storedEnv.snapshot).toMatch(/"API_TOKEN":"enc:v2:/);
    // Client hashes are keyed with each studio's own key; what must match is the clear snapshot.
    const sourceClient = await source.studio.editor.mcpClients.getLatestWithSecrets('local-tools');
    expect(client!.snapshot).toEqual(sourceClient!.snapshot);
    const sealedHash = backup.mcpClients[0].versions[0].configHash;
    expect(sealedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(backup)).not.toContain('token-123456789');
    const integration = await target.studio.integrations.describe('orders');
    expect('credentials' in integration && integration.credentials).toEqual({
      type: 'bearer',
      token: '••••t-42',
    });
  });

  it('changes nothing when the same backup is imported again', async () => {
    const before = { counts: tableCounts(target), hashes: hashes(target) };
    const audit = (await target.studio.editor.audit.list({ limit: 100 })).items.length;
    const { body } = await importBackup(target, { backup, passphrase });
    expect(body).toMatchObject({ changed: false, summary: { created: 0, updated: 0, unchanged: 4 } });
    expect({ counts: tableCounts(target), hashes: hashes(target) }).toEqual(before);
    // Only the restore's own row: a database that received one is never seeded with the demo agent.
    const rows = (await target.studio.editor.audit.list({ limit: 100 })).items;
    expect([rows.length, rows[0]?.action]).toEqual([audit + 1, 'deployment.import']);
  });

  it('refuses a target that publishes another version until told which side wins', async () => {
    await source.studio.editor.agents.update({ id: 'beta', baseVersionNumber: 1, instructions: 'B2.' });
    await target.studio.editor.agents.publish({ id: 'beta', versionNumber: 1 });
    const newer = (await call(source.studio, 'POST', '/api/deployment/export', { passphrase })).body;
    const before = tableCounts(target);
    const refused = await importBackup(target, { backup: newer, passphrase });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'conflict']);
    expect(refused.body.error.details.differences).toEqual([
      { path: 'agents.1', message: 'Agent "beta": the published version here is 1, the backup publishes none' },
    ]);
    expect(tableCounts(target)).toEqual(before);
    const dryRun = await importBackup(target, { backup: newer, passphrase }, { dryRun: true });
    expect([dryRun.status, dryRun.body.differences.length, dryRun.body.verification]).toEqual([200, 1, null]);
  });

  it('prefer target adds only the versions a target lacks, and keeps its own published version', async () => {
    const newer = (await call(source.studio, 'POST', '/api/deployment/export', { passphrase })).body;
    const { body } = await importBackup(target, { backup: newer, passphrase, prefer: 'target' });
    const beta = body.changes.find((change: ResponseBody) => change.id === 'beta');
    expect(beta).toMatchObject({ action: 'update', versionNumbers: [2], publishedVersionNumber: null });
    expect(beta.kept).toEqual(['the published version here is 1, the backup publishes none']);
    expect(body.verification.differencesKept).toBe(1);
    expect(hashes(target)).toEqual(hashes(source));
  });

  it('prefer backup unpublishes, and writes again a version deleted here below the latest', async () => {
    await target.studio.editor.agents.update({ id: 'alpha', baseVersionNumber: 2, instructions: 'Three.' });
    await target.studio.editor.agents.labels.delete({
      id: 'alpha',
      label: 'staging',
      expectedRevisionToken: (await target.studio.editor.agents.labels.list('alpha')).items.find(
        (item) => item.name === 'staging',
      )!.revisionToken!,
    });
    await target.studio.editor.agents.deleteVersion({ id: 'alpha', versionNumber: 2 });
    const newer = (await call(source.studio, 'POST', '/api/deployment/export', { passphrase })).body;
    const { status, body } = await importBackup(target, { backup: newer, passphrase, prefer: 'backup' });
    expect(status).toBe(200);
    const byId = (id: string) => body.changes.find((change: ResponseBody) => change.id === id);
    expect(byId('alpha')).toMatchObject({ versionNumbers: [2], labels: ['staging'] });
    expect(byId('beta')).toMatchObject({ unpublishes: true, replaced: [expect.stringContaining('publishes none')] });
    expect(body.verification.differencesKept).toBe(0);
    const alpha = await target.studio.editor.agents.getById('alpha');
    expect([alpha.agent.latestVersionNumber, alpha.version.versionNumber]).toEqual([3, 3]);
    expect((await target.studio.editor.agents.getById('beta')).agent.activeVersionNumber).toBeNull();
  });

  it('refuses a version both sides hold differently, as a conflict, writing nothing', async () => {
    await target.studio.editor.agents.update({ id: 'beta', baseVersionNumber: 2, instructions: 'Target only.' });
    await source.studio.editor.agents.update({ id: 'beta', baseVersionNumber: 2, instructions: 'Source only.' });
    const diverged = (await call(source.studio, 'POST', '/api/deployment/export', { passphrase })).body;
    const before = tableCounts(target);
    const dryRun = await importBackup(target, { backup: diverged, passphrase }, { dryRun: true });
    expect(dryRun.body.conflicts).toEqual([
      { path: 'agents.1', message: expect.stringContaining('"beta" version 3 differs here') },
    ]);
    const refused = await importBackup(target, { backup: diverged, passphrase });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'conflict']);
    expect(tableCounts(target)).toEqual(before);
  });
});

describe('a corrupt or wrong-version backup', () => {
  it('is refused with every problem and its path, and nothing is written', async () => {
    const fresh = await createTestStudio({ settings, tools: { clock } });
    try {
      const broken = structuredClone(backup);
      broken.formatVersion = 9;
      broken.agents[0].versions[1].snapshot.model = 'no slash';
      broken.agents[1].agent.id = 'Not An Id';
      broken.mcpClients[0].versions[0].snapshot.servers.everything.command = 'bash';
      broken.integrations[0].config.document.openapi = '9.9.9';
      broken.counts.agentVersions = 7;
      const { status, body } = await importBackup(fresh, { backup: broken, passphrase });
      expect(status).toBe(400);
      expect(body.error.details.issues.map((issue: ResponseBody) => issue.path)).toEqual(
        expect.arrayContaining(['formatVersion', 'agents.0.versions.1.snapshot.model', 'agents.1.agent.id']),
      );
      const right = structuredClone(backup);
      right.agents[0].versions[1].snapshot.instructions = 'Edited by hand.';
      right.mcpClients[0].versions[0].snapshot.servers.everything.command = 'bash';
      right.integrations[0].config.document.openapi = '9.9.9';
      right.counts.agentVersions = 7;
      const second = await importBackup(fresh, { backup: right, passphrase });
      expect(second.body.error.details.issues.map((issue: ResponseBody) => issue.path)).toEqual(
        expect.arrayContaining([
          'counts.agentVersions',
          'agents.0.versions.1.configHash',
          'mcpClients.0.versions.0.snapshot.servers.everything.command',
          'integrations.0.config.document.openapi',
        ]),
      );
      expect(Object.values(tableCounts(fresh))).toEqual([0, 0, 0, 0, 0, 0]);
    } finally {
      await fresh.cleanup();
    }
  });

  it('restores history as it was written: per-tool rules in an old version are kept, not refused', async () => {
    const fresh = await createTestStudio({ settings, tools: { clock } });
    try {
      const older = structuredClone(backup);
      const version = older.agents[0].versions[0];
      // A version saved before per-tool rules were refused (the hash made again, as its source had it).
      version.snapshot.tools = { 'tool-with-rules': { rules: { operator: 'AND', conditions: [] } } };
      version.configHash = configHash(version.snapshot);
      const restored = await importBackup(fresh, { backup: older, passphrase });
      expect(restored.status).toBe(200);
      const agentId = older.agents[0].agent.id as string;
      const read = await call(fresh.studio, 'GET', `/api/agents/${agentId}/versions/${version.versionNumber}`);
      expect(read.body.version.tools).toEqual(version.snapshot.tools);
      // An agent import is an authoring act: the same version is refused there, as a save would be.
      const exported = await call(fresh.studio, 'GET', `/api/agents/${agentId}/export`);
      const imported = await call(fresh.studio, 'POST', '/api/agents/import', {
        ...exported.body,
        agent: { ...exported.body.agent, id: 'imported-copy' },
      });
      expect(imported.status).toBe(400);
      expect(imported.body.error.details.issues[0].path).toMatch(
        /tools\["?tool-with-rules"?\]?\.?rules$|tools\.tool-with-rules\.rules$/,
      );
    } finally {
      await fresh.cleanup();
    }
  });

  it('takes a backup, or one exported agent or client, larger than other bodies, up to its own limit', async () => {
    const limited = await createTestStudio({ settings: { bodyLimitBytes: 4096, importBodyLimitBytes: 64 * 1024 } });
    try {
      const body = (size: number) => ({ backup: { format: 'agent-studio.deployment', padding: 'x'.repeat(size) } });
      const within = await importBackup(limited, body(8 * 1024));
      expect([within.status, within.body.error.code]).toEqual([400, 'invalid_input']);
      const beyond = await importBackup(limited, body(70 * 1024));
      expect([beyond.status, beyond.body.error.code]).toEqual([413, 'payload_too_large']);
      // An agent's or a client's export with all its versions comes back under the same limit.
      for (const path of ['/api/agents/import', '/api/mcp-clients/import']) {
        const one = await call(limited.studio, 'POST', path, {
          format: 'agent-studio.agent',
          padding: 'x'.repeat(8 * 1024),
        });
        expect([path, one.status]).toEqual([path, 400]);
        const tooLarge = await call(limited.studio, 'POST', path, { padding: 'x'.repeat(70 * 1024) });
        expect([path, tooLarge.status]).toEqual([path, 413]);
      }
      const elsewhere = await call(limited.studio, 'POST', '/api/deployment/export', { padding: 'x'.repeat(8 * 1024) });
      expect(elsewhere.status).toBe(413);
    } finally {
      await limited.cleanup();
    }
  });

  it('refuses a file that is not a backup at all', async () => {
    const { status, body } = await importBackup(target, { backup: { format: 'agent-studio.agent' } });
    expect(status).toBe(400);
    expect(body.error.details.issues.map((issue: ResponseBody) => issue.path)).toEqual(
      expect.arrayContaining(['format', 'formatVersion', 'agents', 'counts']),
    );
  });
});

describe('a saved client whose URL carries credentials', () => {
  const url = 'https://ada:pa55word-9876@mcp.example.test/mcp?api_key=key-abcdef-1234&region=eu';

  async function studiosWithClient() {
    const from = await createTestStudio();
    const to = await createTestStudio();
    await from.studio.editor.mcpClients.create({
      id: 'docs',
      name: 'Docs',
      servers: { docs: { type: 'http', url } },
    });
    return { from, to };
  }

  it('comes back whole from a sealed backup, the URL sealed in the file', async () => {
    const { from, to } = await studiosWithClient();
    try {
      const exported = await call(from.studio, 'POST', '/api/deployment/export', { passphrase });
      const sealedUrl = exported.body.mcpClients[0].versions[0].snapshot.servers.docs.url;
      expect(sealedUrl).toMatch(/^sealed:v1:/);
      const dryRun = await importBackup(to, { backup: exported.body, passphrase }, { dryRun: true });
      expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(200);
      const imported = await importBackup(to, { backup: exported.body, passphrase });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const client = await to.studio.editor.mcpClients.getLatestWithSecrets('docs');
      expect(client!.snapshot.servers.docs).toMatchObject({ type: 'http', url });

      const withoutPassphrase = await importBackup(to, { backup: exported.body, withoutSecrets: true });
      expect(withoutPassphrase.status).toBe(400);
      expect(withoutPassphrase.body.error.details.issues).toEqual([
        {
          path: 'mcpClients.0.versions.0.snapshot.servers.docs.url',
          message: expect.stringMatching(/import with the passphrase to keep it/),
        },
      ]);
      // A wrong or missing passphrase is one problem, not one more per URL it would have opened.
      for (const given of [{ passphrase: 'not the passphrase at all' }, {}]) {
        const refused = await importBackup(to, { backup: exported.body, ...given });
        expect(refused.status).toBe(400);
        expect(refused.body.error.details.issues).toEqual([{ path: 'passphrase', message: expect.any(String) }]);
      }
    } finally {
      await from.cleanup();
      await to.cleanup();
    }
  });

  it('comes back without its credentials from a backup that left secrets out, saying where they were', async () => {
    const { from, to } = await studiosWithClient();
    try {
      const exported = await call(from.studio, 'POST', '/api/deployment/export', { withoutSecrets: true });
      const version = exported.body.mcpClients[0].versions[0];
      expect(version.snapshot.servers.docs.url).toBe('https://mcp.example.test/mcp?api_key=&region=eu');
      expect(version.omittedSecrets).toEqual(['servers.docs.url']);
      const imported = await importBackup(to, { backup: exported.body });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const client = await to.studio.editor.mcpClients.getLatestWithSecrets('docs');
      expect(client!.snapshot.servers.docs).toMatchObject({ url: 'https://mcp.example.test/mcp?api_key=&region=eu' });
    } finally {
      await from.cleanup();
      await to.cleanup();
    }
  });
});

describe('a backup whose published agent calls a sub-agent', () => {
  it('restores when the backup brings the sub-agent, and refuses to publish the caller without it', async () => {
    const origin = await createTestStudio({ settings });
    const whole = await createTestStudio({ settings });
    const partial = await createTestStudio({ settings });
    try {
      const agents = origin.studio.editor.agents;
      await agents.create({ id: 'helper', name: 'Helper', model: 'openai/gpt-4o', instructions: 'Help.' });
      await agents.create({
        id: 'parent',
        name: 'Parent',
        model: 'openai/gpt-4o',
        instructions: 'Delegate.',
        agents: { help: { agentId: 'helper' } },
      });
      await agents.publish({ id: 'parent', versionNumber: 1 });
      const exported = (await call(origin.studio, 'POST', '/api/deployment/export', { withoutSecrets: true })).body;

      // What a published version names is checked once every agent of the backup is in.
      const restored = await importBackup(whole, { backup: exported });
      expect(restored.status).toBe(200);
      expect((await whole.studio.editor.agents.getById('parent')).agent.activeVersionNumber).toBe(1);

      const withoutHelper = structuredClone(exported);
      withoutHelper.agents = withoutHelper.agents.filter((agent: ResponseBody) => agent.agent.id !== 'helper');
      withoutHelper.counts.agents -= 1;
      withoutHelper.counts.agentVersions -= 1;
      for (const dryRun of [true, false]) {
        const refused = await importBackup(partial, { backup: withoutHelper }, { dryRun });
        expect([dryRun, refused.status, refused.body.error.code]).toEqual([dryRun, 409, 'publish_blocked']);
        expect(refused.body.error.details.problems).toEqual([
          expect.objectContaining({ code: 'missing_reference', path: 'agents.help.agentId' }),
        ]);
      }
      expect(tableCounts(partial).agents).toBe(0);
    } finally {
      await Promise.all([origin.cleanup(), whole.cleanup(), partial.cleanup()]);
    }
  });
});

describe('a saved client exported for another SECRETS_KEY', () => {
  it('is refused with one problem per secret that cannot be decrypted, nothing more', async () => {
    const { studio, cleanup } = await createTestStudio();
    try {
      await studio.editor.mcpClients.create({
        id: 'docs',
        name: 'Docs',
        servers: { docs: { type: 'http', url: 'https://ada:pa55word-9876@mcp.example.test/mcp' } },
      });
      const exported = await studio.api.request('/api/mcp-clients/docs/export', {
        headers: { 'x-secrets-key': 'the-key-of-another-deployment-01' },
      });
      expect(exported.status).toBe(200);
      const document = { ...((await exported.json()) as ResponseBody) };
      document.client = { ...document.client, id: 'docs-copy' };
      const refused = await call(studio, 'POST', '/api/mcp-clients/import', document);
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.issues).toEqual([
        {
          path: 'versions.0.snapshot.servers.docs.url',
          message: "Cannot be decrypted: the export was encrypted for another deployment's SECRETS_KEY",
        },
      ]);
    } finally {
      await cleanup();
    }
  });
});
