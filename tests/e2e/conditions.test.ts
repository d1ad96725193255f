/**
 * The Conditions tab in a real browser: variants of a tool field built with the rule builder,
 * seen in Preview; a nested OR group inside an AND group saved and reloaded unchanged; variants
 * reordered by button and by keyboard; a raw JSON Logic rule edited as JSON; a prompt block's
 * display condition on the Basics tab. Every tab state is scanned with axe.
 */
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { saveScreenshot, watchConsoleErrors, shownText } from './support/page-watch';

const baseUrl = inject('serverUrl');
const patience = { timeout: 20_000 };

/**
 * What a rule row says of its value's type when the request context declares the field's: a
 * sentence under the value, and no "Value type" to pick.
 */
async function readAs(row: Locator) {
  expect(await row.getByRole('combobox', { name: 'Value type' }).count()).toBe(0);
  return (await row.getByText(/^Read as /).textContent())?.trim();
}
const walkTimeoutMs = 180_000;

const api = apiOf(baseUrl);

const requestContextSchema = {
  type: 'object',
  properties: {
    tier: { type: 'string', enum: ['free', 'pro'] },
    seats: { type: 'integer' },
    user: { type: 'object', properties: { role: { type: 'string' } } },
  },
};

async function createAgent(id: string, extra: Record<string, unknown> = {}) {
  const created = await api('POST', '/api/agents', {
    id,
    name: id,
    model: 'openai/gpt-4o-mini',
    instructions: 'Help with the plan.',
    requestContextSchema,
    ...extra,
  });
  expect(created.status).toBe(201);
}

describe('conditions: variants and the rule builder in a real browser', () => {
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

  it(
    'a variant "tier equals pro" adds a tool that Preview shows for {"tier":"pro"} and not for {"tier":"free"}; a nested OR group survives save and reload',
    async () => {
      await createAgent('tiered-tools', { tools: { 'convert-units': {} } });
      const { page, errors, editor } = await openEditor('tiered-tools');
      await editor.tab('Conditions');
      const tools = editor.conditionsField('Tools');
      for (const name of ['Tools', 'Instructions', 'MCP clients', 'Integration tools', 'Tool providers'])
        expect(await editor.conditionsField(name).getByRole('button', { name: 'Add variant' }).count()).toBe(1);
      expect(await page.getByText(/later matching variant replaces an earlier one/).count()).toBe(1);
      await tools.getByRole('button', { name: 'Add variant' }).click();

      // The plain selection became Variant 1 (always included); Variant 2 starts with one empty rule row.
      const first = editor.variant('Tools', 1);
      const second = editor.variant('Tools', 2);
      expect(await first.getByRole('checkbox', { name: 'convert-units' }).isChecked()).toBe(true);
      expect(await first.getByText('No condition: this variant is always included.').count()).toBe(1);
      expect(await second.getByRole('group', { name: /^Rule \d+$/ }).count()).toBe(1);
      expect(await second.getByRole('combobox', { name: 'Combinator' }).inputValue()).toBe('all');
      const operators = await second.getByRole('combobox', { name: 'Operator' }).locator('option').allTextContents();
      expect(operators).toEqual([
        'equals',
        'not equals',
        'contains',
        'not contains',
        'greater than',
        'less than',
        'greater than or equal',
        'less than or equal',
        'in',
        'not in',
        'exists',
        'not exists',
      ]);
      await editor.setRule(second, 1, { field: 'tier', operator: 'equals', value: 'pro' });
      // The field's type narrows the operators: a string is never "greater than".
      expect(
        await second.getByRole('combobox', { name: 'Operator' }).locator('option').allTextContents(),
      ).not.toContain('greater than');
      await second.getByRole('checkbox', { name: 'world-time' }).check();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await editor.save('World time for pro');
      await editor.announced('Version 2 saved');

      const saved = (await api('GET', '/api/agents/tiered-tools')).body.version;
      expect(saved.tools).toEqual([
        { value: { 'convert-units': {} } },
        {
          value: { 'world-time': {} },
          rules: { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] },
        },
      ]);

      await editor.tab('Preview');
      await editor.resolve('{"tier":"pro"}');
      await expect
        .poll(async () => (await editor.resolvedTools().allTextContents()).join('\n'), patience)
        .toContain('world-time');
      expect((await editor.resolvedTools().allTextContents()).join('\n')).toContain('convert-units');
      expect(await editor.matchedVariants().allTextContents()).toEqual(['Tools: Variant 1, Variant 2 matched']);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await editor.resolve('{"tier":"free"}');
      await expect
        .poll(() => editor.matchedVariants().allTextContents(), patience)
        .toEqual(['Tools: Variant 1 matched']);
      const freeTools = (await editor.resolvedTools().allTextContents()).join('\n');
      expect(freeTools).toContain('convert-units');
      expect(freeTools).not.toContain('world-time');

      // Nest an OR group inside the AND group, save, reload: the same rule comes back.
      await editor.tab('Conditions');
      const nested = await editor.addNestedGroup(editor.variant('Tools', 2));
      await nested.getByRole('combobox', { name: 'Combinator' }).selectOption('any');
      await editor.setRule(nested, 1, { field: 'seats', operator: 'greater than', value: '10' });
      await nested.getByRole('button', { name: 'Add rule' }).click();
      await editor.setRule(nested, 2, { field: 'user.role', operator: 'equals', value: 'admin' });
      await saveScreenshot(editor.page, 'editor-conditions');
      await editor.save('Only for big or admin pro accounts');
      await editor.announced('Version 3 saved');
      const expectedRules = {
        operator: 'AND',
        conditions: [
          { field: 'tier', operator: 'equals', value: 'pro' },
          {
            operator: 'OR',
            conditions: [
              { field: 'seats', operator: 'greater_than', value: 10 },
              { field: 'user.role', operator: 'equals', value: 'admin' },
            ],
          },
        ],
      };
      expect((await api('GET', '/api/agents/tiered-tools')).body.version.tools[1].rules).toEqual(expectedRules);

      await page.reload();
      await editor.tab('Conditions');
      const reloaded = editor.variant('Tools', 2);
      const group = reloaded.getByRole('group', { name: 'Group 1', exact: true });
      expect(await group.getByRole('combobox', { name: 'Combinator' }).inputValue()).toBe('any');
      expect(
        await group
          .getByRole('combobox', { name: 'Field' })
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
      ).toEqual(['seats', 'user.role']);
      expect(await readAs(group.getByRole('group', { name: 'Rule 1' }))).toBe(
        'Read as a number, from the type of seats.',
      );
      expect(
        await group.getByRole('group', { name: 'Rule 1' }).getByRole('textbox', { name: 'Value' }).inputValue(),
      ).toBe('10');
      // Nothing changed by showing it: Save has nothing to send.
      await editor.button('Save').click();
      await editor.announced('Nothing to save: no field has changed.');

      await editor.tab('Preview');
      await editor.resolve('{"tier":"pro","seats":20}');
      await expect
        .poll(() => editor.matchedVariants().allTextContents(), patience)
        .toEqual(['Tools: Variant 1, Variant 2 matched']);
      await editor.resolve('{"tier":"pro","seats":5}');
      await expect
        .poll(() => editor.matchedVariants().allTextContents(), patience)
        .toEqual(['Tools: Variant 1 matched']);

      // A variant given a name is called by it in Preview too, as on the Conditions tab.
      await editor.tab('Conditions');
      await editor.variant('Tools', 2).getByRole('textbox', { name: 'Variant name' }).fill('Big pro accounts');
      await editor.save('Name the pro variant');
      await editor.announced('Version 4 saved');
      await editor.tab('Preview');
      await editor.resolve('{"tier":"pro","seats":20}');
      await expect
        .poll(() => editor.matchedVariants().allTextContents(), patience)
        .toEqual(['Tools: Variant 1, "Big pro accounts" matched']);
      expect((await editor.resolvedTools().allTextContents()).join('\n')).toContain(
        'selected in tools, "Big pro accounts"',
      );
      expect(errors).toEqual([]);
      await page.close();
    },
    walkTimeoutMs,
  );

  it(
    'nests groups three levels deep with typed values, offers operators by the field type, and no fourth level',
    async () => {
      await createAgent('three-levels', {
        tools: {},
        requestContextSchema: {
          type: 'object',
          properties: {
            ...requestContextSchema.properties,
            beta: { type: 'boolean' },
            regions: { type: 'array', items: { type: 'string' } },
          },
        },
      });
      const { page, errors, editor } = await openEditor('three-levels');
      await editor.tab('Conditions');
      await editor.conditionsField('Tools').getByRole('button', { name: 'Add variant' }).click();
      const variant = editor.variant('Tools', 1);
      const operatorsOf = (row: Locator) =>
        row.getByRole('combobox', { name: 'Operator' }).locator('option').allTextContents();

      // Field paths are suggested from the agent's requestContextSchema, nested ones by their dotted path.
      const suggested = await variant
        .getByRole('combobox', { name: 'Field', exact: true })
        .evaluate((input) => Array.from((input as HTMLInputElement).list?.options ?? []).map((option) => option.value));
      expect(suggested.sort()).toEqual(['beta', 'regions', 'seats', 'tier', 'user', 'user.role']);
      // A field the schema does not declare leaves the value's type to the person.
      const undeclared = await editor.setRule(variant, 1, { field: 'account.plan', operator: 'equals' });
      expect(await undeclared.getByRole('combobox', { name: 'Value type' }).inputValue()).toBe('text');
      expect(await undeclared.getByText(/^Read as /).count()).toBe(0);
      // Operators by type: a boolean is only compared for equality or presence, a list is searched.
      const flag = await editor.setRule(variant, 1, { field: 'beta', operator: 'equals' });
      expect(await operatorsOf(flag)).toEqual(['equals', 'not equals', 'exists', 'not exists']);
      // The declared type decides the value's: nothing to pick.
      expect(await flag.getByRole('combobox', { name: 'Value type' }).count()).toBe(0);
      expect(await flag.getByRole('combobox', { name: 'Value', exact: true }).inputValue()).toBe('true');
      await variant.getByRole('button', { name: 'Add rule' }).click();
      const regions = await editor.setRule(variant, 2, { field: 'regions', operator: 'contains', value: 'eu' });
      expect(await operatorsOf(regions)).toEqual(['contains', 'not contains', 'exists', 'not exists']);

      // Level 2: an OR group; level 3: an AND group inside it, where no further group can be added.
      await editor.addNestedGroup(variant);
      // Named by position, not as "the last group": a group added inside it would be the last one.
      const level2 = editor.rules(variant).getByRole('group', { name: 'Group 1', exact: true }).first();
      await level2.getByRole('combobox', { name: 'Combinator' }).selectOption('any');
      const tiers = await editor.setRule(level2, 1, { field: 'tier', operator: 'in', value: 'pro, team' });
      expect(await readAs(tiers)).toBe(
        'Read as a list of text, from the type of tier. Separate items with commas. Allowed: "free", "pro".',
      );
      await level2.getByRole('button', { name: 'Add group', exact: true }).first().click();
      const level3 = level2.getByRole('group', { name: 'Group 1', exact: true });
      const counted = await editor.setRule(level3, 1, { field: 'seats', operator: 'in', value: '5, 10' });
      expect(await operatorsOf(counted)).toContain('greater than');
      expect(await operatorsOf(counted)).not.toContain('contains');
      expect(await readAs(counted)).toBe(
        'Read as a list of numbers, from the type of seats. Separate items with commas.',
      );
      expect(await level3.getByRole('button', { name: 'Add group', exact: true }).isDisabled()).toBe(true);
      expect(await level3.getByText('Groups nest at most 3 levels deep.').count()).toBe(1);
      expect(await level2.getByRole('button', { name: 'Add group', exact: true }).last().isDisabled()).toBe(false);
      await variant.getByRole('checkbox', { name: 'world-time' }).check();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await editor.save('Three levels');
      await editor.announced('Version 2 saved');
      const expectedRules = {
        operator: 'AND',
        conditions: [
          { field: 'beta', operator: 'equals', value: true },
          { field: 'regions', operator: 'contains', value: 'eu' },
          {
            operator: 'OR',
            conditions: [
              { field: 'tier', operator: 'in', value: ['pro', 'team'] },
              { operator: 'AND', conditions: [{ field: 'seats', operator: 'in', value: [5, 10] }] },
            ],
          },
        ],
      };
      expect((await api('GET', '/api/agents/three-levels')).body.version.tools).toEqual([
        { value: { 'world-time': {} }, rules: expectedRules },
      ]);

      // Reloaded, the three levels come back as they were and Save has nothing to send.
      await page.reload();
      await editor.tab('Conditions');
      const reloaded = editor
        .variant('Tools', 1)
        .getByRole('group', { name: 'Group 1', exact: true })
        .first()
        .getByRole('group', { name: 'Group 1', exact: true });
      expect(await reloaded.getByRole('textbox', { name: 'Value' }).inputValue()).toBe('5, 10');
      expect(await readAs(reloaded)).toMatch(/^Read as a list of numbers, from the type of seats\./);
      await editor.button('Save').click();
      await editor.announced('Nothing to save: no field has changed.');

      await editor.tab('Preview');
      await editor.resolve('{"beta":true,"regions":["eu"],"tier":"free","seats":10}');
      await expect
        .poll(() => editor.matchedVariants().allTextContents(), patience)
        .toEqual(['Tools: Variant 1 matched']);
      expect((await editor.resolvedTools().allTextContents()).join('\n')).toContain('world-time');
      await editor.resolve('{"beta":true,"regions":["eu"],"tier":"free","seats":7}');
      await expect
        .poll(() => editor.matchedVariants().allTextContents(), patience)
        .toEqual(['Tools: no variant matched, so the field is empty']);
      expect(errors).toEqual([]);
      await page.close();
    },
    walkTimeoutMs,
  );

  it('reorders variants with Move up, the keyboard and the mouse, removes a rule, and refuses to save a value that is not a number', async () => {
    await createAgent('reordered', {
      tools: [
        {
          value: { 'convert-units': {} },
          rules: { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'free' }] },
        },
        {
          value: { 'world-time': {} },
          rules: {
            operator: 'OR',
            conditions: [
              { field: 'tier', operator: 'equals', value: 'pro' },
              { field: 'seats', operator: 'exists' },
            ],
          },
        },
      ],
    });
    const { page, errors, editor } = await openEditor('reordered');
    await editor.tab('Conditions');
    const fieldOfFirstRule = (number: number) =>
      editor
        .variant('Tools', number)
        .getByRole('group', { name: 'Rule 1' })
        .getByRole('combobox', { name: 'Field' })
        .inputValue();

    await editor.variant('Tools', 2).getByRole('button', { name: 'Move up' }).click();
    expect(await editor.variant('Tools', 1).getByRole('checkbox', { name: 'world-time' }).isChecked()).toBe(true);
    expect(await editor.variant('Tools', 1).getByRole('combobox', { name: 'Combinator' }).inputValue()).toBe('any');

    // Keyboard: pick Variant 1 up with Space, move it down with an arrow key, drop it with Space.
    await editor.moveVariantByKeyboard('Tools', 1, 2);
    expect(await editor.variant('Tools', 2).getByRole('checkbox', { name: 'world-time' }).isChecked()).toBe(true);
    expect(await fieldOfFirstRule(1)).toBe('tier');
    await editor.variant('Tools', 1).getByRole('checkbox', { name: 'world-time' }).waitFor({ state: 'attached' });
    expect(await editor.variant('Tools', 1).getByRole('checkbox', { name: 'world-time' }).isChecked()).toBe(false);

    // Drag with the mouse: Variant 2 (world-time) onto Variant 1, then back.
    const worldTimeIn = (number: number) => () =>
      editor.variant('Tools', number).getByRole('checkbox', { name: 'world-time' }).isChecked();
    await editor.dragVariant('Tools', 2, 1, worldTimeIn(1));
    await editor.dragVariant('Tools', 1, 2, worldTimeIn(2));

    // Remove a rule; a value that does not read as a number blocks the save, saying where.
    const variant2 = editor.variant('Tools', 2);
    await variant2.getByRole('group', { name: 'Rule 2' }).getByRole('button', { name: 'Remove rule' }).click();
    await expect.poll(() => variant2.getByRole('group', { name: /^Rule \d+$/ }).count(), patience).toBe(1);
    // The field becomes a number in the schema, so the kept value is read as a number from now on.
    await editor.setRule(variant2, 1, { field: 'seats', operator: 'greater than', value: 'ten' });
    expect(await readAs(variant2)).toBe('Read as a number, from the type of seats.');
    await expect.poll(() => variant2.getByText('Enter a number, such as 5 or 2.5').count(), patience).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await editor.button('Save').click();
    await editor.announced('Not saved: correct the rules of Variant 2 of Tools: Enter a number, such as 5 or 2.5');
    await variant2.getByRole('textbox', { name: 'Value' }).fill('10');
    await editor.save('Reordered');
    await editor.announced('Version 2 saved');
    const tools = (await api('GET', '/api/agents/reordered')).body.version.tools;
    expect(tools).toEqual([
      {
        value: { 'convert-units': {} },
        rules: { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'free' }] },
      },
      {
        value: { 'world-time': {} },
        rules: { operator: 'OR', conditions: [{ field: 'seats', operator: 'greater_than', value: 10 }] },
      },
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens a raw JSON Logic rule as JSON with validation instead of losing it', async () => {
    const jsonLogic = { '===': [{ var: 'tier' }, 'pro'] };
    await createAgent('json-rule', {
      tools: [{ value: { 'convert-units': {} }, rules: { jsonLogic } }],
    });
    const { page, errors, editor } = await openEditor('json-rule');
    await editor.tab('Conditions');
    const box = editor.variant('Tools', 1).getByRole('textbox', { name: 'Rules (JSON)' });
    expect(JSON.parse(await box.inputValue())).toEqual({ jsonLogic });
    expect(await editor.variant('Tools', 1).getByRole('button', { name: 'Edit visually' }).isDisabled()).toBe(true);
    await box.fill('{"jsonLogic": {"==": [1, 1]}}');
    await editor
      .variant('Tools', 1)
      .getByText(/Operation "==" is not allowed/)
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await editor.button('Save').click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Not saved: correct the rules of Variant 1 of Tools: Operation "==" is not allowed' })
      .waitFor();
    // A rule group typed as JSON can go back to the visual builder.
    await box.fill('{"operator": "OR", "conditions": [{"field": "tier", "operator": "in", "value": ["pro", "team"]}]}');
    await editor.variant('Tools', 1).getByRole('button', { name: 'Edit visually' }).click();
    const row = editor.variant('Tools', 1).getByRole('group', { name: 'Rule 1' });
    expect(await row.getByRole('textbox', { name: 'Value' }).inputValue()).toBe('pro, team');
    expect(await readAs(row)).toMatch(/^Read as a list of text, from the type of tier\./);
    await editor.save('Rule as a group');
    await editor.announced('Version 2 saved');
    expect((await api('GET', '/api/agents/json-rule')).body.version.tools[0].rules).toEqual({
      operator: 'OR',
      conditions: [{ field: 'tier', operator: 'in', value: ['pro', 'team'] }],
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('builds a prompt block display condition on the Basics tab and Preview includes the block only when it matches', async () => {
    await createAgent('tiered-blocks');
    const { page, errors, editor } = await openEditor('tiered-blocks');
    await editor.button('Use prompt blocks').click();
    await editor.button('Add block').click();
    await editor.textbox('Block 2').fill('Offer the pro onboarding call.');
    const condition = page.getByRole('group', { name: 'Display condition of block 2' });
    await condition.getByRole('button', { name: 'Add condition' }).click();
    await editor.setRule(condition, 1, { field: 'tier', operator: 'equals', value: 'pro' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await editor.save('Pro block');
    await editor.announced('Version 2 saved');

    // The Conditions tab shows the same blocks as variants of Instructions.
    await editor.tab('Conditions');
    const block = editor.variant('Instructions', 2);
    expect(await block.getByRole('combobox', { name: 'Field' }).inputValue()).toBe('tier');

    await editor.tab('Preview');
    await editor.resolve('{"tier":"pro"}');
    await expect.poll(() => shownText(editor.instructions()), patience).toContain('Offer the pro onboarding call.');
    // The list appears once the editor knows the saved version Preview resolved.
    await expect
      .poll(() => editor.matchedVariants().allTextContents(), patience)
      .toEqual(['Instructions: Variant 1, Variant 2 included']);
    await editor.resolve('{"tier":"free"}');
    await expect
      .poll(() => editor.matchedVariants().allTextContents(), patience)
      .toEqual(['Instructions: Variant 1 included']);
    expect(await editor.instructions().textContent()).not.toContain('onboarding');
    expect(errors).toEqual([]);
    await page.close();
  });
});
