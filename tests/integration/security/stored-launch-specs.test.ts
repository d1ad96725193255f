/**
 * Stored stdio launch specs: an admin approves a spec in the editor and it joins the setting's
 * allow-list wherever that is checked (save and the spawn point here); removing it stops both at
 * once. Bare interpreters are refused unless the deployment opts in. Every change is audited.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createTestStudio } from '../../support/studio';
import { testServer } from '../../support/mcp';

const strict = await createTestStudio({ settings: { stdioAllowedCommands: ['uvx mcp-server-fetch'] } });
const optedIn = await createTestStudio({
  settings: { stdioAllowedCommands: [], stdioAllowBareInterpreters: true, mcp: { listTimeoutMs: 15_000 } },
});

afterAll(async () => {
  await strict.cleanup();
  await optedIn.cleanup();
});

describe('the launch spec list', () => {
  it("lists the setting's entries read-only and stored specs with who approved them", async () => {
    const script = testServer('marker').args![0]!;
    const created = await call(strict.studio, 'POST', '/api/stdio-launch-specs', {
      command: process.execPath,
      args: [script],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      command: process.execPath,
      args: [script],
      source: 'stored',
      createdBy: 'local',
    });
    const { body } = await call(strict.studio, 'GET', '/api/stdio-launch-specs');
    expect(body.items).toEqual([
      { id: 'setting-1', command: 'uvx', args: ['mcp-server-fetch'], source: 'setting' },
      expect.objectContaining({ id: created.body.id, source: 'stored' }),
    ]);
    const again = await call(strict.studio, 'POST', '/api/stdio-launch-specs', {
      command: process.execPath,
      args: [script],
    });
    expect(again.status).toBe(409);
  });

  it('refuses a bare interpreter without the opt-in, and words with spaces, naming the field', async () => {
    const bare = await call(strict.studio, 'POST', '/api/stdio-launch-specs', { command: process.execPath });
    expect(bare.status).toBe(400);
    expect(bare.body.error.details.issues[0]).toMatchObject({ path: 'args' });
    expect(bare.body.error.details.issues[0].message).toContain('any code');
    const launched = await call(strict.studio, 'POST', '/api/stdio-launch-specs', {
      command: '/usr/bin/env',
      args: ['node'],
    });
    expect(launched.status).toBe(400);
    expect(launched.body.error.details.issues[0]).toMatchObject({ path: 'args' });
    expect(launched.body.error.details.issues[0].message).toMatch(
      /"\/usr\/bin\/env node" would run any code: nothing in it names the program "node" runs.*a script path/,
    );
    const spaced = await call(strict.studio, 'POST', '/api/stdio-launch-specs', { command: 'node --eval', args: [] });
    expect(spaced.status).toBe(400);
    expect(spaced.body.error.details.issues[0].path).toBe('command');
    expect((await call(strict.studio, 'DELETE', '/api/stdio-launch-specs/setting-1')).status).toBe(404);
  });
});

describe('a stored spec on the allow-list', () => {
  const { studio } = optedIn;
  const marker = join(optedIn.directory, 'spec-marker');
  const servers = { marker: testServer('marker', [marker]) };

  it('admits a save and a spawn while stored, neither once removed; both changes audited', async () => {
    expect((await call(studio, 'POST', '/api/mcp-clients', { id: 'early', name: 'Early', servers })).status).toBe(403);
    const spec = await call(studio, 'POST', '/api/stdio-launch-specs', { command: process.execPath });
    expect(spec.status, JSON.stringify(spec.body)).toBe(201);

    expect((await call(studio, 'POST', '/api/mcp-clients', { id: 'marked', name: 'Marked', servers })).status).toBe(
      201,
    );
    const tested = await call(studio, 'POST', '/api/mcp-clients/marked/test', {});
    expect(tested.body.servers.marker).toMatchObject({ ok: true });
    expect(existsSync(marker)).toBe(true);

    expect((await call(studio, 'DELETE', `/api/stdio-launch-specs/${spec.body.id}`)).status).toBe(200);
    const refused = await call(studio, 'POST', '/api/mcp-clients/marked/test', {});
    expect(refused.body.servers.marker).toMatchObject({ ok: false, reason: 'refused' });
    expect((await call(studio, 'PATCH', '/api/mcp-clients/marked', { servers })).status).toBe(403);

    const audit = await call(studio, 'GET', '/api/audit?entity=stdio_launch_spec');
    expect(audit.body.items.map((entry: { action: string }) => entry.action)).toEqual([
      'stdio_launch_spec.delete',
      'stdio_launch_spec.create',
    ]);
  }, 30_000);

  it('stops a running server of a removed spec: its tools drop out of resolution and calls are refused', async () => {
    const pooledServers = { marker: testServer('marker', [join(optedIn.directory, 'pooled-marker')]) };
    const spec = await call(studio, 'POST', '/api/stdio-launch-specs', { command: process.execPath });
    expect(spec.status, JSON.stringify(spec.body)).toBe(201);
    const client = { id: 'pooled', name: 'Pooled', servers: pooledServers };
    expect((await call(studio, 'POST', '/api/mcp-clients', client)).status).toBe(201);
    const agent = {
      id: 'uses-pooled',
      name: 'Uses pooled',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help.',
      mcpClients: { pooled: { tools: {} } },
    };
    expect((await call(studio, 'POST', '/api/agents', agent)).status).toBe(201);
    expect((await call(studio, 'POST', '/api/agents/uses-pooled/versions/1/publish', {})).status).toBe(200);
    const running = await call(studio, 'POST', '/api/agents/uses-pooled/resolve', {});
    expect(running.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['marker_ping']);

    expect((await call(studio, 'DELETE', `/api/stdio-launch-specs/${spec.body.id}`)).status).toBe(200);
    const stopped = await call(studio, 'POST', '/api/agents/uses-pooled/resolve', {});
    expect(stopped.body.tools).toEqual([]);
    expect(JSON.stringify(stopped.body.warnings)).toMatch(/STUDIO_STDIO_ALLOWED_COMMANDS/);
    const executed = await call(studio, 'POST', '/api/agents/uses-pooled/tools/marker_ping/execute', { input: {} });
    expect([executed.status, executed.body.error.code]).toEqual([404, 'not_found']);
  }, 30_000);

  it('answers 404 for a spec that is not stored', async () => {
    expect((await call(studio, 'DELETE', '/api/stdio-launch-specs/nothing-here')).status).toBe(404);
  });
});
