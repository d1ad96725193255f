/**
 * A person who does not write code configures an agent from start to finish in the editor: create,
 * pick tools (registered and from a saved MCP client on a real MCP server), reword a description,
 * save, preview, compare, publish, restore, and resolve a conflict with someone saving at the same
 * time. Every page and tab is scanned with axe; console errors fail the test.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { everythingServerPath } from '../support/mcp/servers';
import { AgentEditorPage } from './pages/agent-editor-page';
import { AgentsPage } from './pages/agents-page';
import { NewAgentPage } from './pages/new-agent-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { editorInWords, signedInAsEditor, signInContext } from './support/credentials';
import { saveScreenshot, watchConsoleErrors, shownText } from './support/page-watch';

const baseUrl = inject('serverUrl');
const agentId = 'support-triage';
/** The first MCP listing starts a server process; the page may take a moment. */
const patience = { timeout: 20_000 };
/** The whole walk takes about 30 s on a quiet machine; a shared one may double it. */
const walkTimeoutMs = 180_000;

const api = apiOf(baseUrl);

describe('the agent editor, start to finish, in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const saved = await api('POST', '/api/mcp-clients', {
      id: 'everything',
      name: 'Everything',
      servers: { everything: { type: 'stdio', command: process.execPath, args: [everythingServerPath, 'stdio'] } },
    });
    expect(saved.status).toBe(201);
  });
  afterAll(() => browser?.close());

  async function newPage() {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    return { page, errors };
  }

  it(
    'creates an agent, picks tools, saves, previews, compares, publishes and restores',
    async () => {
      const { page, errors } = await newPage();
      const agents = new AgentsPage(page, baseUrl);
      expect(await agents.open()).toBe(200);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'agents');
      await agents.newAgent().click();

      const form = new NewAgentPage(page);
      await form.create().waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await form.create().click();
      await expect.poll(() => form.errorOf('Name'), patience).toBe('The name is empty');
      await form.fill({
        name: 'Support triage',
        description: 'Sorts incoming tickets',
        instructions: 'Help {{user.name || "the customer"}} with their ticket.',
        model: 'openai/gpt-4o-mini',
      });
      expect(await form.field('Id').inputValue()).toBe(agentId);
      await saveScreenshot(page, 'new-agent');
      await form.create().click();

      const editor = new AgentEditorPage(page, baseUrl);
      await page.waitForURL(`**/agents/${agentId}`);
      await expect.poll(() => shownText(editor.heading()), patience).toBe('Support triage');
      expect(await page.getByText('Draft', { exact: true }).count()).toBe(1);
      expect(await editor.textbox('Name').inputValue()).toBe('Support triage');
      expect(await editor.model().inputValue()).toBe('openai/gpt-4o-mini');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'editor-basics');

      // Tools: a registered tool and two tools of the saved MCP client, listed live from the server.
      await editor.tab('Tools');
      await editor.tool('convert-units').check();
      await editor.tool('everything_echo').check();
      await editor.tool('everything_get-sum').check();
      expect(await editor.toolGroup('Registered tools').count()).toBe(1);
      // The built-in tools have a group of their own, with their descriptions.
      const builtIn = editor.toolGroup('Built-in tools');
      expect(await builtIn.getByRole('checkbox').count()).toBe(4);
      expect(await builtIn.getByText(/Ask the user a question/).count()).toBe(1);
      expect(await builtIn.getByText(/Fetch a public web page/).count()).toBe(1);
      expect(await editor.toolGroup('MCP: Everything').count()).toBe(1);
      expect(await editor.toolGroup('Integrations').count()).toBe(1);
      expect(await editor.toolGroup('Providers').count()).toBe(1);
      const echoDescription = editor.descriptionFor('everything_echo');
      expect(await echoDescription.getAttribute('placeholder')).toMatch(/echo/i);
      await echoDescription.fill("Repeats the customer's words back");
      await page.getByRole('searchbox', { name: 'Search tools' }).fill('sum');
      expect(await editor.tool('everything_echo').count()).toBe(0);
      expect(await editor.tool('everything_get-sum').isChecked()).toBe(true);
      // A search that matches nothing says so, and no group offers to select tools it does not show.
      await page.getByRole('searchbox', { name: 'Search tools' }).fill('no-such-tool');
      await page.getByRole('status').filter({ hasText: 'No tools match \u201cno-such-tool\u201d.' }).waitFor(patience);
      for (const group of ['Registered tools', 'Built-in tools', 'MCP: Everything']) {
        expect(
          await editor
            .toolGroup(group)
            .getByRole('button', { name: /^Select (all|none)$/ })
            .count(),
        ).toBe(0);
        expect(await editor.toolGroup(group).getByText('No tools here match \u201cno-such-tool\u201d.').count()).toBe(
          1,
        );
      }
      await page.getByRole('searchbox', { name: 'Search tools' }).fill('');
      expect(await editor.toolGroup('Registered tools').getByRole('button', { name: 'Select all' }).count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'editor-tools');

      // The save dialog: keyboard-reachable, named, and clean for axe while open.
      await editor.button('Save').focus();
      await page.keyboard.press('Enter');
      const saveDialog = page.getByRole('dialog', { name: 'Save version' });
      await saveDialog.waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await saveDialog.waitFor({ state: 'detached' });
      await editor.save('Pick support tools');
      await editor.announced('Version 2 saved');

      // Versions: version 2 with its message and changed fields.
      await editor.tab('Versions');
      const version2 = editor.versionRow(2);
      await version2.waitFor();
      expect(await version2.textContent()).toContain('Pick support tools');
      expect(await version2.textContent()).toContain('Changed: Tools, MCP clients');

      // Preview two request contexts.
      await editor.tab('Preview');
      await editor.resolve('{}');
      await expect.poll(() => editor.resolvedTools().count(), patience).toBe(3);
      const names = await editor.resolvedTools().allTextContents();
      expect(names.join('\n')).toContain('everything_echo');
      expect(names.join('\n')).toContain("Repeats the customer's words back");
      expect(await editor.instructions().textContent()).toContain('Help the customer with their ticket.');
      await editor.resolve('{"user": {"name": "Ada"}}');
      await expect.poll(() => shownText(editor.instructions()), patience).toContain('Help Ada with their ticket.');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'editor-preview');

      // Compare versions 1 and 2: changed fields and the resolved-tool diff.
      await editor.tab('Versions');
      const comparison = await editor.compare(1, 2);
      await comparison.waitFor();
      const compared = (await comparison.textContent()) ?? '';
      expect(compared).toContain('Tools');
      expect(compared).toContain('MCP clients');
      expect(compared).toContain('Added: convert-units, everything_echo, everything_get-sum');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'editor-versions');

      // Publish, and the list shows it.
      await editor.publishButton().click();
      const publishDialog = page.getByRole('dialog', { name: 'Publish version 2' });
      await publishDialog.getByRole('region', { name: 'What goes live' }).waitFor();
      await publishDialog.getByRole('button', { name: 'Publish version' }).click();
      await editor.announced('Version 2 published');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
      await agents.agentLink('Support triage').waitFor();
      expect(await agents.statusOf('Support triage')).toBe('Published');
      await agents.search().fill('TRIAGE');
      await expect.poll(() => agents.agentNames(), patience).toEqual(['Support triage']);
      expect(page.url()).toContain('search=TRIAGE');

      // Restore version 1 as version 3: a draft on top of the published version.
      await agents.agentLink('Support triage').click();
      await editor.heading().waitFor();
      await editor.tab('Versions');
      await editor.versionRow(1).getByRole('button', { name: 'Restore' }).click();
      await editor.announced('Version 3 saved');
      await expect
        .poll(() => page.getByText('Published, unpublished changes', { exact: true }).count(), patience)
        .toBe(1);

      // The Playground (tested on its own in playground.test.ts) offers its chat.
      await editor.tab('Playground');
      expect(await editor.textbox('Message').count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Unsaved changes are guarded when leaving.
      await editor.tab('Basics');
      await editor.textbox('Description').fill('Changed but not saved');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
      const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
      await leave.waitFor();
      await leave.getByRole('button', { name: 'Stay' }).click();
      expect(page.url()).toContain(`/agents/${agentId}`);
      await editor.button('Discard changes').click();

      expect(errors).toEqual([]);
      await page.close();
    },
    walkTimeoutMs,
  );

  it(
    'two people saving the same agent get the conflict dialog, and Overwrite keeps both their fields',
    async () => {
      const second = await browser.browser.newContext();
      await signInContext(second);
      try {
        const first = await newPage();
        const other = await second.newPage();
        const otherErrors = watchConsoleErrors(other);
        const alice = new AgentEditorPage(first.page, baseUrl);
        const bob = new AgentEditorPage(other, baseUrl);
        await alice.open(agentId);
        await bob.open(agentId);
        const before = (await api('GET', `/api/agents/${agentId}`)).body.version.versionNumber as number;

        await alice.textbox('Description').fill('Sorts and routes incoming tickets');
        await alice.save('Clearer description');
        await alice.announced(`Version ${before + 1} saved`);

        await bob.textbox('Name').fill('Ticket triage');
        await bob.save('Rename');
        const dialog = bob.conflictDialog();
        await dialog.waitFor();
        const said = (await dialog.textContent()) ?? '';
        expect(said).toContain(`Version ${before + 1} by ${editorInWords()}`);
        expect(said).toContain('Clearer description');
        expect(said).toContain('changed Description');
        expect(await seriousAccessibilityViolations(other)).toEqual([]);
        await saveScreenshot(other, 'editor-conflict');
        await dialog.getByRole('button', { name: 'Overwrite' }).click();
        await bob.announced(`Version ${before + 2} saved`);

        const latest = (await api('GET', `/api/agents/${agentId}`)).body.version;
        expect(latest.name).toBe('Ticket triage');
        expect(latest.description).toBe('Sorts and routes incoming tickets');
        expect(latest.changedFields).toEqual(['name']);
        expect(first.errors).toEqual([]);
        expect(otherErrors).toEqual([]);
      } finally {
        await second.close();
      }
    },
    walkTimeoutMs,
  );

  it('labels a version, moves and deletes the label, shows a version read-only and unpublishes', async () => {
    const { page, errors } = await newPage();
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open(agentId);
    await editor.tab('Versions');
    await editor.textbox('Label name').fill('staging');
    await page.getByRole('combobox', { name: 'Version for the label' }).selectOption('2');
    await editor.button('Add label').click();
    await editor.announced('Label staging now points at version 2');
    await editor.versionRow(2).getByText('staging').waitFor();
    await page.getByRole('combobox', { name: 'Move staging to' }).selectOption('1');
    await editor.button('Move staging').click();
    await editor.announced('Label staging now points at version 1');
    await editor.button('Delete staging').click();
    await editor.announced('Label staging deleted');

    // Any version, read-only.
    await editor.versionRow(1).getByRole('button', { name: 'View' }).click();
    const view = page.getByRole('dialog', { name: 'Version 1 (read-only)' });
    await view.getByText('Sorts incoming tickets').waitFor();
    expect(await view.getByRole('textbox').count()).toBe(0);
    // In words, as Compare says it: field names as the editor shows them, no JSON unless asked for.
    await view.getByText('Description', { exact: true }).waitFor();
    expect(await view.getByText('"description"').count()).toBe(0);
    await view.getByRole('button', { name: 'Show as JSON' }).click();
    await view.getByText('"description"').waitFor();
    await view.getByRole('button', { name: 'Close' }).click();

    // Unpublish: applications get no published version any more.
    await editor.button('Unpublish').click();
    await editor.announced('Unpublished: applications now get no published version of this agent.');
    expect((await api('GET', `/api/agents/${agentId}`)).body.agent.activeVersionId).toBeNull();
    const labels = (await api('GET', `/api/agents/${agentId}/labels`)).body.items;
    expect(labels.map((label: { name: string }) => label.name)).not.toContain('staging');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Select all and Select none act only on the tools the search shows, and say so', async () => {
    const created = await api('POST', '/api/agents', {
      id: 'bulk-picks',
      name: 'Bulk picks',
      model: 'openai/gpt-4o-mini',
      instructions: 'Pick tools in bulk.',
    });
    expect(created.status).toBe(201);
    const { page, errors } = await newPage();
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open('bulk-picks');
    await editor.tab('Tools');
    const search = page.getByRole('searchbox', { name: 'Search tools' });
    /** The names of a group's tool checkboxes (ticked ones only with `checked`). */
    const toolNames = (group: string, which: { checked?: boolean } = {}) =>
      editor
        .toolGroup(group)
        .getByRole('listitem')
        .getByRole('checkbox', which)
        .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? ''));
    const bulk = (group: string, name: 'Select all' | 'Select none') =>
      editor.toolGroup(group).getByRole('button', { name, exact: true }).click();
    await editor.tool('everything_echo').waitFor(patience);
    const everyMcpTool = await toolNames('MCP: Everything');
    expect(everyMcpTool.length).toBeGreaterThan(2);

    // A search that shows one of the client's tools: Select all ticks that one and no other.
    await search.fill('get-sum');
    expect(await toolNames('MCP: Everything')).toEqual(['everything_get-sum']);
    const mcp = editor.toolGroup('MCP: Everything');
    expect(await mcp.getByText('Acting on the 1 tool the search shows.').count()).toBe(1);
    await bulk('MCP: Everything', 'Select all');
    await mcp
      .getByRole('status')
      .filter({
        hasText: `The 1 tool shown ticked; ${everyMcpTool.length - 1} hidden by the search left as they were.`,
      })
      .waitFor();
    await search.fill('');
    await expect.poll(() => toolNames('MCP: Everything', { checked: true })).toEqual(['everything_get-sum']);

    // Select none under a search leaves the hidden ticked tools ticked.
    await editor.tool('everything_echo').check();
    await search.fill('get-sum');
    await bulk('MCP: Everything', 'Select none');
    await search.fill('');
    await expect.poll(() => toolNames('MCP: Everything', { checked: true })).toEqual(['everything_echo']);
    // With nothing hidden, the buttons act on the whole group as before.
    await bulk('MCP: Everything', 'Select all');
    await mcp
      .getByRole('status')
      .filter({ hasText: `All ${everyMcpTool.length} tools ticked.` })
      .waitFor();
    expect(await toolNames('MCP: Everything', { checked: true })).toEqual(everyMcpTool);

    // The same for registered tools and for a tool provider's tools.
    await search.fill('convert-units');
    await bulk('Registered tools', 'Select all');
    await search.fill('TICKETS');
    await bulk('Providers', 'Select all');
    await search.fill('');
    await expect.poll(() => toolNames('Registered tools', { checked: true })).toEqual(['convert-units']);
    expect(await toolNames('Providers', { checked: true })).toEqual(['TICKETS_POST']);
    expect((await toolNames('Providers')).length).toBeGreaterThan(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await editor.button('Discard changes').click();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the Preview form and the request-context JSON one: each shows the other, a JSON mistake leaves the form be', async () => {
    const created = await api('POST', '/api/agents', {
      id: 'context-both-ways',
      name: 'Context both ways',
      model: 'openai/gpt-4o-mini',
      instructions: 'Plan {{tier || "none"}}.',
      requestContextSchema: {
        type: 'object',
        properties: {
          tier: { type: 'string', enum: ['free', 'pro'] },
          seats: { type: 'number' },
          beta: { type: 'boolean' },
          region: { type: 'string' },
        },
      },
    });
    expect(created.status).toBe(201);
    const { page, errors } = await newPage();
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open('context-both-ways');
    await editor.tab('Preview');
    const json = editor.textbox('Request context');
    const tier = page.getByRole('combobox', { name: 'tier', exact: true });
    const seats = page.getByRole('spinbutton', { name: 'seats', exact: true });
    const beta = page.getByRole('checkbox', { name: 'beta', exact: true });
    const region = page.getByRole('textbox', { name: 'region', exact: true });
    /** What the page says about a control (its accessible description: hint and error). */
    const describedText = async (control: typeof json) => {
      const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
      const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
      return texts.join(' ');
    };
    const formValues = async () => ({
      tier: await tier.inputValue(),
      seats: await seats.inputValue(),
      beta: await beta.isChecked(),
      region: await region.inputValue(),
    });

    // The form writes the JSON...
    await tier.selectOption('pro');
    await seats.fill('3');
    await beta.check();
    await region.fill('eu');
    expect(JSON.parse(await json.inputValue())).toEqual({ tier: 'pro', seats: 3, beta: true, region: 'eu' });
    // ...and the JSON fills the form.
    await json.fill('{"tier": "free", "seats": 5, "region": "us"}');
    expect(await formValues()).toEqual({ tier: 'free', seats: '5', beta: false, region: 'us' });

    // A mistake in the JSON is said beside it at once; the form keeps its values and waits.
    await json.fill('{"tier": "pro", "seats": ');
    await expect.poll(() => json.getAttribute('aria-invalid')).toBe('true');
    expect(await describedText(json)).toContain('The request context is not valid JSON');
    expect(await formValues()).toEqual({ tier: 'free', seats: '5', beta: false, region: 'us' });
    expect(await region.isDisabled()).toBe(true);
    expect(await page.getByText('The JSON has a mistake, so these fields keep the last values').count()).toBe(1);
    await editor.button('Resolve').click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Could not resolve: The request context is not valid JSON/ })
      .waitFor();
    expect(await json.inputValue()).toBe('{"tier": "pro", "seats": ');

    // Fixed, the form follows at once and the error goes.
    await json.fill('{"tier": "pro", "seats": 7}');
    await expect.poll(() => json.getAttribute('aria-invalid')).toBe(null);
    expect(await formValues()).toEqual({ tier: 'pro', seats: '7', beta: false, region: '' });
    expect(await region.isEnabled()).toBe(true);

    // A value the form has no choice for is shown as the JSON says it, with why, and resolved as such.
    await json.fill('{"tier": "gold"}');
    expect(await tier.inputValue()).toBe('gold');
    expect(await describedText(tier)).toContain('The JSON gives \u201cgold\u201d, which is not one of the choices.');
    await editor.button('Resolve').click();
    await expect.poll(() => shownText(editor.instructions()), patience).toContain('Plan gold.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('every other page passes the accessibility scan with no console errors', async () => {
    const { page, errors } = await newPage();
    const adminPages = signedInAsEditor() ? [] : ['/integrations', '/settings'];
    for (const path of ['/mcp-clients', '/tools', ...adminPages, '/?search=triage']) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousAccessibilityViolations(page), path).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("builds a request-context form from the agent's schema, says when an MCP server is unreachable, and flags a name collision", async () => {
    const broken = await api('POST', '/api/mcp-clients', {
      id: 'broken',
      name: 'Broken',
      servers: { gone: { type: 'stdio', command: process.execPath, args: ['/nonexistent/mcp-server.js'] } },
    });
    expect(broken.status).toBe(201);
    expect(
      (
        await api('POST', '/api/agents', {
          id: 'tiered',
          name: 'Tiered',
          model: 'openai/gpt-4o-mini',
          instructions: 'Plan: {{tier || "free"}}',
          mcpClients: { broken: { tools: {} } },
          requestContextSchema: { type: 'object', properties: { tier: { type: 'string', enum: ['free', 'pro'] } } },
        })
      ).status,
    ).toBe(201);
    const { page, errors } = await newPage();
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open('tiered');

    await editor.tab('Preview');
    await page.getByRole('combobox', { name: 'tier' }).selectOption('pro');
    expect(JSON.parse(await editor.textbox('Request context').inputValue())).toEqual({ tier: 'pro' });
    await editor.button('Resolve').click();
    await expect.poll(() => shownText(editor.instructions()), patience).toContain('Plan: pro');
    // The unreachable server's warning is in words, without the code it has in the API.
    const warnings = page.getByRole('list', { name: 'Warnings' }).getByRole('listitem');
    await expect
      .poll(() => warnings.allTextContents(), patience)
      .toEqual([expect.stringMatching(/^MCP client "broken", server "gone": .*its tools are left out$/)]);

    let tests = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/mcp-clients/broken/test')) tests += 1;
    });
    await editor.tab('Tools');
    const group = editor.toolGroup('MCP: Broken');
    await group.getByText(/Server gone is unreachable/).waitFor();
    expect(tests).toBe(1);
    await group.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => tests, patience).toBe(2);
    await group.getByText(/Server gone is unreachable/).waitFor();

    // An integration offering a tool with a registered tool's name: the collision says who wins.
    const integration = await api('PUT', '/api/integrations/units', {
      type: 'openapi',
      name: 'Units API',
      document: {
        openapi: '3.0.3',
        info: { title: 'Units API', version: '1.0.0' },
        paths: {
          '/convert': {
            get: {
              operationId: 'convert-units',
              summary: 'Converts units remotely',
              responses: { 200: { description: 'ok' } },
            },
          },
        },
      },
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(integration.status).toBe(201);
    await page.reload();
    await editor.tab('Tools');
    await editor.toolGroup('Registered tools').getByRole('checkbox', { name: 'convert-units' }).check();
    await editor.toolGroup('Integrations').getByRole('checkbox', { name: 'convert-units' }).check();
    const collision = editor.toolGroup('Registered tools').getByText(/Name collision/);
    expect(await collision.textContent()).toContain('Integrations: Units API wins');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await editor.button('Discard changes').click();
    expect(errors).toEqual([]);
    await page.close();
  });
});
