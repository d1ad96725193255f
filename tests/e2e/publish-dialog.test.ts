/**
 * Publishing a person can trust, with the keyboard only: Publish opens a dialog that says what goes
 * live against the version live now and what the publish gate finds; Escape publishes nothing;
 * a blocked version stays unpublished with its problems shown. Compare reads in words with the raw
 * JSON behind a toggle, and Delete agent says what stops working before it deletes.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { saveScreenshot, watchConsoleErrors, shownText } from './support/page-watch';

const baseUrl = inject('serverUrl');
const patience = { timeout: 20_000 };
const api = apiOf(baseUrl);
const base = { model: 'openai/gpt-4o-mini', instructions: 'Help.' };

const activeVersion = async (id: string) => (await api('GET', `/api/agents/${id}`)).body.agent.activeVersionNumber;

describe('the Publish dialog, Compare and Delete agent', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await api('POST', '/api/agents', {
      id: 'release-notes',
      name: 'Release notes',
      ...base,
      instructions: 'Answer politely.\nKeep it short.',
      tools: { 'world-time': {} },
    });
    expect(created.status).toBe(201);
    expect((await api('POST', '/api/agents/release-notes/versions/1/publish', {})).status).toBe(200);
    const saved = await api('PATCH', '/api/agents/release-notes', {
      baseVersionNumber: 1,
      instructions: 'Answer kindly.\nKeep it short.',
      tools: { 'world-time': {}, 'convert-units': {} },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => browser?.close());

  it('shows what goes live, publishes nothing on Escape and publishes on confirm', { timeout: 120_000 }, async () => {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open('release-notes');

    await editor.publishButton().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Publish version 2' });
    const live = dialog.getByRole('region', { name: 'What goes live' });
    await expect.poll(() => shownText(live), patience).toContain('Changes from version 1, live now, to version 2');
    const text = (await live.textContent()) ?? '';
    expect(text).toContain('Added: convert-units');
    expect(await live.getByRole('deletion').textContent()).toContain('politely');
    expect(await live.getByRole('insertion').textContent()).toContain('kindly');
    expect(await dialog.textContent()).toContain('every check passes');
    expect(
      await dialog.getByRole('textbox', { name: 'Publish message' }).evaluate((e) => e === document.activeElement),
    ).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'publish-dialog');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => editor.publishButton().evaluate((element) => element === document.activeElement), patience)
      .toBe(true);
    expect(await activeVersion('release-notes')).toBe(1);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.type('Kinder wording and unit conversion');
    await page.keyboard.press('Enter');
    await editor.announced('Version 2 published');
    await dialog.waitFor({ state: 'detached' });
    expect(await activeVersion('release-notes')).toBe(2);
    const audit = await api('GET', '/api/agents/release-notes/audit');
    const entry = audit.body.items.find((item: { action: string }) => item.action === 'agent.publish');
    expect(entry.details).toMatchObject({ versionNumber: 2, message: 'Kinder wording and unit conversion' });
    expect(errors).toEqual([]);
  });

  it('shows the problems of a blocked version and leaves it unpublished', { timeout: 120_000 }, async () => {
    expect((await api('POST', '/api/agents', { id: 'helper-bot', name: 'Helper', ...base })).status).toBe(201);
    const lead = await api('POST', '/api/agents', {
      id: 'lead-bot',
      name: 'Lead',
      ...base,
      agents: { research: { agentId: 'helper-bot' } },
    });
    expect(lead.status).toBe(201);
    expect((await api('DELETE', '/api/agents/helper-bot')).status).toBe(200);
    const problem = 'agents.research.agentId: No code or stored agent with id "helper-bot"';

    const page = await browser.context.newPage();
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open('lead-bot');
    await editor.publishButton().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Publish version 1' });
    await expect.poll(() => shownText(dialog), patience).toContain(problem);
    expect(await dialog.textContent()).toContain('Nothing is published yet');

    await page.keyboard.press('Enter');
    const refused = dialog.getByRole('alert');
    await expect.poll(() => shownText(refused), patience).toContain(problem);
    expect(await refused.textContent()).toContain('Not published.');
    expect(await dialog.isVisible()).toBe(true);
    expect(await activeVersion('lead-bot')).toBeNull();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'publish-blocked');
    await dialog.getByRole('button', { name: 'Cancel' }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
  });

  it('compares two versions in words, with the raw JSON behind a toggle', { timeout: 120_000 }, async () => {
    const page = await browser.context.newPage();
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open('release-notes');
    await editor.tab('Versions');
    const comparison = await editor.compare(1, 2);
    await comparison.waitFor(patience);
    const instructions = comparison.getByRole('listitem').filter({ hasText: 'Instructions' }).first();
    const words = (await instructions.innerText()) ?? '';
    expect(words).not.toContain('\\n');
    expect(words).toContain('Keep it short.');
    expect(await comparison.getByRole('insertion').first().textContent()).toContain('kindly');
    expect(await comparison.textContent()).toContain('Added: convert-units');

    const toggle = comparison.getByRole('button', { name: 'Show raw JSON' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await comparison.getByText('"convert-units"', { exact: false }).first().isVisible()).toBe(false);
    await toggle.press('Enter');
    const hide = comparison.getByRole('button', { name: 'Hide raw JSON' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    expect(await comparison.getByText('"convert-units"', { exact: false }).first().isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'publish-compare');
  });

  it('deletes an agent after an alert dialog says what stops working', { timeout: 120_000 }, async () => {
    const labelled = await api('PUT', '/api/agents/release-notes/labels/beta', {
      versionNumber: 1,
      expectedRevisionToken: null,
    });
    expect(labelled.status).toBe(200);
    const page = await browser.context.newPage();
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open('release-notes');
    const basics = await editor.tab('Basics');
    await basics.getByRole('button', { name: 'Delete agent' }).press('Enter');
    const alert = page.getByRole('alertdialog', { name: 'Delete Release notes?' });
    await expect.poll(() => shownText(alert), patience).toContain('Version 2 is published');
    const said = (await alert.textContent()) ?? '';
    expect(said).toContain('Label "beta" stops resolving.');
    expect(said).toContain('It has no runs. Runs are not deleted with an agent: they stay in the run history.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'publish-delete');

    await page.keyboard.press('Escape');
    await alert.waitFor({ state: 'detached' });
    expect((await api('GET', '/api/agents/release-notes')).status).toBe(200);

    await basics.getByRole('button', { name: 'Delete agent' }).press('Enter');
    await alert.getByRole('button', { name: 'Delete agent' }).press('Enter');
    await page.waitForURL(/\/\?deleted=release-notes$/, patience);
    expect(await page.getByRole('status').filter({ hasText: 'Agent release-notes deleted.' }).count()).toBe(1);
    expect((await api('GET', '/api/agents/release-notes')).status).toBe(404);
  });
});
