/**
 * Sign-in and roles in a real browser, on a server of its own with `STUDIO_AUTH=required`: a page
 * opened without a session goes to the sign-in page and comes back; a viewer sees no Save, Publish,
 * Restore or Send and the server refuses their writes; an editor gets no admin page and no stdio
 * choice, and their save is recorded as theirs; an editor's MCP client stays off internal
 * addresses until an admin saves it; an admin manages users and API keys in Settings;
 * signing out ends the session.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '@/db/open-storage';
import { createApiKeys } from '@/lib/auth';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { McpClientPage } from './pages/mcp-client-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { freshProfiles, launchBrowser } from './support/browser';
import { unexpectedConsoleErrors } from './support/page-watch';

const patience = { timeout: 30_000 };
const password = 'a long enough passphrase';
const people = { admin: 'admin@example.com', editor: 'editor@example.com', viewer: 'viewer@example.com' };

describe('sign-in and roles in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let server: ServerProcess;
  let directory: string;
  let adminKey: string;
  let profiles: ReturnType<typeof freshProfiles>;

  /** The API as an admin script calls it, to set up and check what the browser did. */
  async function api(method: string, path: string, body?: unknown, key = adminKey) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    profiles = freshProfiles(browser.browser);
    directory = mkdtempSync(join(tmpdir(), 'studio-sign-in-'));
    // The first key is made on the database before the server starts, as `db key create` does.
    const storage = await openStorage({ url: `file:${join(directory, 'studio.db')}` });
    await storage.migrate();
    const apiKeys = createApiKeys({ storage });
    adminKey = (await apiKeys.create({ name: 'setup', scope: 'admin', createdBy: 'test' })).key;
    await apiKeys.close();
    await storage.close();
    const root = fileURLToPath(new URL('../..', import.meta.url));
    // As behind a proxy, so each browser profile below signs in from an address of its own: the
    // sign-in limit per address (5 a minute) would otherwise count all of them together.
    server = await startServerProcess({
      root,
      directory,
      spawn,
      config: 'browser',
      environment: { STUDIO_AUTH: 'required', STUDIO_TRUSTED_PROXY: '1' },
    });
    for (const [role, email] of Object.entries(people))
      expect((await api('POST', '/api/users', { email, role, password })).status).toBe(201);
  });
  afterAll(async () => {
    await profiles?.close();
    await browser?.close();
    await server?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  const freshPage = () => profiles.page();

  async function signIn(page: Page, email: string, secret = password) {
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(secret);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  /** Signs `email` in on a fresh profile and opens `path`. */
  async function signedIn(email: string, path = '/') {
    const { page, errors } = await freshPage();
    await page.goto(`${server.url}/sign-in?next=${encodeURIComponent(path)}`);
    await signIn(page, email);
    await page.waitForURL(`${server.url}${path}`, patience);
    await page.getByRole('heading', { level: 1 }).first().waitFor(patience);
    return { page, errors };
  }

  /** A request from inside the page, as the editor's own scripts make them (the session cookie, same origin). */
  function fetchInPage(page: Page, method: string, path: string, body: unknown) {
    return page.evaluate(
      async ({ method, path, body }) => {
        const response = await fetch(path, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as { error?: { details?: unknown } } };
      },
      { method, path, body },
    );
  }

  it('sends a visitor to sign in and back to the page they opened; a wrong password says only that', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${server.url}/agents/demo-assistant?tab=versions`);
    await page.waitForURL(/\/sign-in\?next=/, patience);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor(patience);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await signIn(page, people.editor, 'not the passphrase at all');
    await page.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor(patience);
    await signIn(page, 'nobody@example.com');
    await page.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor(patience);
    await signIn(page, people.editor);
    await page.waitForURL(`${server.url}/agents/demo-assistant?tab=versions`, patience);
    await page.getByRole('heading', { level: 1, name: 'Demo assistant' }).waitFor(patience);
    await page.getByRole('button', { name: people.editor }).waitFor(patience);
    expect(unexpectedConsoleErrors(errors, 401)).toEqual([]);
  });

  it('shows a viewer no Save, Publish, Restore or Send, and the server refuses their writes', async () => {
    const { page, errors } = await signedIn(people.viewer, '/agents/demo-assistant');
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete agent' }).count()).toBe(0);
    // The fields leading up to a save are there to read, not to change.
    await page
      .getByRole('note')
      .filter({ hasText: 'Your role lets you look at this agent, not change it.' })
      .waitFor(patience);
    expect(await page.getByRole('textbox', { name: 'Name' }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Conditions' }).click();
    const addField = page.getByRole('button', { name: 'Add field' });
    await addField.waitFor(patience);
    expect(await addField.isDisabled()).toBe(true);
    await page.goto(`${server.url}/new-agent`);
    await page.getByRole('note').filter({ hasText: 'Your role cannot create agents' }).waitFor(patience);
    expect(await page.getByRole('button', { name: 'Create agent' }).count()).toBe(0);
    await page.goto(`${server.url}/agents/demo-assistant`);
    await page.getByRole('tab', { name: 'Versions' }).click();
    await page.getByRole('checkbox', { name: 'Select version 1' }).waitFor(patience);
    expect(await page.getByRole('button', { name: /^(Restore|Publish|Unpublish)$/ }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Playground' }).click();
    await page.getByRole('textbox', { name: 'Message' }).waitFor(patience);
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New agent' }).count()).toBe(0);

    const save = await fetchInPage(page, 'PATCH', '/api/agents/demo-assistant', {
      baseVersionNumber: 1,
      instructions: 'Changed by a viewer',
    });
    expect(save.status).toBe(403);
    expect(save.body.error?.details).toEqual({ requiredScope: 'editor', requiredRole: 'editor' });
    expect((await fetchInPage(page, 'DELETE', '/api/agents/demo-assistant', undefined)).status).toBe(403);
    const run = await fetchInPage(page, 'POST', '/api/agents/demo-assistant/generate', { messages: 'hello' });
    expect(run.status).toBe(403);
    expect((await api('GET', '/api/agents/demo-assistant')).body).toMatchObject({ agent: { latestVersionNumber: 1 } });
    expect(unexpectedConsoleErrors(errors, 403)).toEqual([]);
  });

  it('gives an editor no admin page and no stdio choice, and records their save as theirs', async () => {
    const { page, errors } = await signedIn(people.editor, '/new-mcp-client');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Integrations' }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'stdio' }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'HTTP' }).isChecked()).toBe(true);
    const stdio = await fetchInPage(page, 'POST', '/api/mcp-clients', {
      id: 'local-files',
      name: 'Local files',
      servers: { files: { type: 'stdio', command: process.execPath, args: [] } },
    });
    expect(stdio.status).toBe(403);
    expect(stdio.body.error?.details).toEqual({ requiredScope: 'admin' });

    const settings = await page.goto(`${server.url}/settings`);
    expect(settings?.status()).toBe(403);
    await page.getByRole('heading', { level: 1, name: 'Admins only' }).waitFor(patience);

    await page.goto(`${server.url}/agents/demo-assistant`);
    await page.getByRole('textbox', { name: 'Description' }).fill('Edited by the editor in the browser.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save version' }).getByRole('button', { name: 'Save version' }).click();
    await expect
      .poll(async () => (await api('GET', '/api/agents/demo-assistant')).body, patience)
      .toMatchObject({ agent: { latestVersionNumber: 2 }, version: { authorId: `user:${people.editor}` } });
    await page.getByRole('tab', { name: 'Versions' }).click();
    // The record keeps `user:<email>`; a person reads the email.
    await page.getByText(`by ${people.editor}`).first().waitFor(patience);
    expect(await page.getByText(`by user:${people.editor}`).count()).toBe(0);
    expect(unexpectedConsoleErrors(errors, 403)).toEqual([]);
  });

  /** Whether the saved client's HTTP servers may reach loopback and private addresses, as stored. */
  function internalAddressesOf(clientId: string) {
    const database = new Database(join(directory, 'studio.db'), { readonly: true });
    try {
      const row = database.prepare('SELECT internal_addresses FROM mcp_clients WHERE id = ?').get(clientId) as
        { internal_addresses: string } | undefined;
      return row?.internal_addresses;
    } finally {
      database.close();
    }
  }

  it("keeps an editor's MCP client off internal addresses until an admin saves it", async () => {
    // A public address passes the editor's save; what its name may resolve to later is the point.
    const { page, errors } = await signedIn(people.editor, '/new-mcp-client');
    const clients = new McpClientPage(page, server.url);
    await clients.textbox('Name').fill('Public docs');
    await clients.server('main').getByRole('textbox', { name: 'URL', exact: true }).fill('http://93.184.215.14/mcp');
    await clients.save();
    await page.waitForURL(`${server.url}/mcp-clients/public-docs`, patience);
    expect(internalAddressesOf('public-docs')).toBe('refused');
    expect(unexpectedConsoleErrors(errors)).toEqual([]);

    const admin = await signedIn(people.admin, '/mcp-clients/public-docs');
    const asAdmin = new McpClientPage(admin.page, server.url);
    await asAdmin.textbox('Name').fill('Public docs, checked');
    await asAdmin.save();
    await asAdmin.announced('Version 2 saved');
    expect(internalAddressesOf('public-docs')).toBe('allowed');
    expect(unexpectedConsoleErrors(admin.errors)).toEqual([]);
  });

  it('lets an admin manage users and API keys in Settings', async () => {
    // More keys than a page of 100 holds: the oldest, `setup`, is on the second page, which Settings reads too.
    for (let index = 0; index < 100; index++)
      expect((await api('POST', '/api/keys', { name: `batch-${index}`, scope: 'runtime' })).status).toBe(201);
    const { page, errors } = await signedIn(people.admin, '/settings?tab=users');
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByRole('cell', { name: people.viewer, exact: true }).waitFor(patience);
    await page.getByRole('combobox', { name: `Role for ${people.viewer}` }).selectOption('editor');
    await page
      .getByRole('status')
      .filter({ hasText: `${people.viewer} is now editor.` })
      .waitFor(patience);
    await page.getByRole('button', { name: `Disable ${people.viewer}` }).click();
    await page.getByRole('button', { name: `Enable ${people.viewer}` }).waitFor(patience);
    const listed = (await api('GET', '/api/users')).body.items as Array<{
      email: string;
      role: string;
      disabled: boolean;
    }>;
    expect(listed.find((user) => user.email === people.viewer)).toMatchObject({ role: 'editor', disabled: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'API keys' }).click();
    await page
      .getByRole('table', { name: 'API keys' })
      .getByRole('cell', { name: 'setup', exact: true })
      .waitFor(patience);
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByRole('textbox', { name: 'Key name' }).fill('orders-service');
    await page.getByRole('combobox', { name: 'Scope' }).selectOption('runtime');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('textbox', { name: 'New API key' });
    await shown.waitFor(patience);
    const key = await shown.inputValue();
    expect(key).toMatch(/^as_[0-9A-Za-z]{32,}$/);
    expect((await api('GET', '/api/agents', undefined, key)).status).toBe(200);
    await page
      .getByRole('table', { name: 'API keys' })
      .getByRole('cell', { name: 'orders-service', exact: true })
      .waitFor(patience);
    await page.getByRole('button', { name: 'Revoke orders-service' }).click();
    await page.getByRole('status').filter({ hasText: 'Key orders-service revoked' }).waitFor(patience);
    await expect.poll(async () => (await api('GET', '/api/agents', undefined, key)).status, patience).toBe(401);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });

  it('signs out from the user menu and ends the session', async () => {
    const { page } = await signedIn(people.editor, '/');
    const cookies = await page.context().cookies();
    // The menu is part of the navigation landmark, where the editor spec puts it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: people.editor }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/sign-in`, patience);
    // The cookie the browser had is refused from now on, wherever it is sent from.
    const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    expect((await fetch(`${server.url}/api/auth/session`, { headers: { cookie } })).status).toBe(401);
    await page.goto(`${server.url}/mcp-clients`);
    await page.waitForURL(/\/sign-in\?next=%2Fmcp-clients/, patience);
  });
});
