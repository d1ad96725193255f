/**
 * The Conditions tab's other tool fields in a real browser: a variant of MCP clients (a saved client
 * on a real npm MCP server), of integration tools (a stored OpenAPI document) and of tool providers
 * (the browser configuration's helpdesk provider), each built through the UI with its rule and its
 * tools ticked in the same picker as the Tools tab; saved, reloaded and stored unchanged; and
 * Preview shows each variant's tools for a matching request context and not for another.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEverythingHttp, type RunningHttpServer } from '../support/mcp/servers';
import { AgentEditorPage } from './pages/agent-editor-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { screenshotPath, watchConsoleErrors } from './support/page-watch';

const baseUrl = inject('serverUrl');
const patience = { timeout: 30_000 };
const walkTimeoutMs = 240_000;

const api = apiOf(baseUrl);

const petStore = {
  type: 'openapi',
  name: 'Pet shop',
  document: {
    openapi: '3.1.0',
    info: { title: 'Pet shop', version: '1.0' },
    servers: [{ url: 'http://127.0.0.1:9' }],
    paths: {
      '/pets': {
        get: { operationId: 'listPets', summary: 'List the pets', responses: { 200: { description: 'ok' } } },
      },
      '/pets/{petId}': {
        get: {
          operationId: 'showPet',
          summary: 'One pet',
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'ok' } },
        },
      },
    },
  },
};

const proRule = { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] };
const bigTeamRule = { operator: 'AND', conditions: [{ field: 'seats', operator: 'greater_than', value: 10 }] };

describe('conditions: variants of MCP clients, integration tools and tool providers in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let http: RunningHttpServer;

  beforeAll(async () => {
    browser = await launchBrowser();
    http = await startEverythingHttp({ mode: 'streamableHttp' });
    const client = await api('POST', '/api/mcp-clients', {
      id: 'variant-mcp',
      name: 'Variant MCP',
      servers: { web: { type: 'http', url: http.url, timeout: 20_000 } },
    });
    expect(client.status).toBe(201);
    expect((await api('PUT', '/api/integrations/pet-shop', petStore)).status).toBe(201);
    const agent = await api('POST', '/api/agents', {
      id: 'sourced-variants',
      name: 'Sourced variants',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help with the plan.',
      requestContextSchema: {
        type: 'object',
        properties: { tier: { type: 'string', enum: ['free', 'pro'] }, seats: { type: 'integer' } },
      },
    });
    expect(agent.status).toBe(201);
  });
  afterAll(async () => {
    // Later browser files list MCP clients and integrations: leave them as this file found them.
    await api('DELETE', '/api/agents/sourced-variants');
    await api('DELETE', '/api/mcp-clients/variant-mcp');
    await api('DELETE', '/api/integrations/pet-shop');
    await browser?.close();
    await http?.stop();
  });

  it(
    'adds a variant to each field through the UI, picks its tools, and Preview includes them only when the rule matches',
    async () => {
      const page = await browser.context.newPage();
      const errors = watchConsoleErrors(page);
      const editor = new AgentEditorPage(page, baseUrl);
      await editor.open('sourced-variants');
      await editor.tab('Conditions');

      // MCP clients: one variant for pro accounts, with two tools of the client's live list.
      await editor.conditionsField('MCP clients').getByRole('button', { name: 'Add variant' }).click();
      const mcpVariant = editor.variant('MCP clients', 1);
      expect(await mcpVariant.getByRole('group', { name: /^Rule \d+$/ }).count()).toBe(1);
      await editor.setRule(mcpVariant, 1, { field: 'tier', operator: 'equals', value: 'pro' });
      const mcpGroup = mcpVariant.getByRole('group', { name: 'MCP: Variant MCP', exact: true });
      await mcpGroup.getByRole('checkbox', { name: 'web_echo', exact: true }).check(patience);
      await mcpGroup.getByRole('checkbox', { name: 'web_get-sum', exact: true }).check();

      // Integration tools: pro accounts get listPets; teams over 10 seats get showPet as well.
      const integrations = editor.conditionsField('Integration tools');
      await integrations.getByRole('button', { name: 'Add variant' }).click();
      await integrations.getByRole('button', { name: 'Add variant' }).click();
      const petsForPro = editor.variant('Integration tools', 1);
      await editor.setRule(petsForPro, 1, { field: 'tier', operator: 'equals', value: 'pro' });
      await petsForPro.getByRole('group', { name: 'Integrations' }).getByRole('checkbox', { name: 'listPets' }).check();
      const petsForTeams = editor.variant('Integration tools', 2);
      await editor.setRule(petsForTeams, 1, { field: 'seats', operator: 'greater than', value: '10' });
      await petsForTeams
        .getByRole('group', { name: 'Integrations' })
        .getByRole('checkbox', { name: 'showPet' })
        .check();

      // Tool providers: the helpdesk's ticket tool for pro accounts.
      await editor.conditionsField('Tool providers').getByRole('button', { name: 'Add variant' }).click();
      const helpdesk = editor.variant('Tool providers', 1);
      await editor.setRule(helpdesk, 1, { field: 'tier', operator: 'equals', value: 'pro' });
      await helpdesk.getByRole('group', { name: 'Providers' }).getByRole('checkbox', { name: 'TICKETS_POST' }).check();
      // Instructions: a block for pro accounts, added here rather than on the Basics tab.
      await editor.conditionsField('Instructions').getByRole('button', { name: 'Add variant' }).click();
      const proBlock = editor.variant('Instructions', 2);
      await editor.setRule(proBlock, 1, { field: 'tier', operator: 'equals', value: 'pro' });
      await proBlock.getByRole('textbox', { name: 'Block text' }).fill('Offer the pro onboarding call.');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await editor.save('Sources by plan');
      await editor.announced('Version 2 saved');
      const expected = {
        mcpClients: [{ value: { 'variant-mcp': { tools: { web_echo: {}, 'web_get-sum': {} } } }, rules: proRule }],
        integrationTools: [
          { value: { 'pet-shop': { tools: { listPets: {} } } }, rules: proRule },
          { value: { 'pet-shop': { tools: { showPet: {} } } }, rules: bigTeamRule },
        ],
        toolProviders: [{ value: { helpdesk: { tools: { TICKETS_POST: { toolkit: 'tickets' } } } }, rules: proRule }],
        instructions: [
          { type: 'text', content: 'Help with the plan.' },
          { type: 'prompt_block', content: 'Offer the pro onboarding call.', rules: proRule },
        ],
      };
      const stored = async () => {
        const { mcpClients, integrationTools, toolProviders, instructions } = (
          await api('GET', '/api/agents/sourced-variants')
        ).body.version;
        return { mcpClients, integrationTools, toolProviders, instructions };
      };
      expect(await stored()).toEqual(expected);

      // After a reload every picker shows what was stored, and saving finds nothing changed.
      await page.reload();
      await editor.tab('Conditions');
      const reloadedMcp = editor.variant('MCP clients', 1).getByRole('group', { name: 'MCP: Variant MCP' });
      await expect
        .poll(() => reloadedMcp.getByRole('checkbox', { name: 'web_get-sum', exact: true }).isChecked(), patience)
        .toBe(true);
      expect(await reloadedMcp.getByRole('checkbox', { name: 'web_echo', exact: true }).isChecked()).toBe(true);
      expect(await reloadedMcp.getByRole('checkbox', { name: 'web_add', exact: true }).count()).toBe(0);
      expect(
        await editor
          .variant('Integration tools', 2)
          .getByRole('group', { name: 'Rule 1' })
          .getByRole('combobox', { name: 'Field' })
          .inputValue(),
      ).toBe('seats');
      expect(await editor.variant('Integration tools', 1).getByRole('checkbox', { name: 'listPets' }).isChecked()).toBe(
        true,
      );
      expect(await editor.variant('Integration tools', 1).getByRole('checkbox', { name: 'showPet' }).isChecked()).toBe(
        false,
      );
      expect(await editor.variant('Integration tools', 2).getByRole('checkbox', { name: 'showPet' }).isChecked()).toBe(
        true,
      );
      expect(
        await editor.variant('Tool providers', 1).getByRole('checkbox', { name: 'TICKETS_POST' }).isChecked(),
      ).toBe(true);
      expect(
        await editor
          .variant('Tool providers', 1)
          .getByRole('group', { name: 'Providers' })
          .getByRole('checkbox', { checked: true })
          .count(),
      ).toBe(1);
      expect(await editor.variant('Instructions', 2).getByRole('textbox', { name: 'Block text' }).inputValue()).toBe(
        'Offer the pro onboarding call.',
      );
      await editor.button('Save').click();
      await editor.announced('Nothing to save: no field has changed.');
      expect(await stored()).toEqual(expected);

      // Preview: each variant's tools appear only for a request context its rule matches.
      await editor.tab('Preview');
      const resolvedNames = async () => (await editor.resolvedTools().allTextContents()).join('\n');
      await editor.resolve('{"tier":"pro","seats":20}');
      await expect
        .poll(() => editor.matchedVariants().allTextContents(), patience)
        .toEqual([
          'MCP clients: Variant 1 matched',
          'Integration tools: Variant 1, Variant 2 matched',
          'Tool providers: Variant 1 matched',
          'Instructions: Variant 1, Variant 2 included',
        ]);
      expect(await editor.instructions().textContent()).toContain('Offer the pro onboarding call.');
      const forProTeam = await resolvedNames();
      for (const name of ['web_echo', 'web_get-sum', 'showPet', 'TICKETS_POST']) expect(forProTeam).toContain(name);
      // The later matching variant replaced the integration's whole entry, listPets included.
      expect(forProTeam).not.toContain('listPets');
      expect(forProTeam).not.toContain('web_add');

      await editor.resolve('{"tier":"pro","seats":2}');
      await expect
        .poll(() => editor.matchedVariants().allTextContents(), patience)
        .toEqual([
          'MCP clients: Variant 1 matched',
          'Integration tools: Variant 1 matched',
          'Tool providers: Variant 1 matched',
          'Instructions: Variant 1, Variant 2 included',
        ]);
      const forPro = await resolvedNames();
      for (const name of ['web_echo', 'web_get-sum', 'listPets', 'TICKETS_POST']) expect(forPro).toContain(name);
      expect(forPro).not.toContain('showPet');

      await editor.resolve('{"tier":"free","seats":20}');
      await expect
        .poll(() => editor.matchedVariants().allTextContents(), patience)
        .toEqual([
          'MCP clients: no variant matched, so the field is empty',
          'Integration tools: Variant 2 matched',
          'Tool providers: no variant matched, so the field is empty',
          'Instructions: Variant 1 included',
        ]);
      expect(await editor.instructions().textContent()).not.toContain('onboarding');
      const forFree = await resolvedNames();
      expect(forFree).toContain('showPet');
      for (const name of ['web_echo', 'web_get-sum', 'listPets', 'TICKETS_POST']) expect(forFree).not.toContain(name);

      await editor.resolve('{"tier":"free","seats":2}');
      await page.getByText('No tools for this request context.').waitFor(patience);
      expect(await editor.matchedVariants().allTextContents()).toEqual([
        ...['MCP clients', 'Integration tools', 'Tool providers'].map(
          (field) => `${field}: no variant matched, so the field is empty`,
        ),
        'Instructions: Variant 1 included',
      ]);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
    walkTimeoutMs,
  );

  it(
    "shows on the Tools tab what each source's variants pick and when, ticked and editable",
    async () => {
      const page = await browser.context.newPage();
      const errors = watchConsoleErrors(page);
      const editor = new AgentEditorPage(page, baseUrl);
      await editor.open('sourced-variants');
      const tools = await editor.tab('Tools');
      const row = (group: ReturnType<AgentEditorPage['toolGroup']>, name: string) =>
        group.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name, exact: true }) });

      // The MCP client is picked for pro accounts only: said once for the client, its tools ticked.
      const mcpGroup = editor.toolGroup('MCP: Variant MCP');
      const echo = mcpGroup.getByRole('checkbox', { name: 'web_echo', exact: true });
      await expect.poll(() => echo.isChecked(), patience).toBe(true);
      expect(await echo.isEnabled()).toBe(true);
      expect(await mcpGroup.getByRole('checkbox', { name: 'web_get-sum', exact: true }).isChecked()).toBe(true);
      expect(await mcpGroup.getByRole('checkbox', { name: 'web_get-tiny-image', exact: true }).isChecked()).toBe(false);
      expect(await mcpGroup.getByText('Only when tier is pro', { exact: true }).count()).toBe(1);

      // The integration's variants pick different operations under different rules: each says its own.
      const integrations = editor.toolGroup('Integrations');
      expect(await integrations.getByRole('region', { name: 'Pet shop' }).textContent()).toContain(
        'Only when tier is pro or seats is more than 10',
      );
      expect(await row(integrations, 'listPets').textContent()).toContain('Only when tier is pro');
      expect(await row(integrations, 'showPet').textContent()).toContain('Only when seats is more than 10');
      expect(await integrations.getByRole('checkbox', { name: 'showPet' }).isEnabled()).toBe(true);
      const providers = editor.toolGroup('Providers');
      expect(await providers.getByRole('checkbox', { name: 'TICKETS_POST' }).isChecked()).toBe(true);
      expect(await providers.getByRole('region', { name: 'Helpdesk hub' }).textContent()).toContain(
        'Only when tier is pro',
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('tools-conditional-sources'), fullPage: true });

      // Ticking here includes a tool for every request: it goes into a variant without rules, first.
      await mcpGroup.getByRole('checkbox', { name: 'web_get-tiny-image', exact: true }).check();
      expect(
        await row(mcpGroup, 'web_get-tiny-image')
          .getByText(/^Only when/)
          .count(),
      ).toBe(0);
      // The client is now picked for every request; its pro-only tools say so each.
      expect(await mcpGroup.getByText('Only when tier is pro', { exact: true }).count()).toBe(2);
      expect(await row(mcpGroup, 'web_echo').getByText('Only when tier is pro', { exact: true }).count()).toBe(1);
      expect(await tools.getByRole('checkbox', { name: 'web_get-tiny-image', exact: true }).isChecked()).toBe(true);
      await editor.save('the tiny image for everyone');
      await editor.announced('Version 3 saved');
      expect((await api('GET', '/api/agents/sourced-variants')).body.version.mcpClients).toEqual([
        { value: { 'variant-mcp': { tools: { 'web_get-tiny-image': {} } } } },
        { value: { 'variant-mcp': { tools: { web_echo: {}, 'web_get-sum': {} } } }, rules: proRule },
      ]);
      expect(errors).toEqual([]);
      await page.close();
    },
    walkTimeoutMs,
  );
});
