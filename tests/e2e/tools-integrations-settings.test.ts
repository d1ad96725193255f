/**
 * The Tools, Integrations and Settings pages in a real browser: run a registered tool with valid
 * and invalid input; store an OpenAPI document (pasted YAML, then an uploaded JSON file) and see
 * and search its operations; find a save in the audit log with its filters, and page past 50.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IntegrationsPage } from './pages/integrations-page';
import { SettingsPage } from './pages/settings-page';
import { ToolsPage } from './pages/tools-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { signedInAsEditor } from './support/credentials';
import { saveScreenshot, watchConsoleErrors } from './support/page-watch';

const baseUrl = inject('serverUrl');
const patience = { timeout: 20_000 };

const api = apiOf(baseUrl);

const petsYaml = `openapi: 3.0.3
info:
  title: Pet store
  version: '1.0'
servers:
  - url: http://127.0.0.1:9
paths:
  /pets:
    get:
      operationId: listPets
      summary: List the pets in the store
      responses:
        '200':
          description: ok
    post:
      operationId: createPet
      summary: Add a pet
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                name: { type: string }
      responses:
        '201':
          description: created
  /pets/{petId}:
    get:
      operationId: showPet
      summary: One pet by its id
      parameters:
        - name: petId
          in: path
          required: true
          schema: { type: string }
      responses:
        '200':
          description: ok
`;

describe('tools, integrations and settings pages in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let folder: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    folder = mkdtempSync(join(tmpdir(), 'studio-upload-'));
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function newPage() {
    const page = await browser.context.newPage();
    return { page, errors: watchConsoleErrors(page) };
  }

  it('runs a registered tool from its page with valid input and with invalid input', async () => {
    const { page, errors } = await newPage();
    const tools = new ToolsPage(page, baseUrl);
    expect(await tools.openList()).toBe(200);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'tools');
    await tools.toolLink('convert-units').click();
    await page.getByRole('heading', { level: 1, name: 'convert-units' }).waitFor();

    // The schemas as tables, the annotations with the MCP defaults.
    const input = tools.table('Input of convert-units');
    expect(
      await input
        .getByRole('row')
        .filter({ hasText: /^value/ })
        .textContent(),
    ).toContain('number');
    // convert-units declares every hint but destructiveHint, whose MCP default says nothing of a read-only tool.
    expect(await page.getByText('no (read-only)').count()).toBe(1);
    expect(await page.getByText('(default)').count()).toBe(0);
    expect(
      await tools.table('Output of convert-units').getByRole('cell', { name: 'formatted', exact: true }).count(),
    ).toBe(1);

    // Valid input through the generated form.
    await tools.field('value').fill('10');
    await tools.field('from', 'combobox').selectOption({ label: 'km' });
    await tools.field('to', 'combobox').selectOption({ label: 'mi' });
    await tools.run();
    expect(await tools.result().textContent()).toContain('10 km = 6.21371 mi');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'tool');

    // Invalid input: the validation error the model would get.
    await tools.field('to', 'combobox').selectOption({ label: 'kg' });
    await tools.run();
    const result = (await tools.result().textContent()) ?? '';
    expect(result).toContain('Tool input validation failed for convert-units');
    expect(result).toContain('Cannot convert length (km) to mass (kg)');
    // A number field holding words is sent as they are, and the tool's validation says so.
    await tools.field('value').fill('ten');
    await tools.run();
    expect(await tools.result().getByRole('list', { name: 'Validation errors' }).textContent()).toMatch(/value/);

    // The same input as JSON, and a request context.
    await tools.button('Edit input as JSON').click();
    await page.getByRole('textbox', { name: 'Input (JSON)' }).fill('{"value": 0, "from": "c", "to": "f"}');
    await page.getByRole('textbox', { name: 'Request context' }).fill('{"userId": "u1"}');
    await tools.run();
    expect(await tools.result().textContent()).toContain('0 c = 32 f');
    await tools.button('Edit input as a form').click();
    expect(await tools.field('value').inputValue()).toBe('0');
    expect(errors).toEqual([]);
    await page.close();
  });

  // Stdio MCP servers, integrations and settings are for admins: an editor cannot run this walk.
  it.skipIf(signedInAsEditor())(
    'stores an OpenAPI document by paste and by upload and shows its operations, with search',
    async () => {
      const { page, errors } = await newPage();
      const integrations = new IntegrationsPage(page, baseUrl);
      expect(await integrations.openList()).toBe(200);
      await integrations.newIntegration().click();
      await integrations.textbox('Name').waitFor();
      await saveScreenshot(page, 'new-integration');
      await integrations.textbox('Name').fill('Pet store');
      expect(await integrations.textbox('Id').inputValue()).toBe('pet-store');

      // A broken document: every problem with its path.
      await integrations.document().fill('openapi: 2.0\ninfo: {}\n');
      await integrations.save();
      await expect.poll(() => integrations.documentProblems().count(), patience).toBeGreaterThan(0);
      expect((await integrations.documentProblems().allTextContents()).join('\n')).toContain('document.openapi');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await integrations.document().fill(petsYaml);
      await page.getByRole('combobox', { name: 'Authentication' }).selectOption('bearer');
      await page.getByLabel('Token', { exact: true }).fill('pet-token-123456789');
      await integrations.save();
      await page.waitForURL('**/integrations/pet-store', patience);
      await expect.poll(() => integrations.operations().count(), patience).toBe(3);
      expect(await integrations.operations().allTextContents()).toEqual([
        expect.stringContaining('listPets'),
        expect.stringContaining('createPet'),
        expect.stringContaining('showPet'),
      ]);
      await integrations.search().fill('one pet');
      expect(await integrations.operations().allTextContents()).toEqual([expect.stringContaining('showPet')]);
      await integrations.search().fill('');
      expect(await page.getByLabel('Token', { exact: true }).inputValue()).toBe('••••6789');
      expect(await page.content()).not.toContain('pet-token-123456789');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'integration');

      // Upload a JSON file replacing the document; the catalogue updates without a reload, the token is kept.
      const file = join(folder, 'pets.json');
      writeFileSync(
        file,
        JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'Pet store', version: '2.0' },
          servers: [{ url: 'http://127.0.0.1:9' }],
          paths: {
            '/owners': {
              get: { operationId: 'listOwners', summary: 'List owners', responses: { 200: { description: 'ok' } } },
            },
          },
        }),
      );
      await integrations.documentFile().setInputFiles(file);
      await expect.poll(() => integrations.document().inputValue(), patience).toContain('listOwners');
      await integrations.save();
      await expect
        .poll(() => integrations.operations().allTextContents(), patience)
        .toEqual([expect.stringContaining('listOwners')]);
      const stored = (await api('GET', '/api/integrations/pet-store')).body.integration;
      expect(stored.credentials).toEqual({ type: 'bearer', token: '••••6789' });

      await integrations.openList();
      await page.getByRole('link', { name: 'Pet store', exact: true }).waitFor();
      // Tool providers with their toolkits and the connections an agent can pin.
      const provider = page.getByRole('region', { name: 'Provider Helpdesk hub' });
      expect(await provider.textContent()).toContain('Open and update support tickets');
      expect(await provider.getByRole('list', { name: 'Connections of Tickets' }).textContent()).toContain(
        'support desk',
      );
      expect(await provider.getByText('No connections to pin.').count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'integrations');
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  // Stdio MCP servers, integrations and settings are for admins: an editor cannot run this walk.
  it.skipIf(signedInAsEditor())(
    'shows a catalogue of 150 operations 100 at a time, and search goes back to the first page',
    async () => {
      const paths = Object.fromEntries(
        Array.from({ length: 150 }, (_, index) => {
          const number = String(index).padStart(3, '0');
          return [
            `/items/${number}`,
            {
              get: {
                operationId: `getItem${number}`,
                summary: `Item ${number}`,
                responses: { 200: { description: 'ok' } },
              },
            },
          ];
        }),
      );
      const stored = await api('PUT', '/api/integrations/many-operations', {
        type: 'openapi',
        name: 'Many operations',
        document: {
          openapi: '3.1.0',
          info: { title: 'Many', version: '1' },
          servers: [{ url: 'http://127.0.0.1:9' }],
          paths,
        },
      });
      expect(stored.status).toBe(201);
      const { page, errors } = await newPage();
      const integrations = new IntegrationsPage(page, baseUrl);
      await page.goto(`${baseUrl}/integrations/many-operations`);
      await expect.poll(() => integrations.operations().count(), patience).toBe(100);
      expect(await integrations.operations().first().textContent()).toContain('getItem000');
      const pages = page.getByRole('navigation', { name: 'Pages of operations' });
      expect(await pages.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
      await pages.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => integrations.operations().count(), patience).toBe(50);
      expect(await integrations.operations().first().textContent()).toContain('getItem100');
      expect(await pages.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
      await integrations.search().fill('Item 14');
      await expect.poll(() => integrations.operations().count(), patience).toBe(10);
      expect(await page.getByRole('navigation', { name: 'Pages of operations' }).count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  // Stdio MCP servers, integrations and settings are for admins: an editor cannot run this walk.
  it.skipIf(signedInAsEditor())(
    'finds a save in the audit log by who, what and which, and pages past 50 entries',
    async () => {
      expect(
        (
          await api('POST', '/api/agents', {
            id: 'audited',
            name: 'Audited',
            model: 'openai/gpt-4o-mini',
            instructions: 'v1',
          })
        ).status,
      ).toBe(201);
      for (let number = 2; number <= 56; number += 1)
        expect(
          (await api('PATCH', '/api/agents/audited', { baseVersionNumber: number - 1, instructions: `v${number}` }))
            .status,
        ).toBe(200);
      const { page, errors } = await newPage();
      const settings = new SettingsPage(page, baseUrl);
      expect(await settings.open()).toBe(200);
      expect(
        await settings
          .settingsTable()
          .getByRole('row')
          .filter({ hasText: 'STUDIO_STDIO_ALLOWED_COMMANDS' })
          .textContent(),
      ).toContain(process.execPath);
      expect(
        await settings.settingsTable().getByRole('row').filter({ hasText: 'SECRETS_KEY' }).textContent(),
      ).not.toMatch(/[A-Za-z0-9+/]{32}/);
      // The settings in force are read, not edited, here: they come from the environment.
      expect(await settings.settingsTable().locator('input, textarea, select, button').count()).toBe(0);
      // The log speaks in words: actions, field names and details, never their codes.
      const whatOptions = await page.getByRole('combobox', { name: 'What' }).locator('option').allTextContents();
      expect(whatOptions).toContain('Saved a version');
      expect(whatOptions).toContain('Created an MCP client');
      expect(whatOptions.filter((words) => /[._]/.test(words))).toEqual([]);
      // Who is written and filtered in the words the log shows ("the local user" is recorded `local`).
      await settings.filter({ who: 'the local user', what: 'Saved a version', id: 'audited' });
      await page.waitForURL(/what=agent.save/);
      await expect.poll(() => settings.auditRows().count(), patience).toBe(50);
      const newest = await settings.auditRows().first().textContent();
      expect(newest).toContain('the local user');
      expect(newest).toContain('Saved a version');
      expect(newest).toContain('Changed: Instructions');
      expect(newest).toContain('Version: 56');
      expect(newest).not.toMatch(/agent\.save|changedFields|versionNumber|instructions/);
      await page
        .getByRole('navigation', { name: 'Pages of the audit log' })
        .getByRole('link', { name: 'Next page' })
        .click();
      await expect.poll(() => settings.auditRows().count(), patience).toBe(5);
      expect(await settings.auditRows().last().textContent()).toContain('Version: 2');
      expect(page.url()).toContain('id=audited');

      // A day range that ends before today finds nothing; today's finds the create.
      const today = new Date().toISOString().slice(0, 10);
      await settings.filter({ what: 'Created an agent', from: today, to: today });
      await expect.poll(() => settings.auditRows().count(), patience).toBe(1);
      const created = await settings.auditRows().first().textContent();
      expect(created).toContain('Created an agent');
      // Nothing was left out of the new agent, so no empty list is shown.
      expect(created).not.toMatch(/droppedFields|Not saved|\[\]|null/);
      await settings.filter({ from: '2000-01-01', to: '2000-01-02' });
      await page.getByText('No change matches these filters.').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await page.waitForURL(`${baseUrl}/settings`);
      // The fields show that no filter is in force any more.
      await expect.poll(() => page.getByLabel('From').inputValue(), patience).toBe('');
      expect(await page.getByRole('textbox', { name: 'Who' }).inputValue()).toBe('');
      const client = {
        id: 'audited-client',
        name: 'Audited client',
        servers: { main: { type: 'http', url: 'http://127.0.0.1:9/mcp' } },
      };
      expect((await api('POST', '/api/mcp-clients', client)).status).toBe(201);
      expect((await api('PATCH', '/api/mcp-clients/audited-client', { description: 'Saved once' })).status).toBe(200);
      await settings.filter({ what: 'Saved an MCP client', id: 'audited-client' });
      await expect.poll(() => settings.auditRows().count(), patience).toBe(1);
      expect(await settings.auditRows().first().textContent()).toContain('Changed: Description');
      await saveScreenshot(page, 'settings');
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
