/**
 * The compiled CLI (dist/cli.js) against two production servers (dist/server.js) on their own data
 * folders and secrets keys: a whole-deployment backup moved from one to the other resolves to the
 * same tools with the same config hashes for every agent and request context; migrations in dry
 * run and with --apply, with a concurrent edit reported as a conflict; bad backups refused.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudioClient, type StudioClient } from '@/lib/client';
import { formatLaunchSpec } from '@/lib/mcp';
import { everythingServerPath } from '../../support/mcp';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { ordersApi } from '../../support/orders-api';

const root = join(import.meta.dirname, '..', '..', '..');
const passphrase = 'moving day passphrase';

const proOnly = { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] };
const contexts = [{}, { tier: 'pro' }, { tier: 'free' }];

let folder: string;
let source: ServerProcess;
let target: ServerProcess;
let sourceClient: StudioClient;
let targetClient: StudioClient;

/** Runs `node dist/cli.js` as a user would, against `url`. */
function cli(args: string[], url: string) {
  const result = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', STUDIO_URL: url },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout.trimEnd(), stderr: result.stderr.trimEnd() };
}

async function versionCounts(client: StudioClient): Promise<Record<string, number>> {
  const { items } = await client.listAgents({ query: { limit: 100 } });
  return Object.fromEntries(items.map((item) => [item.id, item.latestVersionNumber]));
}

async function startServer(name: string, secretsKey: string) {
  const directory = join(folder, name);
  rmSync(directory, { recursive: true, force: true });
  spawnSync('mkdir', ['-p', directory]);
  return startServerProcess({
    root,
    directory,
    spawn,
    environment: {
      STUDIO_STDIO_ALLOWED_COMMANDS: formatLaunchSpec({ command: process.execPath, args: [everythingServerPath] }),
      SECRETS_KEY: secretsKey,
      STUDIO_MODE: 'production',
    },
  });
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'studio-compiled-cli-'));
  [source, target] = await Promise.all([
    startServer('source', 'the source deployment key'),
    startServer('target', 'a different target key'),
  ]);
  sourceClient = createStudioClient({ url: source.url });
  targetClient = createStudioClient({ url: target.url });

  await sourceClient.createMcpClient({
    body: {
      id: 'everything',
      name: 'Everything',
      servers: {
        ev: {
          type: 'stdio',
          command: process.execPath,
          args: [everythingServerPath, 'stdio'],
          env: { DEMO_TOKEN: 'demo-token-1234567890' },
          tools: { echo: {}, 'get-sum': { description: 'Add two numbers' } },
        },
      },
    },
  });
  await sourceClient.saveIntegration({
    params: { id: 'orders' },
    body: {
      type: 'openapi',
      document: ordersApi,
      baseUrl: 'http://127.0.0.1:9/api',
      credentials: { type: 'bearer', token: 'orders-token-42' },
    },
  });
  await sourceClient.createAgent({
    body: {
      id: 'plain',
      name: 'Plain',
      model: 'openai/gpt-4o-mini',
      instructions: 'Answer with the knowledge base.',
      tools: { 'search-knowledge-base': { description: 'Search our docs' }, 'convert-units': {} },
    },
  });
  await sourceClient.updateAgent({
    params: { id: 'plain' },
    body: { baseVersionNumber: 1, instructions: 'Answer briefly.' },
  });
  await sourceClient.publishAgentVersion({ params: { id: 'plain', n: 1 } });
  await sourceClient.setAgentLabel({
    params: { id: 'plain', label: 'staging' },
    body: { versionNumber: 2, expectedRevisionToken: null },
  });
  await sourceClient.createAgent({
    body: {
      id: 'conditional',
      name: 'Conditional',
      model: 'openai/gpt-4o',
      instructions: 'Help.',
      tools: [{ value: ['world-time'] }, { value: { 'search-knowledge-base': {} }, rules: proOnly }],
      mcpClients: [
        { value: { everything: { tools: { echo: {} } } } },
        { value: { everything: { tools: {} } }, rules: proOnly },
      ],
    },
  });
  await sourceClient.publishAgentVersion({ params: { id: 'conditional', n: 1 } });
  await sourceClient.createAgent({
    body: {
      id: 'integrated',
      name: 'Integrated',
      model: 'openai/gpt-4o',
      instructions: 'Look orders up.',
      integrationTools: { orders: { tools: { getOrder: { description: 'Find an order by id' } } } },
    },
  });
  await sourceClient.publishAgentVersion({ params: { id: 'integrated', n: 1 } });
}, 120_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
  rmSync(folder, { recursive: true, force: true });
});

describe('export --all, then import --all into a fresh deployment', () => {
  it('moves everything: the same resolved tools and config hashes for every agent and context', async () => {
    const passphraseFile = join(folder, 'passphrase.txt');
    writeFileSync(passphraseFile, `${passphrase}\n`);
    const backupFile = join(folder, 'backup.json');

    const exported = cli(['export', '--all', '--passphrase-file', passphraseFile, '-o', backupFile], source.url);
    expect([exported.code, exported.stderr]).toEqual([
      0,
      expect.stringMatching(
        /^Exported 4 agent\(s\) with 5 version\(s\), 1 saved MCP client\(s\), 1 integration\(s\); secrets sealed/,
      ),
    ]);

    const dryRun = cli(['import', '--all', backupFile, '--dry-run', '--passphrase-file', passphraseFile], target.url);
    expect(dryRun.code).toBe(0);
    // Both deployments seeded the same demo agent: identical versions, nothing to add.
    expect(dryRun.stdout).toContain('unchanged agent demo-assistant');
    expect(dryRun.stdout).toContain('5 created, 0 updated, 1 unchanged.');
    expect(await versionCounts(targetClient)).toEqual({ 'demo-assistant': 1 });

    const imported = cli(['import', '--all', backupFile, '--passphrase-file', passphraseFile], target.url);
    expect([imported.code, imported.stderr]).toEqual([0, '']);
    expect(imported.stdout).toContain('config hashes match the backup');
    // A backup is not trusted to run commands: its stdio client waits for an admin's approval.
    expect(cli(['mcp-client', 'show', 'everything'], target.url).stdout).toContain('NEEDS APPROVAL');
    const approved = cli(['mcp-client', 'approve', 'everything'], target.url);
    expect([approved.code, approved.stdout.trim()]).toEqual([0, 'Approved everything: its stdio servers may start.']);

    const agents = ['conditional', 'demo-assistant', 'integrated', 'plain'];
    expect(Object.keys(await versionCounts(targetClient)).sort()).toEqual(agents);
    for (const id of agents) {
      const [before, after] = await Promise.all(
        [sourceClient, targetClient].map((client) => client.exportAgent({ params: { id } })),
      );
      expect(after!.versions.map((version) => version.configHash)).toEqual(
        before!.versions.map((version) => version.configHash),
      );
      expect(after!.agent).toMatchObject({
        activeVersionNumber: before!.agent.activeVersionNumber,
        labels: before!.agent.labels,
      });
      for (const requestContext of contexts) {
        for (const selector of [{ status: 'draft' as const }, { status: 'published' as const }]) {
          const [expected, actual] = await Promise.all(
            [sourceClient, targetClient].map((client) =>
              client.resolveAgent({ params: { id }, body: { requestContext, selector } }),
            ),
          );
          const tools = (resolution: typeof expected) =>
            resolution!.tools.map(({ name, description, inputSchema, source: kind }) => ({
              name,
              description,
              inputSchema,
              kind,
            }));
          expect(actual!.warnings).toEqual([]);
          expect(tools(actual)).toEqual(tools(expected));
          expect(actual!.resolvedToolsHash).toBe(expected!.resolvedToolsHash);
        }
      }
    }
    const pro = await targetClient.resolveAgent({
      params: { id: 'conditional' },
      body: { requestContext: { tier: 'pro' } },
    });
    expect(pro.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['ev_echo', 'ev_get-sum', 'search-knowledge-base', 'world-time']),
    );
    const [clientBefore, clientAfter] = await Promise.all(
      [sourceClient, targetClient].map((client) => client.getMcpClient({ params: { id: 'everything' } })),
    );
    // A saved client's hash is keyed with each deployment's own key: the servers are what must match.
    expect(clientAfter!.version.servers).toEqual(clientBefore!.version.servers);
    expect(clientAfter!.version.servers).toMatchObject({ ev: { env: { DEMO_TOKEN: '••••7890' } } });

    const again = cli(['import', '--all', backupFile, '--passphrase-file', passphraseFile], target.url);
    expect(again.stdout).toContain('0 created, 0 updated, 6 unchanged.');
  }, 120_000);

  it('refuses a damaged or wrong-version backup with every problem and its path, writing nothing', async () => {
    const before = await versionCounts(targetClient);
    const truncated = join(folder, 'truncated.json');
    writeFileSync(truncated, '{"format":"agent-studio.deployment","agents":[{"agent":');
    const cut = cli(['import', '--all', truncated, '--without-secrets'], target.url);
    expect([cut.code, cut.stdout]).toEqual([1, '']);
    expect(cut.stderr).toMatch(/is not valid JSON .*nothing was imported/);

    const wrong = join(folder, 'wrong.json');
    writeFileSync(
      wrong,
      JSON.stringify({
        format: 'agent-studio.deployment',
        formatVersion: 99,
        schemaVersion: 9,
        exportedAt: 'yesterday',
        studioVersion: '9.0.0',
        secrets: { mode: 'omitted' },
        agents: [{ agent: { id: 'Bad Id' }, versions: [{ versionNumber: 1, snapshot: { model: 'nope' } }] }],
        mcpClients: [],
        integrations: [],
        counts: { agents: 1, agentVersions: 1, agentLabels: 0, mcpClients: 0, mcpClientVersions: 0, integrations: 0 },
      }),
    );
    const refused = cli(['import', '--all', wrong, '--without-secrets'], target.url);
    expect(refused.code).toBe(1);
    for (const path of [
      'formatVersion',
      'schemaVersion',
      'exportedAt',
      'agents.0.agent.id',
      'agents.0.versions.0.snapshot.model',
    ])
      expect(refused.stderr).toContain(`- ${path}: `);
    expect(await versionCounts(targetClient)).toEqual(before);
  }, 60_000);
});

describe('migrate against the production server', () => {
  it('changes nothing in a dry run, and creates exactly one version per affected agent with --apply', async () => {
    const script = join(root, 'examples', 'migrations', 'rename-tool.ts');
    const before = await versionCounts(sourceClient);
    const dryRun = cli(['migrate', script], source.url);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain('plain (from version 2): would save');
    expect(dryRun.stdout).toContain('-  "search-knowledge-base": {');
    expect(await versionCounts(sourceClient)).toEqual(before);

    const applied = cli(['migrate', script, '--apply'], source.url);
    expect([applied.code, applied.stderr]).toEqual([0, '']);
    const after = await versionCounts(sourceClient);
    // The seeded demo agent, plain and conditional name the tool; integrated does not.
    expect(after).toEqual({
      ...before,
      'demo-assistant': before['demo-assistant']! + 1,
      plain: before.plain! + 1,
      conditional: before.conditional! + 1,
    });
    const { version } = await sourceClient.getAgentVersion({ params: { id: 'plain', n: after.plain! } });
    expect(version).toMatchObject({
      changeMessage: 'Rename tool search-knowledge-base to knowledge-search',
      changedFields: ['tools'],
    });
    expect(cli(['migrate', script, '--apply'], source.url).stdout).toContain('0 agent(s) saved, 4 unchanged');
  }, 60_000);

  it('reports an agent edited while the migration runs as a conflict and never overwrites it', async () => {
    const before = await versionCounts(sourceClient);
    const result = cli(
      ['migrate', join(root, 'tests', 'fixtures', 'migrations', 'concurrent-edit.mjs'), '--apply'],
      source.url,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/integrated \(from version 1\): CONFLICT: /);
    expect(result.stderr).toBe(
      'integrated: changed since version 1 was read; not overwritten (run the migration again)',
    );
    const after = await versionCounts(sourceClient);
    expect(after.integrated).toBe(2);
    const { version } = await sourceClient.getAgent({ params: { id: 'integrated' } });
    expect(version).toMatchObject({ description: 'Edited while the migration ran', instructions: 'Look orders up.' });
    for (const id of ['plain', 'conditional', 'demo-assistant']) expect(after[id]).toBe(before[id]! + 1);
  }, 60_000);
});
