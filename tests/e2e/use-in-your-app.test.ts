/**
 * Handing an agent to a developer: "Use in your app" on the agent's editor shows curl and
 * TypeScript examples with the agent's id and copies them; the navigation's "API" link opens the
 * API reference the studio renders from its own OpenAPI document, whose operations show and whose
 * search finds one and goes to it, by keyboard. No request of either page leaves this machine.
 * Both pages are scanned with axe, whole.
 */
import type { Locator, Page } from 'playwright-core';
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
    'the "API" link opens the reference the studio renders itself, whose search finds and goes to an operation',
    { timeout: 120_000 },
    async () => {
      const page = await browser.context.newPage();
      const errors = watchConsoleErrors(page);
      const requests = watchRequests(page);
      await page.goto(`${baseUrl}/`);
      const reference = new ApiReferencePage(page);
      await reference.openFromNavigation();
      expect(new URL(page.url()).pathname).toBe('/api-reference');
      expect(await page.getByRole('link', { name: '/api/openapi.json' }).getAttribute('href')).toBe(
        '/api/openapi.json',
      );

      // An operation with its summary as heading, method and path as text, and its operationId as the client's method name.
      const listAgents = reference.operation('List agents by id, optionally searched by id or name');
      await listAgents.waitFor(patience);
      expect(await listAgents.getByText('GET', { exact: true }).isVisible()).toBe(true);
      expect(await listAgents.getByText('/api/agents', { exact: true }).isVisible()).toBe(true);
      expect(await listAgents.getByRole('term').first().innerText()).toBe('Client method');
      expect(await listAgents.getByRole('definition').first().innerText()).toBe('listAgents');
      expect(
        await listAgents.getByRole('table', { name: 'Parameters' }).getByRole('cell', { name: 'search' }).count(),
      ).toBe(1);
      const everything = await reference.searchStatus().innerText();
      expect(everything).toMatch(/^\d+ operations$/);
      expect(Number.parseInt(everything, 10)).toBeGreaterThan(60);

      // Keyboard only: type in the search box, Tab to the operation found in the contents, Enter goes to it.
      await reference.searchBox().focus();
      await page.keyboard.type('resolve the tools');
      await reference
        .searchStatus()
        .filter({ hasText: /^\d+ operations? match(es)?$/ })
        .waitFor(patience);
      const resolveSummary = 'Resolve the tools of an agent for one request context (default: the published version)';
      const found = reference.contentsLink(resolveSummary);
      await found.waitFor(patience);
      const shownLinks = await reference.contents().getByRole('link').allInnerTexts();
      expect(shownLinks.length).toBeLessThan(10);
      expect(await listAgents.isHidden()).toBe(true);
      for (let presses = 0; presses < shownLinks.length + 2; presses += 1) {
        await page.keyboard.press('Tab');
        if (await found.evaluate((link) => link === document.activeElement)) break;
      }
      expect(await found.evaluate((link) => link === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.hash === '#op-resolveAgent', patience);
      const resolve = reference.operation(resolveSummary);
      await expectInView(resolve.getByRole('heading', { level: 3, name: resolveSummary }));
      expect(await resolve.getByText('POST', { exact: true }).isVisible()).toBe(true);
      expect(await resolve.getByText('/api/agents/{id}/resolve', { exact: true }).isVisible()).toBe(true);
      expect(await resolve.getByRole('definition').first().innerText()).toBe('resolveAgent');
      // The refusals every operation can give are described once and named by status under each one.
      const badRequest = resolve.getByRole('link', { name: '400 Bad request' });
      expect(await badRequest.getAttribute('href')).toBe('#answer-400');

      // Enter in the search box goes to the first operation found and moves the focus to its heading.
      await reference.searchBox().fill('listAgentVersions');
      await reference.searchStatus().filter({ hasText: '1 operation matches' }).waitFor(patience);
      await reference.searchBox().press('Enter');
      await page.waitForURL((url) => url.hash === '#op-listAgentVersions', patience);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('op-listAgentVersions-heading');
      await reference.searchBox().fill('no such operation anywhere');
      await reference.searchStatus().filter({ hasText: 'No operation matches' }).waitFor(patience);
      await reference.searchBox().fill('');
      await reference.searchStatus().filter({ hasText: everything }).waitFor(patience);
      expect(await listAgents.isVisible()).toBe(true);

      // The whole page, the rendered reference included, and nothing fetched from another host.
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(leftTheMachine(requests)).toEqual([]);
      // The viewport only, from the top: the whole reference is thousands of pixels tall.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: screenshotPath('api-reference'), animations: 'disabled', caret: 'hide' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${baseUrl}/api-reference#op-resolveAgent`);
      await expectInView(reference.operation(resolveSummary).getByRole('heading', { level: 3 }));
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('api-reference-narrow'), animations: 'disabled', caret: 'hide' });
      expect(leftTheMachine(requests)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});

/** Waits until the element is on screen (scrolled to), not only in the page. */
async function expectInView(locator: Locator) {
  await locator.waitFor(patience);
  await expect
    .poll(
      () =>
        locator.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.top < window.innerHeight;
        }),
      patience,
    )
    .toBe(true);
}
