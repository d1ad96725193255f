/**
 * The editor's pages with sign-in required, through the production server: nobody signed in is
 * sent to the sign-in page (which, with its scripts, is open to all), admin pages answer 403 below
 * admin, every other page is there for any role. The API next to them keeps its own answers.
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
    const storage = await openStorage({ url: `file:${join(directory, 'studio.db')}` });
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

  it('sends anyone not signed in to the sign-in page, and back afterwards', async () => {
    const answer = await fetch(`${server.url}/agents/demo-assistant?tab=versions`, { redirect: 'manual' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/sign-in?next=%2Fagents%2Fdemo-assistant%3Ftab%3Dversions');
    const home = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(home.headers.get('location')).toBe('/sign-in');
    const signIn = await fetch(`${server.url}/sign-in`);
    expect(signIn.status).toBe(200);
    const html = await signIn.text();
    expect(html).toContain('Sign in');
    // The page's own scripts load without a session.
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${server.url}${script}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/agents`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('answers a server action or a client-side navigation without a session with 401, not a redirect', async () => {
    const action = await fetch(`${server.url}/agents/demo-assistant`, { method: 'POST', redirect: 'manual' });
    expect(action.status).toBe(401);
    const navigation = await fetch(`${server.url}/mcp-clients`, { headers: { rsc: '1' }, redirect: 'manual' });
    expect(navigation.status).toBe(401);
  });

  it('gives every role the pages and only admins the admin pages', async () => {
    for (const scope of ['runtime', 'editor', 'admin'] as const) {
      const home = await page({ authorization: `Bearer ${keys[scope]}` });
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<html');
    }
    for (const path of ['/settings', '/integrations', '/new-integration']) {
      const asEditor = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${keys.editor}` } });
      expect(asEditor.status).toBe(403);
      expect(await asEditor.text()).toContain('Admins only');
      const asAdmin = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${keys.admin}` } });
      expect(asAdmin.status).toBe(200);
    }
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
