/**
 * Request-context fields declared with controls on the Conditions tab, by keyboard only: a one-of
 * field becomes the agent's `requestContextSchema`, the rule builder offers it and its allowed
 * values, and Preview, Compare and the Playground give it a control and say in words when a request
 * context lacks a field the rules read. A schema the controls cannot express is shown read-only.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { watchConsoleErrors, shownText } from './support/page-watch';

const baseUrl = inject('serverUrl');
const patience = { timeout: 20_000 };
const api = apiOf(baseUrl);

const optionValues = (input: HTMLInputElement | HTMLElement) =>
  Array.from((input as HTMLInputElement).list?.options ?? []).map((option) => option.value);

describe('request-context fields in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function openEditor(agentId: string) {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open(agentId);
    return { page, errors, editor };
  }

  it('declares a one-of field by keyboard, builds a rule on it, and warns when a request context lacks it', async () => {
    const created = await api('POST', '/api/agents', {
      id: 'plan-fields',
      name: 'Plan fields',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help.',
      tools: { 'convert-units': {} },
    });
    expect(created.status).toBe(201);
    const { page, errors, editor } = await openEditor('plan-fields');
    await editor.tab('Conditions');
    const fields = page.getByRole('region', { name: 'Request context fields' });

    // Add field, then name, type, allowed values and Required, with the keyboard alone.
    await fields.getByRole('button', { name: 'Add field' }).focus();
    await page.keyboard.press('Enter');
    const first = fields.getByRole('group', { name: 'Field 1' });
    await first.waitFor();
    // What stops a row from being saved shows beside the control it concerns.
    expect(await first.getByRole('textbox', { name: 'Field name' }).getAttribute('aria-invalid')).toBe('true');
    expect(await first.getByText('Give the field a name').count()).toBe(1);
    await page.keyboard.type('plan');
    const plan = fields.getByRole('group', { name: 'Field plan', exact: true });
    await plan.waitFor();
    await page.keyboard.press('Tab');
    const type = plan.getByRole('combobox', { name: 'Field type' });
    expect(await type.locator('option').allTextContents()).toEqual(['text', 'number', 'true/false', 'one of']);
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
    expect(await type.inputValue()).toBe('oneOf');
    const allowed = plan.getByRole('textbox', { name: 'Allowed values' });
    expect(await allowed.getAttribute('aria-invalid')).toBe('true');
    expect(await plan.getByText('List the values "plan" allows, separated by commas').count()).toBe(1);
    expect(await plan.getByRole('textbox', { name: 'Field name' }).getAttribute('aria-invalid')).toBeNull();
    await page.keyboard.press('Tab');
    await page.keyboard.type('free, pro');
    expect(await allowed.inputValue()).toBe('free, pro');
    expect(await allowed.getAttribute('aria-invalid')).toBeNull();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await plan.getByRole('checkbox', { name: 'Required' }).isChecked()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A variant whose rule reads the declared field, picked from the lists the builder offers.
    await editor.conditionsField('Tools').getByRole('button', { name: 'Add variant' }).focus();
    await page.keyboard.press('Enter');
    const rule = editor.variant('Tools', 2).getByRole('group', { name: 'Rule 1', exact: true });
    const field = rule.getByRole('combobox', { name: 'Field', exact: true });
    expect(await field.evaluate(optionValues)).toEqual(['plan']);
    // A new rule row is unfinished, not wrong: a hint to pick a field and no finding from the linter.
    expect(await rule.getByText('Pick a field.').count()).toBe(1);
    const checks = editor.variant('Tools', 2).getByRole('alert').or(editor.variant('Tools', 2).getByRole('status'));
    expect(await checks.allTextContents()).toEqual([]);
    // A misspelt field warns in words, without the linter's code.
    await field.focus();
    await page.keyboard.type('plna');
    await expect
      .poll(() => editor.ruleCheck(editor.variant('Tools', 2)).allTextContents(), patience)
      .toEqual(['Warning: "plna" is not one of the declared request context fields; check its spelling']);
    await field.fill('');
    await page.keyboard.type('plan');
    await expect.poll(async () => (await checks.allTextContents()).join(' '), patience).not.toContain('plna');
    const value = rule.getByRole('combobox', { name: 'Value', exact: true });
    await value.waitFor();
    expect(await value.evaluate(optionValues)).toEqual(['free', 'pro']);
    await value.focus();
    await page.keyboard.type('pro');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/shots/ctx-conditions.png', fullPage: true });

    await editor.save('Plan field');
    await editor.announced('Version 2 saved');
    const saved = (await api('GET', '/api/agents/plan-fields')).body.version;
    expect(saved.requestContextSchema).toEqual({
      type: 'object',
      properties: { plan: { type: 'string', enum: ['free', 'pro'] } },
      required: ['plan'],
    });
    expect(saved.tools[1].rules).toEqual({
      operator: 'AND',
      conditions: [{ field: 'plan', operator: 'equals', value: 'pro' }],
    });

    // Preview: a control per field; the old example {"tier": "pro"} is now said to miss plan.
    const preview = await editor.tab('Preview');
    const box = editor.textbox('Request context');
    // The tab draws its example once the saved version reaches it.
    await expect.poll(() => preview.getByText('{"plan":"free"}').count(), patience).toBe(1);
    await box.fill('{"tier": "pro"}');
    const warning = preview.getByRole('status').filter({ hasText: 'The rules read' });
    await expect
      .poll(() => shownText(warning), patience)
      .toBe(
        'The rules read plan, which this request context does not give. It gives tier, which is neither a declared field nor read by the rules.',
      );
    await preview.getByRole('combobox', { name: 'plan', exact: true }).selectOption('pro');
    expect(JSON.parse(await box.inputValue())).toEqual({ tier: 'pro', plan: 'pro' });
    await expect.poll(() => warning.count(), patience).toBe(0);
    await editor.button('Resolve').click();
    await expect
      .poll(() => editor.matchedVariants().allTextContents(), patience)
      .toEqual(['Tools: Variant 1, Variant 2 matched']);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // A value the declared field does not take is said too, before anything resolves.
    await box.fill('{"plan": "gold"}');
    await preview
      .getByRole('status')
      .filter({ hasText: 'It gives plan "gold", which is not one of' })
      .waitFor(patience);

    // Compare: version 2's field has a control, and its rule's field is missing from the empty context.
    const versions = await editor.tab('Versions');
    await page.getByRole('checkbox', { name: 'Select version 1' }).check();
    await page.getByRole('checkbox', { name: 'Select version 2' }).check();
    await versions.getByRole('combobox', { name: 'plan', exact: true }).waitFor();
    await versions
      .getByRole('status')
      .filter({ hasText: 'The rules read plan, which this request context does not give.' })
      .waitFor(patience);
    await versions.getByRole('combobox', { name: 'plan', exact: true }).selectOption('free');
    await expect.poll(() => versions.getByRole('status').filter({ hasText: 'The rules read' }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Playground: the same control.
    const playground = await editor.tab('Playground');
    await playground.getByRole('combobox', { name: 'plan', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a schema the controls cannot express read-only and keeps it whole on save', async () => {
    const requestContextSchema = {
      type: 'object',
      properties: { user: { type: 'object', properties: { role: { type: 'string' } } } },
    };
    const created = await api('POST', '/api/agents', {
      id: 'nested-context',
      name: 'Nested context',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help.',
      requestContextSchema,
    });
    expect(created.status).toBe(201);
    const { page, errors, editor } = await openEditor('nested-context');
    await editor.tab('Conditions');
    const fields = page.getByRole('region', { name: 'Request context fields' });
    await fields.getByText(/cannot be changed here, because the field "user" uses "properties"/).waitFor();
    expect(await fields.getByRole('button', { name: 'Add field' }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await editor.tab('Basics');
    await editor.textbox('Description').fill('Answers by role');
    await editor.save('Description');
    await editor.announced('Version 2 saved');
    expect((await api('GET', '/api/agents/nested-context')).body.version.requestContextSchema).toEqual(
      requestContextSchema,
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
