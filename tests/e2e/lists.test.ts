/**
 * Long lists in a real browser: the agents list (with and without a search), the integrations list
 * and the registered tools list each page past 100 items, 50 at a time, by their Next page and
 * First page links; every item appears exactly once. The tools list runs on a server of its own
 * whose configuration registers 120 more tools. The agent editor's tool picker still offers every
 * integration when there are more than one page of them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { catalogueToolCount } from '../support/many-tools-studio-config';
import { startServerProcess } from '../support/server-process';
import { AgentEditorPage } from './pages/agent-editor-page';
import { AgentsPage } from './pages/agents-page';
import { ToolsPage } from './pages/tools-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { watchConsoleErrors } from './support/page-watch';

const baseUrl = inject('serverUrl');
const patience = { timeout: 30_000 };
const walkTimeoutMs = 180_000;
const pageSize = 50;
const itemCount = 101;

const api = apiOf(baseUrl);

const numbered = (prefix: string) =>
  Array.from({ length: itemCount }, (_, index) => `${prefix}-${String(index).padStart(3, '0')}`);

/**
 * Reads every page of a list by following its "Next page" link, checking each page's size and that
 * the pager offers "First page" from the second page on. Returns the link texts of each page.
 */
async function walkPages(page: Page, pagerName: string): Promise<string[][]> {
  const pages: string[][] = [];
  for (;;) {
    const names = await page.getByRole('table').getByRole('link').allTextContents();
    expect(names.length).toBeLessThanOrEqual(pageSize);
    pages.push(names);
    const pager = page.getByRole('navigation', { name: pagerName });
    if (pages.length > 1) expect(await pager.getByRole('link', { name: 'First page' }).count()).toBe(1);
    const next = pager.getByRole('link', { name: 'Next page' });
    if ((await next.count()) === 0) return pages;
    const before = names[0];
    await next.click();
    await expect
      .poll(async () => (await page.getByRole('table').getByRole('link').first().textContent()) !== before, patience)
      .toBe(true);
  }
}

/** Every expected name appears once over all pages, and full pages come before the last one. */
function expectEachOnce(pages: string[][], expected: string[]) {
  const all = pages.flat();
  expect(new Set(all).size).toBe(all.length);
  for (const name of expected) expect(all).toContain(name);
  expect(pages.length).toBeGreaterThanOrEqual(3);
  for (const full of pages.slice(0, -1)) expect(full).toHaveLength(pageSize);
}

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

  it(
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
    'pages through more than 100 registered tools on a server whose configuration registers them',
    async () => {
      const root = fileURLToPath(new URL('../..', import.meta.url));
      const directory = mkdtempSync(join(tmpdir(), 'studio-many-tools-'));
      const server = await startServerProcess({ root, directory, spawn, config: 'many-tools' });
      try {
        const { page, errors } = await newPage();
        const tools = new ToolsPage(page, server.url);
        expect(await tools.openList()).toBe(200);
        const ids = Array.from(
          { length: catalogueToolCount },
          (_, index) => `catalogue-tool-${String(index).padStart(3, '0')}`,
        );
        const pages = await walkPages(page, 'Pages of tools');
        expectEachOnce(pages, [...ids, 'convert-units']);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        // A tool from the last page opens its own page.
        await tools.toolLink(pages.at(-1)!.at(-1)!).click();
        await page.getByRole('heading', { level: 1, name: pages.at(-1)!.at(-1)! }).waitFor(patience);
        expect(errors).toEqual([]);
        await page.close();
      } finally {
        await server.stop();
        rmSync(directory, { recursive: true, force: true });
      }
    },
    walkTimeoutMs,
  );
});
