/**
 * Trying unsaved changes, in a real browser against the production server (its scripted model
 * `test/scripted` calls the tools a message names): a person ticks another tool without saving,
 * Preview with "Unsaved draft" resolves it, the Playground runs it, and the agent's versions stay
 * as they were. A change the server refuses is listed with its field named in words. Each state is
 * scanned with axe.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { PlaygroundPanel } from './pages/playground-panel';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { screenshotPath, unexpectedConsoleErrors, watchConsoleErrors, shownText } from './support/page-watch';

const baseUrl = inject('serverUrl');
const api = apiOf(baseUrl);
const patience = { timeout: 20_000 };
const agentId = 'draft-trial';

/** A registered tool's checkbox (an integration may offer an operation of the same name). */
const registeredTool = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Registered tools', exact: true }).getByRole('checkbox', { name, exact: true });

const versionsOfAgent = async () =>
  ((await api('GET', `/api/agents/${agentId}/versions`)).body.items as Array<{ versionNumber: number }>).map(
    (version) => version.versionNumber,
  );

describe('trying unsaved changes', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await api('POST', '/api/agents', {
      id: agentId,
      name: 'Draft trial',
      model: 'test/scripted',
      instructions: 'Tell the time.',
      tools: { 'world-time': {} },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => browser?.close());

  it('previews and runs a tool ticked without saving, and saves no version', async () => {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open(agentId);

    await editor.tab('Tools');
    await registeredTool(page, 'convert-units').check();
    await page.getByText('unsaved changes: Tools', { exact: false }).waitFor();

    const preview = await editor.tab('Preview');
    const version = preview.getByRole('combobox', { name: 'Version', exact: true });
    await version.selectOption({ label: 'Unsaved draft' });
    await preview.getByRole('button', { name: 'Resolve', exact: true }).click();
    const resolved = preview.getByRole('list', { name: 'Resolved tools' });
    await expect.poll(() => shownText(resolved), patience).toContain('convert-units');
    expect(await resolved.textContent()).toContain('world-time');
    expect(await preview.getByText(/^Unsaved draft · model/).count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('unsaved-draft-preview'), fullPage: true });

    // The saved version still resolves without the new tool.
    await version.selectOption({ label: 'Latest saved (version 1)' });
    await preview.getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect.poll(() => shownText(resolved), patience).not.toContain('convert-units');
    expect(await resolved.textContent()).toContain('world-time');

    const playground = new PlaygroundPanel(page);
    await playground.open();
    await playground.version().selectOption({ label: 'Unsaved draft' });
    await playground.send('How far? [[call convert-units {"value":5,"from":"km","to":"mi"}]]');
    await expect.poll(() => shownText(playground.lastAnswer()), patience).toContain('Tool results: convert-units -> ');
    expect(await playground.toolCall('convert-units').textContent()).toContain('done');
    expect(
      await playground
        .conversation()
        .getByText(/· unsaved draft ·/)
        .count(),
    ).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('unsaved-draft-playground'), fullPage: true });

    expect(await versionsOfAgent()).toEqual([1]);
    const runs = (await api('GET', `/api/runs?agentId=${agentId}`)).body.items as Array<Record<string, unknown>>;
    expect(runs[0]).toMatchObject({ versionNumber: null, draft: true, status: 'finished' });

    const runsTab = await editor.tab('Runs');
    await expect.poll(() => shownText(runsTab.getByRole('row').nth(1)), patience).toContain('Unsaved draft');
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
    await page.close();
  });

  it('lists what the server refuses in the draft, its field named in words', async () => {
    const page = await browser.context.newPage();
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open(agentId);
    // A change typed before the page is interactive is lost: type until the header counts it.
    await expect
      .poll(async () => {
        await editor.textbox('Name').fill('');
        return page.getByText(/unsaved changes: Name/).count();
      }, patience)
      .toBeGreaterThan(0);

    const preview = await editor.tab('Preview');
    await preview.getByRole('combobox', { name: 'Version', exact: true }).selectOption({ label: 'Unsaved draft' });
    await preview.getByRole('button', { name: 'Resolve', exact: true }).click();
    const problems = preview.getByRole('alert').getByRole('list', { name: 'Problems in the unsaved draft' });
    await expect.poll(() => shownText(problems), patience).toMatch(/^Name: /);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('unsaved-draft-problems'), fullPage: true });

    const playground = new PlaygroundPanel(page);
    await playground.open();
    await playground.version().selectOption({ label: 'Unsaved draft' });
    await playground.send('Hello');
    await expect
      .poll(
        () => playground.alert().getByRole('list', { name: 'Problems in the unsaved draft' }).textContent(),
        patience,
      )
      .toMatch(/^Name: /);
    expect(await versionsOfAgent()).toEqual([1]);
    await page.close();
  });
});
