/**
 * The rule linter live in the editor's rule builder, in a real browser: a rule that can never match
 * under the agent's request-context schema shows the error beside the rule and Save is refused,
 * saying why; fixing the rule clears it and the save goes through.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { watchConsoleErrors } from './support/page-watch';

const baseUrl = inject('serverUrl');
const patience = { timeout: 20_000 };
const api = apiOf(baseUrl);

describe('the rule linter in the rule builder', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows an error beside the rule and refuses Save until the rule is fixed', { timeout: 120_000 }, async () => {
    const created = await api('POST', '/api/agents', {
      id: 'linted-rules',
      name: 'Linted rules',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help.',
      tools: { 'convert-units': {} },
      requestContextSchema: {
        type: 'object',
        additionalProperties: false,
        properties: { tier: { type: 'string', enum: ['free', 'pro'] } },
      },
    });
    expect(created.status).toBe(201);
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open('linted-rules');
    await editor.tab('Conditions');
    await editor.conditionsField('Tools').getByRole('button', { name: 'Add variant' }).click();
    const variant = editor.variant('Tools', 2);
    const rule = await editor.setRule(variant, 1, { field: 'tier', operator: 'equals', value: 'gold' });
    const found = editor.ruleCheck(variant);
    await expect
      .poll(() => found.allTextContents(), patience)
      .toEqual(['Error: "tier" is one of "free", "pro"; "gold" is not among them']);
    // Beside the rule: the finding follows the rule's own row.
    expect(await rule.locator('xpath=following-sibling::*[1]').getByRole('alert').count()).toBe(1);

    await editor.button('Save').click();
    await editor.announced(
      'Not saved: correct the rules of Variant 2 of Tools: "tier" is one of "free", "pro"; "gold" is not among them',
    );
    expect((await api('GET', '/api/agents/linted-rules')).body.agent.latestVersionNumber).toBe(1);

    await editor.ruleValue(variant).fill('pro');
    await expect.poll(() => found.count(), patience).toBe(0);
    await editor.save('Pro tools');
    await editor.announced('Version 2 saved');
    expect(errors).toEqual([]);
  });
});
