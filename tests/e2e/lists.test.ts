/**
 * Long lists in a real browser: the agents list (with and without a search) and the integrations
 * list each page past 100 items, 50 at a time, by their Next page and First page links; every item
 * appears exactly once. The agent editor's tool picker still offers every integration when there
 * is more than one page of them, and its Tests tab shows every test case of an agent with more than
 * one page of them. (The registered tools list: `tools-catalogue.test.ts`.)
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { AgentsPage } from './pages/agents-page';
import { TestsPanel } from './pages/tests-panel';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { signedInAsEditor } from './support/credentials';
import { watchConsoleErrors } from './support/page-watch';
import { expectEachOnce, walkPages } from './support/paging';

const baseUrl = inject('serverUrl');
const patience = { timeout: 30_000 };
const walkTimeoutMs = 180_000;
const itemCount = 101;

const api = apiOf(baseUrl);

const numbered = (prefix: string) =>
  Array.from({ length: itemCount }, (_, index) => `${prefix}-${String(index).padStart(3, '0')}`);

describe('lists page past 100 items in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function newPage() {
    const page = await browser.context.newPage();
    return { page, errors: watchConsoleErrors(page) };
  }

  it(
    'pages through 101 agents, also within a search, and back to the first page',
    async () => {
      const ids = numbered('paged-agent');
      for (const id of ids)
        expect(
          (
            await api('POST', '/api/agents', {
              id,
              name: `Paged agent ${id.slice(-3)}`,
              model: 'openai/gpt-4o-mini',
              instructions: 'Page me.',
            })
          ).status,
        ).toBe(201);
      try {
        const { page, errors } = await newPage();
        const agents = new AgentsPage(page, baseUrl);
        await agents.open();
        const names = ids.map((id) => `Paged agent ${id.slice(-3)}`);
        expectEachOnce(await walkPages(page, 'Pages of agents'), names);

        // A search matching all of them pages too, and the links keep the search.
        await agents.open('?search=paged-agent');
        const searched = await walkPages(page, 'Pages of agents');
        expect(searched.flat().sort()).toEqual(names);
        expect(searched.map((names) => names.length)).toEqual([50, 50, 1]);
        expect(new URL(page.url()).searchParams.get('search')).toBe('paged-agent');
        await page
          .getByRole('navigation', { name: 'Pages of agents' })
          .getByRole('link', { name: 'First page' })
          .click();
        await expect.poll(() => agents.agentNames(), patience).toEqual(searched[0]);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await page.close();
      } finally {
        for (const id of ids) await api('DELETE', `/api/agents/${id}`);
      }
    },
    walkTimeoutMs,
  );

  // The integrations list is an admin page: an editor cannot run this walk.
  it.skipIf(signedInAsEditor())(
    "pages through 101 integrations, and an agent's tool picker offers every one of them",
    async () => {
      const ids = numbered('paged-integration');
      for (const id of ids)
        expect(
          (
            await api('PUT', `/api/integrations/${id}`, {
              type: 'openapi',
              name: id,
              document: {
                openapi: '3.1.0',
                info: { title: id, version: '1' },
                servers: [{ url: 'http://127.0.0.1:9' }],
                paths: {
                  '/ping': {
                    get: {
                      operationId: `ping${id.slice(-3)}`,
                      summary: 'Ping',
                      responses: { 200: { description: 'ok' } },
                    },
                  },
                },
              },
            })
          ).status,
        ).toBe(201);
      try {
        const { page, errors } = await newPage();
        await page.goto(`${baseUrl}/integrations`);
        const pages = await walkPages(page, 'Pages of integrations');
        expectEachOnce(pages, ids);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);

        // The picker is not a paged list: it offers the integrations of every page.
        const agent = await api('POST', '/api/agents', {
          id: 'many-integrations',
          name: 'Many integrations',
          model: 'openai/gpt-4o-mini',
          instructions: 'Use the APIs.',
        });
        expect(agent.status).toBe(201);
        const editor = new AgentEditorPage(page, baseUrl);
        await editor.open('many-integrations');
        await editor.tab('Tools');
        const group = editor.toolGroup('Integrations');
        expect(await group.getByRole('region', { name: ids.at(-1)!, exact: true }).count()).toBe(1);
        await group.getByRole('checkbox', { name: `ping${ids.at(-1)!.slice(-3)}`, exact: true }).check();
        await editor.save('The last integration');
        await editor.announced('Version 2 saved');
        expect((await api('GET', '/api/agents/many-integrations')).body.version.integrationTools).toEqual({
          [ids.at(-1)!]: { tools: { ping100: {} } },
        });
        expect(errors).toEqual([]);
        await page.close();
      } finally {
        await api('DELETE', '/api/agents/many-integrations');
        for (const id of ids) await api('DELETE', `/api/integrations/${id}`);
      }
    },
    walkTimeoutMs,
  );
  it(
    "shows every test case of an agent with more than a page of them in the editor's Tests tab",
    async () => {
      const names = numbered('paged-case');
      const agentId = 'many-test-cases';
      expect(
        (
          await api('POST', '/api/agents', {
            id: agentId,
            name: 'Many test cases',
            model: 'openai/gpt-4o-mini',
            instructions: 'Answer.',
          })
        ).status,
      ).toBe(201);
      try {
        for (const name of names)
          expect(
            (await api('POST', `/api/agents/${agentId}/test-cases`, { name, input: { prompt: 'Hi?' } })).status,
          ).toBe(201);
        const { page, errors } = await newPage();
        await new AgentEditorPage(page, baseUrl).open(agentId);
        const tests = new TestsPanel(page);
        await tests.open();
        await tests.testCase(names.at(-1)!).waitFor(patience);
        const list = tests.panel().getByRole('list', { name: 'Test cases' });
        expect(await list.getByRole('region').count()).toBe(itemCount);
        expect(errors).toEqual([]);
        await page.close();
      } finally {
        await api('DELETE', `/api/agents/${agentId}`);
      }
    },
    walkTimeoutMs,
  );

  it('answers an address that names nothing with a page that says so and offers the lists', async () => {
    const { page } = await newPage();
    for (const path of ['/agents/no-such-agent', '/runs/no-such-run']) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Nothing here' }).waitFor(patience);
      const places = page.getByRole('navigation', { name: 'Go to' });
      expect(await places.getByRole('link').allTextContents()).toEqual(['Agents', 'Runs', 'Tools', 'MCP clients']);
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});
