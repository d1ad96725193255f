/**
 * Approval policies in a real browser: a person sets "Approval: When..." on a selected tool with
 * the rule builder (a rule on the call's arguments, linted against the tool's input schema), saves, sees the policy in Preview, and the
 * Playground (the scripted model, driven by `[[call <tool> <json>]]`) asks for approval only for a
 * call the rule matches.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { PlaygroundPanel } from './pages/playground-panel';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser } from './support/browser';
import { scriptHeaders } from './support/credentials';
import { unexpectedConsoleErrors, watchConsoleErrors, shownText } from './support/page-watch';

const baseUrl = inject('serverUrl');
/** A shared machine may take a while for the first page and run. */
const patience = { timeout: 20_000 };

describe('approval policies, in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const response = await fetch(`${baseUrl}/api/agents`, {
      method: 'POST',
      headers: { ...scriptHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'careful-converter',
        name: 'Careful converter',
        model: 'test/scripted',
        instructions: 'Convert units.',
        tools: { 'convert-units': {} },
      }),
    });
    expect(response.status).toBe(201);
  });
  afterAll(() => browser?.close());

  it('sets a policy with the rule builder, saves it, shows it in Preview and asks in the Playground', async () => {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open('careful-converter');

    await editor.tab('Tools');
    const policy = await editor.setApproval('convert-units', 'When...');
    // "When..." starts with one rule to fill in, not with a group that would always ask.
    expect(await editor.rules(policy).getByText('No rules: this group always matches.').count()).toBe(0);
    // The rule is linted against the tool's input schema as the server checks it at save.
    await editor.setRule(policy, 1, { field: 'args.valeu', operator: 'greater than', valueType: 'number', value: '1' });
    await expect
      .poll(() => editor.ruleCheck(policy).allTextContents(), patience)
      .toEqual([
        'Warning: "args.valeu" is not one of the fields the input schema of "convert-units" declares; check its spelling',
      ]);
    await editor.setRule(policy, 1, {
      field: 'args.value',
      operator: 'greater than',
      valueType: 'number',
      value: '100',
    });
    await expect.poll(() => editor.ruleCheck(policy).allTextContents(), patience).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await editor.save('Ask before converting big values');
    await editor.announced('Version 2 saved');

    await editor.tab('Preview');
    await editor.resolve('{}');
    await expect
      .poll(() => shownText(editor.resolvedTools().first()), patience)
      .toContain('needs approval when args.value > 100');

    const playground = new PlaygroundPanel(page);
    await playground.open();
    await playground.send('Small [[call convert-units {"value":5,"from":"km","to":"mi"}]]');
    await expect.poll(() => shownText(playground.toolCall('convert-units')), patience).toContain('done');

    await playground.send('Big [[call convert-units {"value":500,"from":"km","to":"mi"}]]');
    const big = playground.toolCall('convert-units');
    await expect.poll(() => shownText(big), patience).toContain('waiting for approval');
    await big.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => shownText(big), patience).toContain('done');
    expect(unexpectedConsoleErrors(errors, 400)).toEqual([]);
    await page.close();
  });
});
