/**
 * Imported stdio servers in a real browser: an imported client shows "Needs approval"; Approve
 * opens a dialog with the exact command, arguments and env names, and confirming lets the server
 * start. Test connection works before the first save and shows a failing server's stderr. Settings
 * lists the stdio launch specs and approves and removes one.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testServer } from '../support/mcp/servers';
import { McpClientPage } from './pages/mcp-client-page';
import { SettingsPage } from './pages/settings-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { signedInAsEditor } from './support/credentials';
import { watchConsoleErrors } from './support/page-watch';

const baseUrl = inject('serverUrl');
const api = apiOf(baseUrl);
const patience = { timeout: 30_000 };
const directory = mkdtempSync(join(tmpdir(), 'approval-walk-'));

describe('approving imported stdio servers in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  async function newPage() {
    const page = await browser.context.newPage();
    return { page, errors: watchConsoleErrors(page) };
  }

  // Approving and stdio launch specs are for admins: an editor sees the badge only.
  it.skipIf(signedInAsEditor())(
    'shows an imported client as needing approval and approves it from the dialog',
    async () => {
      const marker = join(directory, 'approved-marker');
      const server = testServer('marker', [marker], { env: { SERVICE_TOKEN: 'walk-token-123456' } });
      expect(
        (
          await api('POST', '/api/mcp-clients', {
            id: 'imported-walk',
            name: 'Imported walk',
            servers: { main: server },
          })
        ).status,
      ).toBe(201);
      const exported = await api('GET', '/api/mcp-clients/imported-walk/export');
      await api('DELETE', '/api/mcp-clients/imported-walk');
      expect((await api('POST', '/api/mcp-clients/import', exported.body)).body.client.approval).toBe('needs_approval');

      const { page, errors } = await newPage();
      const clients = new McpClientPage(page, baseUrl);
      expect(await clients.openList()).toBe(200);
      await clients.clientLink('Imported walk').click();
      await page.getByText('Needs approval', { exact: true }).waitFor(patience);
      const dialog = await clients.openApproval();
      const shown = (await dialog.textContent()) ?? '';
      expect(shown).toContain(process.execPath);
      expect(shown).toContain(JSON.stringify(marker));
      expect(shown).toContain('SERVICE_TOKEN');
      expect(shown).not.toContain('walk-token-123456');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(existsSync(marker)).toBe(false);

      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await clients.announced('Approved: its stdio servers may start now.');
      await page.getByText('Needs approval', { exact: true }).waitFor({ state: 'detached', ...patience });
      expect((await api('GET', '/api/mcp-clients/imported-walk')).body.client.approval).toBe('approved');
      const results = await clients.testConnection();
      expect((await results.textContent()) ?? '').toMatch(/Server main: connected in \d+ ms, 1 tool/);
      expect(existsSync(marker)).toBe(true);
      expect(errors).toEqual([]);
    },
    120_000,
  );

  it.skipIf(signedInAsEditor())(
    "tests a new client's servers before the first save and shows a failing server's stderr",
    async () => {
      const { page } = await newPage();
      const clients = new McpClientPage(page, baseUrl);
      expect(await clients.openList()).toBe(200);
      await clients.newClient().click();
      await clients.textbox('Name').fill('Not saved yet');
      const failing = testServer('marker', [join(directory, 'draft-marker'), 'fail']);
      await clients.fillStdio('main', { command: failing.command, args: failing.args! });
      const results = await clients.testConnection();
      expect((await results.textContent()) ?? '').toContain('Server main: failed');
      expect(await clients.stderrOf('main').textContent()).toContain('marker: giving up');
      expect((await api('GET', '/api/mcp-clients/not-saved-yet')).status).toBe(404);
    },
    120_000,
  );

  it.skipIf(signedInAsEditor())('lists, approves and removes stdio launch specs in Settings', async () => {
    const { page } = await newPage();
    const settings = new SettingsPage(page, baseUrl);
    expect(await settings.open('?tab=stdio')).toBe(200);
    const specs = settings.launchSpecs();
    await specs.waitFor(patience);
    const fromSetting = (await api('GET', '/api/stdio-launch-specs')).body.items.length;
    expect(fromSetting).toBeGreaterThan(0);
    expect(await specs.getByRole('row').filter({ hasText: 'Setting (read-only)' }).count()).toBe(fromSetting);
    // Any script will do: the spec is approved and removed, never run.
    const script = join(directory, 'approved-in-settings.mjs');
    await settings.approveLaunchSpec({ command: process.execPath, args: [script] });
    const stored = specs.getByRole('row').filter({ hasText: script });
    await stored.waitFor(patience);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await stored.getByRole('button', { name: 'Remove' }).click();
    await stored.waitFor({ state: 'detached', ...patience });
    const listed = await api('GET', '/api/stdio-launch-specs');
    expect(listed.body.items.map((item: { source: string }) => item.source)).toEqual(
      Array.from({ length: fromSetting }, () => 'setting'),
    );
  });
});
