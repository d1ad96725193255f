/**
 * Variants in words, in a real browser: a variant added to Tools by keyboard takes focus in its
 * name box, is named and says when it applies ("When plan is pro"); the Tools tab keeps its tool
 * ticked with "Only when plan is pro"; "Only for some requests..." moves a tool onto a variant of
 * its own; a rule value that cannot be read yet still counts as unsaved, so leaving asks; Ctrl+S
 * saves and focus lands on the saved status. Each state is scanned with axe.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { screenshotPath, watchConsoleErrors } from './support/page-watch';

const baseUrl = inject('serverUrl');
const api = apiOf(baseUrl);
const patience = { timeout: 20_000 };

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** A tool's row on the Tools tab: the list item holding its checkbox. */
// Registered tools only: an integration may offer an operation of the same name.
const toolRow = (page: Page, name: string) =>
  page
    .getByRole('tabpanel', { name: 'Tools' })
    .getByRole('group', { name: 'Registered tools', exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name, exact: true }) });

describe('variants in words', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('names variants, says their rules in words, keeps tools ticked and guards unfinished rules', async () => {
    const created = await api('POST', '/api/agents', {
      id: 'named-variants',
      name: 'Named variants',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help with the plan.',
      tools: { 'convert-units': {} },
      requestContextSchema: {
        type: 'object',
        properties: { plan: { type: 'string', enum: ['free', 'pro'] }, seats: { type: 'integer' } },
      },
    });
    expect(created.status).toBe(201);
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open('named-variants');

    // Add a variant to Tools with the keyboard: focus lands in the new variant's name box.
    await editor.tab('Conditions');
    const add = editor.conditionsField('Tools').getByRole('button', { name: 'Add variant to Tools', exact: true });
    await add.focus();
    await page.keyboard.press('Enter');
    const nameBox = editor.variant('Tools', 2).getByRole('textbox', { name: 'Variant name', exact: true });
    await expect.poll(() => isFocused(nameBox), patience).toBe(true);
    await page.keyboard.type('Pro plan');
    const pro = editor.conditionsField('Tools').getByRole('group', { name: 'Pro plan', exact: true });
    await editor.setRule(pro, 1, { field: 'plan', operator: 'equals', value: 'pro' });
    await pro.getByText('When plan is pro', { exact: true }).waitFor(patience);
    expect(await editor.variant('Tools', 1).getByText('When any request (no condition)').count()).toBe(1);
    await pro.getByRole('checkbox', { name: 'world-time', exact: true }).check();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The Tools tab tells the truth: both tools ticked, world-time only when plan is pro.
    await editor.tab('Tools');
    const registeredTool = (name: string) => toolRow(page, name).getByRole('checkbox', { name, exact: true });
    expect(await registeredTool('world-time').isChecked()).toBe(true);
    expect(await registeredTool('world-time').isDisabled()).toBe(false);
    expect(await toolRow(page, 'world-time').getByText('Only when plan is pro', { exact: true }).count()).toBe(1);
    expect(await registeredTool('convert-units').isChecked()).toBe(true);
    expect(
      await toolRow(page, 'convert-units')
        .getByText(/^Only when/)
        .count(),
    ).toBe(0);
    expect(await page.getByText(/read-only/).count()).toBe(0);
    // Tools picked by variants are offered an approval policy too.
    expect(await editor.approvalFor('world-time').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('variants-tools-tab'), fullPage: true });

    // "Only for some requests..." moves convert-units onto a variant of its own, opened and focused.
    await toolRow(page, 'convert-units').getByRole('button', { name: 'Only for some requests...' }).click();
    const thirdName = editor.variant('Tools', 3).getByRole('textbox', { name: 'Variant name', exact: true });
    await expect.poll(() => isFocused(thirdName), patience).toBe(true);
    await page.keyboard.type('Big teams');
    const big = editor.conditionsField('Tools').getByRole('group', { name: 'Big teams', exact: true });
    // The registered tool, not an integration operation of the same name.
    const registered = (scope: typeof big) =>
      scope
        .getByRole('group', { name: 'Registered tools' })
        .getByRole('checkbox', { name: 'convert-units', exact: true });
    expect(await registered(big).isChecked()).toBe(true);
    expect(await registered(editor.variant('Tools', 1)).isChecked()).toBe(false);
    await editor.setRule(big, 1, { field: 'seats', operator: 'greater than', value: '5' });
    await big.getByText('When seats is more than 5', { exact: true }).waitFor(patience);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('variants-conditions'), fullPage: true });
    await editor.tab('Tools');
    await toolRow(page, 'convert-units').getByText('Only when seats is more than 5', { exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath('variants-tools-tab-two'), fullPage: true });

    // The header names the changes in words; Ctrl+S saves; focus lands on the saved status.
    await page.getByText('unsaved changes: Tools', { exact: false }).waitFor();
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('dialog', { name: 'Save version' });
    await dialog.getByRole('textbox', { name: 'Change message' }).fill('Named variants');
    await dialog.getByRole('button', { name: 'Save version' }).click();
    await editor.announced('Version 2 saved');
    const status = page.getByRole('status').filter({ hasText: 'Version 2 saved' });
    await expect.poll(() => isFocused(status), patience).toBe(true);
    const saved = (await api('GET', '/api/agents/named-variants')).body.version;
    expect(saved.tools).toEqual([
      { value: {} },
      {
        name: 'Pro plan',
        value: { 'world-time': {} },
        rules: { operator: 'AND', conditions: [{ field: 'plan', operator: 'equals', value: 'pro' }] },
      },
      {
        name: 'Big teams',
        value: { 'convert-units': {} },
        rules: { operator: 'AND', conditions: [{ field: 'seats', operator: 'greater_than', value: 5 }] },
      },
    ]);

    // A value that cannot be read yet is still an unsaved change: the header says so and leaving asks.
    await editor.tab('Conditions');
    const savedBig = editor.conditionsField('Tools').getByRole('group', { name: 'Big teams', exact: true });
    await savedBig
      .getByRole('group', { name: 'Rule 1' })
      .getByRole('textbox', { name: 'Value', exact: true })
      .fill('abc');
    await page.getByText('unsaved changes: a rule not yet complete').waitFor(patience);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain('/agents/named-variants');
    await editor.button('Save').click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Not saved: correct the rules of Big teams of Tools/ })
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Closing the tab asks the browser's question too.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
