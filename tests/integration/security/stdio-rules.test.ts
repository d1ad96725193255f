/**
 * Saved stdio servers run commands on this machine: the allow-list is checked when a configuration
 * is saved, restored or imported and again where the child is spawned, and stored env may not set
 * loader variables. The command used here is a small script that records every start in a file,
 * so "nothing was spawned" is counted, not assumed.
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServerPath } from '../../support/mcp';
import { call, createTestStudio } from '../../support/studio';

let allowed: Awaited<ReturnType<typeof createTestStudio>>;
let tightened: Awaited<ReturnType<typeof createTestStudio>>;
let recorder: string;
let spawnLog: string;

const spawns = () => {
  try {
    return readFileSync(spawnLog, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
};

beforeAll(async () => {
  allowed = await createTestStudio({ settings: { stdioAllowedCommands: ['placeholder'] } });
  spawnLog = join(allowed.directory, 'spawns.log');
  recorder = join(allowed.directory, 'recorded-mcp-server');
  writeFileSync(
    recorder,
    `#!/bin/sh\necho started >> '${spawnLog}'\nexec '${process.execPath}' '${everythingServerPath}' stdio\n`,
  );
  chmodSync(recorder, 0o755);
  allowed.studio.settings.stdioAllowedCommands.splice(0, 1, recorder);
  // The same database and key later, after the command was taken off the allow-list.
  tightened = await createTestStudio({
    database: { url: `file:${allowed.databaseFile}` },
    settings: { stdioAllowedCommands: [] },
  });
});
afterAll(async () => {
  await tightened?.cleanup();
  await allowed?.cleanup();
});

const recordedServer = () => ({ type: 'stdio', command: recorder, env: { GREETING_TOKEN: 'hello-there-1234' } });

describe('the stdio allow-list', () => {
  it('starts an allowed command (the counter sees it)', async () => {
    const created = await call(allowed.studio, 'POST', '/api/mcp-clients', {
      id: 'recorded',
      name: 'Recorded',
      servers: { tools: recordedServer() },
    });
    expect(created.status).toBe(201);
    const tested = await call(allowed.studio, 'POST', '/api/mcp-clients/recorded/test', {});
    expect(tested.body.servers.tools).toMatchObject({ ok: true });
    expect(spawns()).toBe(1);
  });

  it('refuses restoring a version whose command left the allow-list, spawning nothing', async () => {
    const moved = await call(allowed.studio, 'PATCH', '/api/mcp-clients/recorded', {
      servers: { tools: { type: 'http', url: 'http://127.0.0.1:9/mcp' } },
    });
    expect(moved.body.version.versionNumber).toBe(2);
    const before = spawns();
    const restored = await call(tightened.studio, 'POST', '/api/mcp-clients/recorded/versions/1/restore');
    expect(restored.status).toBe(403);
    expect(restored.body.error.message).toMatch(/STUDIO_STDIO_ALLOWED_COMMANDS/);
    expect(restored.body.error.details).toMatchObject({
      command: recorder,
      environmentVariable: 'STUDIO_STDIO_ALLOWED_COMMANDS',
    });
    expect((await call(tightened.studio, 'GET', '/api/mcp-clients/recorded')).body.client.latestVersionNumber).toBe(2);
    expect(spawns()).toBe(before);
  });

  it('refuses at the spawn point a saved command that left the allow-list (connection test and resolution)', async () => {
    await call(allowed.studio, 'POST', '/api/mcp-clients', {
      id: 'stale',
      name: 'Stale',
      servers: { tools: recordedServer() },
    });
    const before = spawns();
    const tested = await call(tightened.studio, 'POST', '/api/mcp-clients/stale/test', {});
    expect(tested.status).toBe(200);
    expect(tested.body.servers.tools).toMatchObject({ ok: false, reason: 'refused' });
    expect(tested.body.servers.tools.error).toMatch(/STUDIO_STDIO_ALLOWED_COMMANDS/);

    await call(tightened.studio, 'POST', '/api/agents', {
      id: 'uses-stale',
      name: 'Uses stale',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help.',
      mcpClients: { stale: { tools: {} } },
    });
    await call(tightened.studio, 'POST', '/api/agents/uses-stale/versions/1/publish', {});
    const resolved = await call(tightened.studio, 'POST', '/api/agents/uses-stale/resolve', {});
    expect(resolved.status).toBe(200);
    expect(resolved.body.tools).toEqual([]);
    expect(JSON.stringify(resolved.body.warnings)).toMatch(/STUDIO_STDIO_ALLOWED_COMMANDS/);
    expect(spawns()).toBe(before);
  });

  it('exports a client without its secrets and refuses importing it where its command is not allowed', async () => {
    const exported = await call(allowed.studio, 'GET', '/api/mcp-clients/recorded/export');
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ format: 'agent-studio.mcp-client', secrets: 'omitted' });
    expect(JSON.stringify(exported.body)).not.toContain('hello-there-1234');
    expect(exported.body.omittedSecrets).toEqual(['versions.0.snapshot.servers.tools.env.GREETING_TOKEN']);

    const before = spawns();
    const document = { ...exported.body, client: { ...exported.body.client, id: 'recorded-copy' } };
    const refused = await call(tightened.studio, 'POST', '/api/mcp-clients/import', document);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/STUDIO_STDIO_ALLOWED_COMMANDS/);
    expect((await call(tightened.studio, 'GET', '/api/mcp-clients/recorded-copy')).status).toBe(404);

    const imported = await call(allowed.studio, 'POST', '/api/mcp-clients/import', document);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({
      importedVersionNumbers: [1, 2],
      secretsToEnter: [],
      version: { versionNumber: 2 },
    });
    expect((await call(allowed.studio, 'POST', '/api/mcp-clients/import', document)).status).toBe(409);
    expect(spawns()).toBe(before);
  });

  it('refuses an import whose changed fields name no snapshot field, and writes nothing', async () => {
    const exported = await call(allowed.studio, 'GET', '/api/mcp-clients/recorded/export');
    const document = structuredClone(exported.body);
    document.client.id = 'recorded-misnamed';
    document.versions[1].changedFields = ['servers', 'env'];
    const refused = await call(allowed.studio, 'POST', '/api/mcp-clients/import', document);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.issues).toEqual([
      { path: 'versions.1.changedFields.1', message: '"env" is not a snapshot field (name, description, servers)' },
    ]);
    expect((await call(allowed.studio, 'GET', '/api/mcp-clients/recorded-misnamed')).status).toBe(404);
  });

  it.each([
    ...['PATH', 'NODE_OPTIONS', 'LD_PRELOAD', 'DYLD_INSERT_LIBRARIES', 'PYTHONPATH', 'BASH_ENV'],
    ...['R_PROFILE_USER', 'R_LIBS_USER', 'JULIA_PROJECT', 'TS_NODE_PROJECT', 'DOCKER_HOST'],
  ])('refuses %s in a stored env with 400 naming the variable, spawning nothing', async (variable) => {
    const before = spawns();
    const created = await call(allowed.studio, 'POST', '/api/mcp-clients', {
      id: `env-${variable.toLowerCase().replace(/_/g, '-')}`,
      name: 'Env',
      servers: { tools: { type: 'stdio', command: recorder, env: { [variable]: '/tmp/x' } } },
    });
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe('invalid_input');
    expect(created.body.error.message).toContain(variable);
    expect(created.body.error.details.issues).toEqual([
      expect.objectContaining({ path: `servers.tools.env.${variable}` }),
    ]);
    const saved = await call(allowed.studio, 'PATCH', '/api/mcp-clients/recorded', {
      servers: { tools: { type: 'stdio', command: recorder, env: { [variable]: '/tmp/x' } } },
    });
    expect(saved.status).toBe(400);
    expect(spawns()).toBe(before);
  });
});

describe('secrets in exports for another deployment', () => {
  it('re-encrypts secrets for a target key: the deployment with that key imports them, another cannot', async () => {
    const targetKey = 'target-deployment-secrets-key-0001';
    const response = await allowed.studio.api.request('/api/mcp-clients/recorded/export', {
      headers: { 'x-secrets-key': targetKey },
    });
    const document = await response.json();
    expect(document.secrets).toBe('encrypted');
    expect(JSON.stringify(document)).not.toContain('hello-there-1234');

    const target = await createTestStudio({ settings: { secretsKey: targetKey, stdioAllowedCommands: [recorder] } });
    const other = await createTestStudio({
      settings: { secretsKey: 'some-other-deployment-key-0002', stdioAllowedCommands: [recorder] },
    });
    try {
      const imported = await call(target.studio, 'POST', '/api/mcp-clients/import', document);
      expect(imported.status).toBe(201);
      const stored = await target.studio.editor.mcpClients.getById('recorded', { versionNumber: 1 });
      expect(stored.version.servers.tools).toMatchObject({ env: { GREETING_TOKEN: '••••1234' } });
      const refused = await call(other.studio, 'POST', '/api/mcp-clients/import', document);
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.issues[0].path).toBe('versions.0.snapshot.servers.tools.env.GREETING_TOKEN');
    } finally {
      await target.cleanup();
      await other.cleanup();
    }
  });
});
