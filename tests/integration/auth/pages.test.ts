/**
 * The editor's pages with sign-in required, through the production server: nobody signed in gets
 * 401, a caller below admin 403 (the editor's server actions do not yet know who is signed in),
 * an admin the page. The API next to them keeps its own answers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '@/db/open-storage';
import { createApiKeys, type Scope } from '@/lib/auth';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const root = join(import.meta.dirname, '..', '..', '..');

describe('editor pages with sign-in required', () => {
  const directory = mkdtempSync(join(tmpdir(), 'studio-pages-auth-'));
  let server: ServerProcess;
  const keys = {} as Record<Scope, string>;

  beforeAll(async () => {
    // Keys made in the database before the server starts, as `db key create` does.
    const storage = openStorage({ url: `file:${join(directory, 'studio.db')}` });
    await storage.migrate();
    const apiKeys = createApiKeys({ storage });
    for (const scope of ['runtime', 'editor', 'admin'] as const)
      keys[scope] = (await apiKeys.create({ name: scope, scope, createdBy: 'test' })).key;
    await apiKeys.close();
    await storage.close();
    server = await startServerProcess({ root, directory, spawn, environment: { STUDIO_AUTH: 'required' } });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  const page = (headers: Record<string, string> = {}) => fetch(`${server.url}/`, { headers });

  it('answers 401 with a page saying how to sign in to anyone not signed in', async () => {
    const answer = await page();
    expect(answer.status).toBe(401);
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    expect(await answer.text()).toContain('Sign-in required');
    expect((await fetch(`${server.url}/api/agents`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('answers 403 below admin and the editor to an admin', async () => {
    expect((await page({ authorization: `Bearer ${keys.editor}` })).status).toBe(403);
    expect((await page({ authorization: `Bearer ${keys.runtime}` })).status).toBe(403);
    const admin = await page({ authorization: `Bearer ${keys.admin}` });
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('<html');
  });

  it('lets a key through the resolve fast path only with credentials', async () => {
    const resolve = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/agents/demo-assistant/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ requestContext: {} }),
      });
    expect((await resolve({})).status).toBe(401);
    expect((await resolve({ authorization: 'Bearer as_unknownunknownunknownunknownunknown0000' })).status).toBe(401);
    expect((await resolve({ authorization: `Bearer ${keys.runtime}` })).status).toBe(200);
  });
});
