import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentsPage } from './pages/agents-page';
import { NewAgentPage } from './pages/new-agent-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser } from './support/browser';
import { editorEmail } from '../support/signed-in-editor';
import { signedInAsEditor } from './support/credentials';
import { watchConsoleErrors, shownText } from './support/page-watch';

describe('editor home page in a real browser', () => {
  const baseUrl = inject('serverUrl');
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('renders the agents page with its navigation and no console errors', async () => {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    const home = new AgentsPage(page, baseUrl);

    expect(await home.open()).toBe(200);
    await expect.poll(() => shownText(home.heading())).toBe('Agents');
    // An editor is not offered the admin pages.
    const adminLinks = ['Integrations', 'Settings'];
    for (const name of ['Agents', 'MCP clients', 'Tools', ...adminLinks]) {
      const offered = !signedInAsEditor() || !adminLinks.includes(name);
      expect(await home.navigation().getByRole('link', { name, exact: true }).count()).toBe(offered ? 1 : 0);
    }
    expect(await page.title()).toBe('Agent Studio');
    // The server seeded the demo agent into its empty database, published.
    expect(await home.agentNames()).toContain('Demo assistant');
    expect(await home.statusOf('Demo assistant')).toBe('Published');
    expect(errors).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  // With sign-in off nobody is signed in, so there is no personal menu to find.
  it.skipIf(!signedInAsEditor())(
    "has the signed-in person's menu, with Sign out, inside the navigation landmark",
    async () => {
      const page = await browser.context.newPage();
      const errors = watchConsoleErrors(page);
      const home = new AgentsPage(page, baseUrl);
      expect(await home.open()).toBe(200);
      const menu = home.navigation().getByRole('button', { name: editorEmail, exact: true });
      expect(await menu.count()).toBe(1);
      await menu.click();
      // Opened, not chosen: signing out here would end the session every browser test shares.
      await page.getByRole('menuitem', { name: 'Sign out', exact: true }).waitFor();
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('suggests models that can run first, marks the others "needs a key" and says in words which providers are not set up', async () => {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    expect((await page.goto(new URL('/new-agent', baseUrl).href))?.status()).toBe(200);
    const form = new NewAgentPage(page);
    // The test server has no provider key; its configuration registers the scripted model.
    const suggestions = await form.modelSuggestions();
    expect(suggestions[0]).toBe('test/scripted');
    expect(suggestions).toContain('openai/gpt-4o (needs a key)');
    expect(suggestions.slice(1).every((suggestion) => suggestion.endsWith('(needs a key)'))).toBe(true);
    // In the words of the people using the page: providers by name and where they are set up, no
    // environment variables (those are for whoever runs the server).
    const hint = await form.modelHint();
    expect(hint).toMatch(/their providers \(OpenAI, Anthropic, Google, .*\) are not set up\./);
    expect(hint).not.toMatch(/[A-Z]+_[A-Z_]+/);
    if (signedInAsEditor()) {
      expect(hint).toContain('Ask an admin to save a key in Settings.');
    } else {
      const link = page.getByRole('link', { name: 'Save a key in Settings, Model providers' });
      expect(await link.getAttribute('href')).toBe('/settings?tab=providers');
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the accessibility check reports a page with serious problems (so a clean result means something)', async () => {
    const page = await browser.context.newPage();
    await page.setContent(
      '<html><body><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button></body></html>',
    );
    const violations = await seriousAccessibilityViolations(page);
    expect(violations.some((violation) => violation.startsWith('button-name'))).toBe(true);
    await page.close();
  });
});
