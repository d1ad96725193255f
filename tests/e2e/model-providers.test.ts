/**
 * Model providers in a real browser: an admin saves a key in Settings, Model providers; the Model
 * combobox then offers that provider's models without "needs a key"; the Playground says before
 * Send that a model whose provider has no key cannot run. The saved key is cleared afterwards, so
 * the other browser tests see a server without keys.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AgentEditorPage } from './pages/agent-editor-page';
import { PlaygroundPanel } from './pages/playground-panel';
import { SettingsPage } from './pages/settings-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { signedInAsEditor } from './support/credentials';
import { saveScreenshot, unexpectedConsoleErrors, watchConsoleErrors } from './support/page-watch';

const baseUrl = inject('serverUrl');
const api = apiOf(baseUrl);
const patience = { timeout: 20_000 };

/** The Model combobox's suggestions as its list shows them: the label when there is one, else the value. */
async function modelSuggestions(page: Page): Promise<string[]> {
  const listId = await page.getByRole('combobox', { name: 'Model' }).getAttribute('list');
  return page
    .locator(`datalist[id="${listId}"] option`)
    .evaluateAll((options) =>
      options.map((option) => option.getAttribute('label') ?? (option as HTMLOptionElement).value),
    );
}

describe('model providers in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await api('POST', '/api/agents', {
      id: 'keyless-claude',
      name: 'Keyless Claude',
      model: 'anthropic/claude-haiku-4-5',
      instructions: 'Answer briefly.',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
  afterAll(async () => {
    await api('PUT', '/api/settings/model-providers', { providers: { xai: { clearKey: true } } });
    await api('DELETE', '/api/agents/keyless-claude');
    await browser?.close();
  });

  // Settings are for admins: a signed-in editor cannot save a key.
  it.skipIf(signedInAsEditor())(
    'saves a key in Settings and the Model combobox no longer says the provider needs one',
    async () => {
      const page = await browser.context.newPage();
      const errors = watchConsoleErrors(page);
      const editor = new AgentEditorPage(page, baseUrl);
      expect(await editor.open('keyless-claude')).toBe(200);
      expect(await modelSuggestions(page)).toContain('xai/grok-4 (needs a key)');

      const settings = new SettingsPage(page, baseUrl);
      expect(await settings.open('?tab=providers')).toBe(200);
      const key = page.getByLabel('API key for xAI');
      await key.waitFor(patience);
      expect(await key.getAttribute('type')).toBe('password');
      // A base URL that is not a web address is refused with a sentence, in the page's own type.
      const baseUrlField = page.getByRole('textbox', { name: 'Base URL for OpenAI', exact: true });
      await baseUrlField.fill('not a url');
      await page.getByRole('button', { name: 'Save providers' }).click();
      const problem = page.getByText('Enter a web address such as https://api.example.com/v1.', { exact: true });
      await problem.waitFor(patience);
      expect(await problem.evaluate((element) => getComputedStyle(element).fontFamily)).not.toMatch(/mono/i);
      expect(await page.getByText(/is not a URL|host\[:port\]/).count()).toBe(0);
      await baseUrlField.fill('');
      await key.fill('xai-key-typed-in-the-browser');
      await page.getByRole('button', { name: 'Save providers' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved. The next run uses these settings.' }).waitFor(patience);
      // The key is never shown again: the field is empty, the panel says a key is saved.
      expect(await page.getByLabel('API key for xAI').inputValue()).toBe('');
      await page.getByText('A key is saved.').waitFor(patience);
      await page.getByRole('button', { name: 'Clear key for xAI' }).waitFor(patience);
      expect(await page.getByRole('textbox', { name: 'Base URL for OpenAI-compatible' }).count()).toBe(1);
      expect(await page.getByLabel('Base URL for Anthropic').count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'providers-settings');

      expect(await editor.open('keyless-claude')).toBe(200);
      const suggestions = await modelSuggestions(page);
      expect(suggestions).toContain('xai/grok-4');
      expect(suggestions).not.toContain('xai/grok-4 (needs a key)');
      expect(suggestions).toContain('anthropic/claude-haiku-4-5 (needs a key)');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('says before Send that the model needs a key, with a link to Settings for admins', async () => {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    const editor = new AgentEditorPage(page, baseUrl);
    expect(await editor.open('keyless-claude')).toBe(200);
    const panel = await editor.tab('Playground');
    const warning = panel.getByRole('status').filter({ hasText: 'anthropic/claude-haiku-4-5 needs a key' });
    await warning.waitFor(patience);
    if (signedInAsEditor()) {
      // Settings are for admins: an editor is told whom to ask instead of given the link.
      expect(await warning.textContent()).toContain('Ask an admin to save one in Settings.');
      expect(await warning.getByRole('link').count()).toBe(0);
    } else {
      expect(
        await warning.getByRole('link', { name: 'Save a key in Settings, Model providers' }).getAttribute('href'),
      ).toBe('/settings?tab=providers');
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'providers-playground');
    // Sent anyway, the refusal says the same in words, without the server's variable names.
    const playground = new PlaygroundPanel(page);
    await playground.send('Hello');
    const refusal = playground.conversation().getByRole('alert');
    await refusal.waitFor(patience);
    const said = await refusal.textContent();
    expect(said).toContain('the model anthropic/claude-haiku-4-5 needs a key, and its provider (Anthropic) has none');
    expect(said).not.toContain('ANTHROPIC_API_KEY');
    expect(unexpectedConsoleErrors(errors, 503)).toEqual([]);
    await page.close();
  });
});
