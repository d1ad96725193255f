/**
 * Handing an agent to a developer: "Use in your app" on the agent's editor shows curl and
 * TypeScript examples with the agent's id and copies them; the navigation's "API" link opens the
 * rendered API reference, served by the studio itself, whose operations show and whose search
 * finds one. No request of either page leaves this machine. Both pages are scanned with axe.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { ApiReferencePage } from './pages/api-reference-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { saveScreenshot, screenshotPath, watchConsoleErrors } from './support/page-watch';

const baseUrl = inject('serverUrl');
const api = apiOf(baseUrl);
const patience = { timeout: 20_000 };
// The renderer reads the whole document (about 90 KB of JSON) in the browser: seconds on a busy machine.
const rendering = { timeout: 90_000 };
const agentId = 'handoff-helper';

/** Every address the page asks for (documents, scripts, fetches, fonts, images). */
function watchRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The addresses that went anywhere but this server (inline data and blob URLs stay in the page). */
const leftTheMachine = (urls: string[]) =>
  urls.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).hostname !== '127.0.0.1');

describe('use in your app, and the API reference', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const created = await api('POST', '/api/agents', {
      id: agentId,
      name: 'Handoff helper',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help with the plan.',
      requestContextSchema: { type: 'object', properties: { tier: { type: 'string', enum: ['pro', 'free'] } } },
    });
    expect(created.status).toBe(201);
    expect((await api('POST', `/api/agents/${agentId}/versions/1/publish`)).status).toBe(200);
  });
  afterAll(() => browser?.close());

  it('shows curl and TypeScript examples with the agent id, label and context, and copies them', async () => {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    const requests = watchRequests(page);
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open(agentId);
    const region = page.getByRole('region', { name: 'Use in your app' });
    expect(await region.count()).toBe(0);
    await editor.button('Use in your app').click();
    await region.waitFor(patience);
    expect(await editor.button('Use in your app').getAttribute('aria-expanded')).toBe('true');

    const curl = region.getByRole('figure', { name: 'curl' });
    const typescript = region.getByRole('figure', { name: /^TypeScript/ });
    const curlText = await curl.locator('pre').innerText();
    const typescriptText = await typescript.locator('pre').innerText();
    expect(curlText).toContain(`${baseUrl}/api/agents/${agentId}/resolve`);
    expect(curlText).toContain(`${baseUrl}/api/agents/${agentId}/generate`);
    expect(curlText).toContain('"selector":{"label":"production"},"requestContext":{"tier":"pro"}');
    expect(curlText).toContain('Authorization: Bearer $STUDIO_API_KEY');
    expect(typescriptText).toContain(`params: { id: "${agentId}" }`);
    expect(typescriptText).toContain("from 'agent-studio/client'");
    expect(typescriptText).toContain('client.resolveAgent(');
    expect(typescriptText).toContain('client.generateAgent(');

    await region.getByRole('button', { name: 'Copy curl example' }).click();
    await region.getByRole('status').filter({ hasText: 'Copied the curl example.' }).waitFor(patience);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curlText);
    await region.getByRole('button', { name: 'Copy TypeScript example' }).click();
    await region.getByRole('status').filter({ hasText: 'Copied the TypeScript example.' }).waitFor(patience);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(typescriptText);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'use-in-your-app');
    await editor.button('Use in your app').click();
    expect(await region.count()).toBe(0);
    expect(leftTheMachine(requests)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it(
    'the "API" link opens the rendered reference, served here, with its operations and a search that finds one',
    { timeout: 180_000 },
    async () => {
      const page = await browser.context.newPage();
      const errors = watchConsoleErrors(page);
      const requests = watchRequests(page);
      await page.goto(`${baseUrl}/`);
      const reference = new ApiReferencePage(page);
      await reference.openFromNavigation();
      expect(new URL(page.url()).pathname).toBe('/api-reference');
      const rendered = reference.reference();
      // The first tag's operations, each with its summary and its operationId (the typed client's method name).
      await rendered.getByText('List agents by id, optionally searched by id or name').first().waitFor(rendering);
      await rendered.getByText('listAgents', { exact: true }).first().waitFor(rendering);

      // Search finds an operation of a collapsed tag and goes to it.
      await rendered.getByText('Open Search').click();
      await page.getByRole('combobox', { name: 'Enter search query' }).fill('resolve the tools');
      const resolveSummary = 'Resolve the tools of an agent for one request context (default: the published version)';
      await page.getByRole('option').filter({ hasText: resolveSummary }).first().click(patience);
      await rendered.getByText('resolveAgent', { exact: true }).first().waitFor(rendering);
      expect(await rendered.getByRole('heading', { name: resolveSummary }).first().isVisible()).toBe(true);
      expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#tag/runtime/POST/api/agents/{id}/resolve');

      expect(requests.some((url) => new URL(url).pathname === '/api-reference/standalone.js')).toBe(true);
      expect(requests.some((url) => new URL(url).pathname === '/api/openapi.json')).toBe(true);
      expect(leftTheMachine(requests)).toEqual([]);
      // Our own parts only: the renderer's output has findings of its own (contrast, nested
      // controls) that this studio cannot fix; they are listed in docs/editor.md.
      expect(await seriousAccessibilityViolations(page, { exclude: ['[data-api-reference]'] })).toEqual([]);
      // The viewport only: the whole reference is thousands of pixels tall.
      await page.screenshot({ path: screenshotPath('api-reference'), animations: 'disabled', caret: 'hide' });
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('serves the renderer with a long cache lifetime and revalidates it by its ETag', async () => {
    const first = await fetch(`${baseUrl}/api-reference/standalone.js`, { headers: cookieHeaders() });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('public, max-age=604800');
    expect((await first.text()).length).toBeGreaterThan(1_000_000);
    const again = await fetch(`${baseUrl}/api-reference/standalone.js`, {
      headers: { ...cookieHeaders(), 'if-none-match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});

/** The signed-in run's session cookie, for a request outside the browser. */
function cookieHeaders(): Record<string, string> {
  const cookie = inject('sessionCookie');
  return cookie ? { cookie } : {};
}
