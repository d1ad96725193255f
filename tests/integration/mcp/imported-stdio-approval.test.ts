/**
 * Imported configurations are not trusted: a stdio server that arrives by import (a client export,
 * a deployment backup) is stored but not started until an admin approves its client. Until then the
 * connection test and resolution report `needs_approval` and spawn nothing, which the marker server
 * proves (it writes a file the moment it starts).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAndPublish, createTestStudio, type ResponseBody } from '../../support/studio';
import { testServer } from '../../support/mcp';

const settings = {
  stdioAllowedCommands: [process.execPath],
  stdioAllowBareInterpreters: true,
  mcp: { listTimeoutMs: 15_000 },
};
const source = await createTestStudio({ settings });
const target = await createTestStudio({ settings });
const { studio } = source;
const marker = join(source.directory, 'marker-started');
const backupMarker = join(target.directory, 'backup-marker-started');

let exported: ResponseBody;

const resolve = (context: typeof source, agentId: string) =>
  call(context.studio, 'POST', `/api/agents/${agentId}/resolve`, {});
const toolNames = (body: ResponseBody): string[] => body.tools.map((tool: { name: string }) => tool.name);

beforeAll(async () => {
  const created = await call(studio, 'POST', '/api/mcp-clients', {
    id: 'marked',
    name: 'Marked',
    servers: { marker: testServer('marker', [marker]) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.client.approval).toBe('approved');
  // Published while the client is approved: publishing refuses a client that waits for approval.
  await createAndPublish(studio, {
    id: 'marking',
    name: 'Marking',
    model: 'openai/gpt-4o',
    instructions: 'Use the tools.',
    mcpClients: { marked: { tools: {} } },
  });
  exported = (await call(studio, 'GET', '/api/mcp-clients/marked/export')).body;
  expect((await call(studio, 'DELETE', '/api/mcp-clients/marked')).status).toBe(200);
  const imported = await call(studio, 'POST', '/api/mcp-clients/import', exported);
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
}, 60_000);

afterAll(async () => {
  await source.cleanup();
  await target.cleanup();
});

describe('an imported stdio server before approval', () => {
  it('is stored and shown as needing approval', async () => {
    const { body } = await call(studio, 'GET', '/api/mcp-clients/marked');
    expect(body.client.approval).toBe('needs_approval');
    expect(body.version.servers.marker).toMatchObject({ type: 'stdio', command: process.execPath });
    const list = await call(studio, 'GET', '/api/mcp-clients');
    expect(list.body.items).toContainEqual(expect.objectContaining({ id: 'marked', approval: 'needs_approval' }));
  });

  it('answers the connection test with needs_approval and starts nothing', async () => {
    const { status, body } = await call(studio, 'POST', '/api/mcp-clients/marked/test', {});
    expect(status).toBe(200);
    expect(body.servers.marker).toMatchObject({ ok: false, tools: [], reason: 'needs_approval' });
    expect(body.servers.marker.error).toContain('approves');
    expect(existsSync(marker)).toBe(false);
  });

  it('resolves the agent without the client: a needs_approval warning, no tools, nothing started', async () => {
    const before = studio.mcpPool.stats().connects;
    const { status, body } = await resolve(source, 'marking');
    expect(status).toBe(200);
    expect(toolNames(body)).toEqual([]);
    expect(body.warnings).toEqual([
      expect.objectContaining({ code: 'mcp_needs_approval', ref: 'mcpClients.marked', source: 'mcp' }),
    ]);
    expect(studio.mcpPool.stats().connects).toBe(before);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('approving', () => {
  it('lets the server start, is audited with the exact launch, and is idempotent', async () => {
    const approved = await call(studio, 'POST', '/api/mcp-clients/marked/approve');
    expect(approved.status).toBe(200);
    expect(approved.body.client.approval).toBe('approved');

    const { body } = await resolve(source, 'marking');
    expect(toolNames(body)).toEqual(['marker_ping']);
    expect(body.warnings).toEqual([]);
    expect(existsSync(marker)).toBe(true);

    const audit = await call(studio, 'GET', '/api/audit?action=mcp_client.approve');
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({
      actor: 'local',
      entityId: 'marked',
      details: {
        launches: [
          { server: 'marker', command: process.execPath, args: testServer('marker', [marker]).args, envNames: [] },
        ],
      },
    });
    expect((await call(studio, 'POST', '/api/mcp-clients/marked/approve')).status).toBe(200);
    expect((await call(studio, 'GET', '/api/audit?action=mcp_client.approve')).body.items).toHaveLength(1);
  });

  it('answers 404 for an unknown client', async () => {
    expect((await call(studio, 'POST', '/api/mcp-clients/nothing-here/approve')).status).toBe(404);
  });
});

describe('a saved client stays approved through saves', () => {
  it('an admin save that submits the servers approves; a name-only save keeps the state', async () => {
    rmSync(marker, { force: true });
    expect((await call(studio, 'DELETE', '/api/mcp-clients/marked')).status).toBe(200);
    expect((await call(studio, 'POST', '/api/mcp-clients/import', exported)).body.client.approval).toBe(
      'needs_approval',
    );
    const renamed = await call(studio, 'PATCH', '/api/mcp-clients/marked', { name: 'Renamed' });
    expect(renamed.body.client.approval).toBe('needs_approval');
    const saved = await call(studio, 'PATCH', '/api/mcp-clients/marked', {
      servers: { marker: testServer('marker', [marker, 'serve']) },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.client.approval).toBe('approved');
  });
});

describe('a deployment backup', () => {
  it('brings its stdio servers in needing approval, and nothing starts until approved', async () => {
    await call(studio, 'POST', '/api/mcp-clients', {
      id: 'backed-up',
      name: 'Backed up',
      servers: { marker: testServer('marker', [backupMarker]) },
    });
    const backup = await call(studio, 'POST', '/api/deployment/export', { withoutSecrets: true });
    expect(backup.status).toBe(200);
    const imported = await call(target.studio, 'POST', '/api/deployment/import', {
      backup: backup.body,
      withoutSecrets: true,
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const { body } = await call(target.studio, 'GET', '/api/mcp-clients/backed-up');
    expect(body.client.approval).toBe('needs_approval');
    const tested = await call(target.studio, 'POST', '/api/mcp-clients/backed-up/test', {});
    expect(tested.body.servers.marker.reason).toBe('needs_approval');
    expect(existsSync(backupMarker)).toBe(false);
    await call(target.studio, 'POST', '/api/mcp-clients/backed-up/approve');
    const after = await call(target.studio, 'POST', '/api/mcp-clients/backed-up/test', {});
    expect(after.body.servers.marker).toMatchObject({
      ok: true,
      tools: [{ name: 'ping', description: 'Answers pong' }],
    });
    expect(existsSync(backupMarker)).toBe(true);
  }, 30_000);
});
