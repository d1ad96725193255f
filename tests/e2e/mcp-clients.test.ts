/**
 * Saved MCP clients in a real browser: create one on real npm MCP servers (stdio and Streamable
 * HTTP), test it, allow two tools of a server, select them in an agent, restore an old version,
 * keep a secret masked, and see the stdio allow-list refusal in plain words. Lists page past 50.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { everythingServerPath, startEverythingHttp, type RunningHttpServer } from '../support/mcp/servers';
import { AgentEditorPage } from './pages/agent-editor-page';
import { McpClientPage } from './pages/mcp-client-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { signedInAsEditor } from './support/credentials';
import { saveScreenshot, watchConsoleErrors } from './support/page-watch';

const baseUrl = inject('serverUrl');
const patience = { timeout: 30_000 };
const walkTimeoutMs = 180_000;

const api = apiOf(baseUrl);

describe('MCP clients in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let http: RunningHttpServer;

  beforeAll(async () => {
    browser = await launchBrowser();
    http = await startEverythingHttp({ mode: 'streamableHttp' });
  });
  afterAll(async () => {
    await browser?.close();
    await http?.stop();
  });

  async function newPage() {
    const page = await browser.context.newPage();
    return { page, errors: watchConsoleErrors(page), clients: new McpClientPage(page, baseUrl) };
  }

  // Stdio MCP servers, integrations and settings are for admins: an editor cannot run this walk.
  it.skipIf(signedInAsEditor())(
    'creates a client on real MCP servers, tests it, allows two tools and an agent selects them',
    async () => {
      const { page, errors, clients } = await newPage();
      expect(await clients.openList()).toBe(200);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'mcp-clients');
      await clients.newClient().click();
      await clients.textbox('Name').fill('Reference servers');
      expect(await clients.textbox('Id').inputValue()).toBe('reference-servers');
      await clients.fillStdio('main', { command: process.execPath, args: [everythingServerPath, 'stdio'] });
      // Starting the server's process can take seconds on a busy machine: more than the default listing timeout.
      await clients.server('main').getByRole('textbox', { name: 'Timeout (ms)' }).fill('30000');
      await clients.button('Add server').click();
      const second = clients.server('server-2');
      await second.getByRole('textbox', { name: 'Server name' }).fill('web');
      const web = clients.server('web');
      await web.getByRole('radio', { name: 'HTTP', exact: true }).check();
      expect(await web.getByRole('textbox', { name: 'Command' }).count()).toBe(0);
      await web.getByRole('textbox', { name: 'URL', exact: true }).fill(http.url);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await clients.save();
      await page.waitForURL('**/mcp-clients/reference-servers', patience);

      // Test connection: each server's tools and latency.
      const results = await clients.testConnection();
      const tested = (await results.textContent()) ?? '';
      expect(tested).toMatch(/Server main: connected in \d+ ms, \d+ tools/);
      expect(tested).toMatch(/Server web: connected in \d+ ms, \d+ tools/);
      expect(tested).toContain('get-sum');

      // Allow two tools of the stdio server, picked from its live list.
      const allowList = clients.allowList('main');
      await allowList.getByRole('radio', { name: 'Only the tools ticked below' }).check();
      await allowList.getByRole('checkbox', { name: 'echo', exact: true }).check();
      await allowList.getByRole('checkbox', { name: 'get-sum', exact: true }).check();
      await allowList.getByRole('textbox', { name: 'Description for echo' }).fill('Says it back');
      await clients.textbox('Change message').fill('Allow echo and get-sum');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await clients.save();
      await clients.announced('Version 2 saved');
      await clients.versionRow(2).getByText('Allow echo and get-sum').waitFor();
      const saved = (await api('GET', '/api/mcp-clients/reference-servers')).body.version;
      expect(saved.servers.main.tools).toEqual({ echo: { description: 'Says it back' }, 'get-sum': {} });
      expect(saved.servers.web).toEqual({ type: 'http', url: http.url });
      await saveScreenshot(page, 'mcp-client');

      // An agent picks the two allowed tools; the other tools of that server are not offered.
      expect(
        (
          await api('POST', '/api/agents', {
            id: 'mcp-user',
            name: 'MCP user',
            model: 'openai/gpt-4o-mini',
            instructions: 'Use the reference tools.',
          })
        ).status,
      ).toBe(201);
      const editor = new AgentEditorPage(page, baseUrl);
      await editor.open('mcp-user');
      await editor.tab('Tools');
      const group = editor.toolGroup('MCP: Reference servers');
      await group.getByRole('checkbox', { name: 'main_echo', exact: true }).waitFor(patience);
      expect(await group.getByRole('checkbox', { name: 'main_get-tiny-image', exact: true }).count()).toBe(0);
      expect(await group.getByRole('checkbox', { name: 'web_get-tiny-image', exact: true }).count()).toBe(1);
      expect(await group.getByRole('textbox', { name: 'Description for main_echo' }).count()).toBe(0);
      await group.getByRole('checkbox', { name: 'main_echo', exact: true }).check();
      await group.getByRole('checkbox', { name: 'main_get-sum', exact: true }).check();
      expect(await group.getByRole('textbox', { name: 'Description for main_echo' }).getAttribute('placeholder')).toBe(
        'Says it back',
      );
      await editor.save('Reference tools');
      await editor.announced('Version 2 saved');
      expect((await api('GET', '/api/agents/mcp-user')).body.version.mcpClients).toEqual({
        'reference-servers': { tools: { main_echo: {}, 'main_get-sum': {} } },
      });
      await editor.tab('Preview');
      await editor.resolve('{}');
      await expect
        .poll(async () => (await editor.resolvedTools().allTextContents()).join('\n'), patience)
        .toContain('main_get-sum');

      // Restore version 1 of the client: the allow-list goes back to "all", with no reload.
      await clients.open('reference-servers');
      await clients.versionRow(1).getByRole('button', { name: 'Restore version 1' }).click();
      await clients.announced('Version 3 saved');
      await expect
        .poll(
          () => clients.allowList('main').getByRole('radio', { name: 'All tools the server lists' }).isChecked(),
          patience,
        )
        .toBe(true);
      expect((await api('GET', '/api/mcp-clients/reference-servers')).body.version.servers.main.tools).toBeUndefined();
      expect(errors).toEqual([]);
      await page.close();
    },
    walkTimeoutMs,
  );

  // Stdio MCP servers, integrations and settings are for admins: an editor cannot run this walk.
  it.skipIf(signedInAsEditor())(
    'keeps an environment secret masked once saved, and Replace asks for a new value',
    async () => {
      const created = await api('POST', '/api/mcp-clients', {
        id: 'with-secret',
        name: 'With a secret',
        servers: { main: { type: 'stdio', command: process.execPath, args: [everythingServerPath, 'stdio'] } },
      });
      expect(created.status).toBe(201);
      const { page, errors, clients } = await newPage();
      await clients.open('with-secret');
      const server = clients.server('main');
      await server.getByRole('button', { name: 'Add variable' }).click();
      await server.getByRole('textbox', { name: 'Variable name' }).fill('API_TOKEN');
      const value = server.getByLabel('Value of API_TOKEN', { exact: true });
      expect(await value.getAttribute('type')).toBe('password');
      await value.fill('sk-test-1234567890abcd');
      await clients.save();
      await clients.announced('Version 2 saved');
      await expect
        .poll(() => server.getByLabel('Value of API_TOKEN', { exact: true }).inputValue(), patience)
        .toBe('••••abcd');
      expect(await page.content()).not.toContain('sk-test-1234567890abcd');
      expect(await server.getByRole('button', { name: 'Replace Value of API_TOKEN' }).count()).toBe(1);

      // Saving something else keeps the secret (the masked value is sent back).
      await clients.textbox('Description').fill('Holds a token');
      await clients.save();
      await clients.announced('Version 3 saved');
      const version3 = (await api('GET', '/api/mcp-clients/with-secret')).body.version;
      expect(version3.servers.main.env).toEqual({ API_TOKEN: '••••abcd' });
      expect(version3.changedFields).toEqual(['description']);

      await server.getByRole('button', { name: 'Replace Value of API_TOKEN' }).click();
      // The field empties when React renders the click, which may come after the click returns.
      await expect.poll(() => server.getByLabel('Value of API_TOKEN', { exact: true }).inputValue(), patience).toBe('');
      await server.getByLabel('Value of API_TOKEN', { exact: true }).fill('sk-test-new-value-9876');
      await clients.save();
      await clients.announced('Version 4 saved');
      expect((await api('GET', '/api/mcp-clients/with-secret')).body.version.servers.main.env).toEqual({
        API_TOKEN: '••••9876',
      });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  // Every test server listens on a loopback address, and with sign-in on only admins may test or save
  // a server there (docs/mcp.md): an editor cannot run this walk.
  it.skipIf(signedInAsEditor())(
    "shows a server's error in Test connection next to a working server, and saves its timeout",
    async () => {
      const created = await api('POST', '/api/mcp-clients', {
        id: 'half-working',
        name: 'Half working',
        servers: {
          good: { type: 'http', url: http.url },
          gone: { type: 'http', url: 'http://127.0.0.1:9/mcp', timeout: 2000 },
        },
      });
      expect(created.status).toBe(201);
      const { page, errors, clients } = await newPage();
      await clients.open('half-working');
      expect(await clients.server('gone').getByRole('textbox', { name: 'Timeout (ms)' }).inputValue()).toBe('2000');
      const results = await clients.testConnection();
      await expect.poll(async () => (await results.textContent()) ?? '', patience).toContain('Server gone: failed');
      const tested = (await results.textContent()) ?? '';
      expect(tested).toMatch(/Server good: connected in \d+ ms/);
      // The failed server's item carries the error itself, not only the word "failed".
      const gone = (await results.getByRole('listitem').filter({ hasText: 'Server gone' }).textContent()) ?? '';
      expect(gone.replace('Server gone: failed', '').trim()).not.toBe('');
      await clients.server('gone').getByRole('textbox', { name: 'Timeout (ms)' }).fill('3000');
      await clients.save();
      await clients.announced('Version 2 saved');
      expect((await api('GET', '/api/mcp-clients/half-working')).body.version.servers.gone.timeout).toBe(3000);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  // Stdio MCP servers, integrations and settings are for admins: an editor cannot run this walk.
  it.skipIf(signedInAsEditor())(
    'refuses a stdio command that is not on the allow-list, in plain words naming the setting',
    async () => {
      const { page, errors, clients } = await newPage();
      await page.goto(`${baseUrl}/new-mcp-client`);
      await clients.textbox('Name').waitFor();
      await saveScreenshot(page, 'new-mcp-client');
      await clients.textbox('Name').fill('Not allowed');
      await clients.fillStdio('main', { command: 'npx', args: ['-y', 'some-mcp-server'] });
      await clients.save();
      const command = clients.server('main').getByRole('textbox', { name: 'Command' });
      await expect.poll(() => clients.errorOf(command), patience).toContain('STUDIO_STDIO_ALLOWED_COMMANDS');
      expect(await clients.errorOf(command)).toContain('does not allow saved servers to run "npx"');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect((await api('GET', '/api/mcp-clients/not-allowed')).status).toBe(404);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('pages past 50 clients', async () => {
    const ids = Array.from({ length: 51 }, (_, index) => `paged-client-${String(index).padStart(2, '0')}`);
    for (const id of ids)
      expect(
        (
          await api('POST', '/api/mcp-clients', {
            id,
            name: id,
            servers: { main: { type: 'http', url: 'http://127.0.0.1:9/mcp' } },
          })
        ).status,
      ).toBe(201);
    try {
      const { page, errors, clients } = await newPage();
      await clients.openList();
      const first = await page.getByRole('table').getByRole('link').allTextContents();
      expect(first).toHaveLength(50);
      await page
        .getByRole('navigation', { name: 'Pages of MCP clients' })
        .getByRole('link', { name: 'Next page' })
        .click();
      await page.getByRole('link', { name: 'First page' }).waitFor();
      const second = await page.getByRole('table').getByRole('link').allTextContents();
      expect(second.length).toBeGreaterThan(0);
      expect(new Set([...first, ...second]).size).toBe(first.length + second.length);
      for (const id of ids) expect([...first, ...second]).toContain(id);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      for (const id of ids) await api('DELETE', `/api/mcp-clients/${id}`);
    }
  });
});
