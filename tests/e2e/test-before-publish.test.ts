/**
 * Test before publish, in a real browser: a Playground run becomes a test case, its expectations
 * are edited with controls (a field the schema refuses is marked beside its control), the agent's
 * publish gate is turned on, a version whose instructions make the scripted model call another
 * tool fails "Run tests" with the failing expectation and the difference from the recording in
 * words, and the Publish dialog refuses it; a fixed version passes and goes live. An admin may
 * publish past the gate with a reason; a run's page saves a run as a test case too. The scripted
 * model (tests/support/prompt-scripted-model.ts) calls the tool the instructions name.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { PlaygroundPanel } from './pages/playground-panel';
import { TestsPanel } from './pages/tests-panel';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { signedInAsEditor } from './support/credentials';
import { saveScreenshot, unexpectedConsoleErrors, watchConsoleErrors, shownText } from './support/page-watch';

const baseUrl = inject('serverUrl');
const api = apiOf(baseUrl);
/** A shared machine may take a while for the first page and run. */
const patience = { timeout: 20_000 };
const agentId = 'travel-desk';
const caseName = 'Ten kilometres';
const convert = '[[call convert-units {"value":10,"from":"km","to":"mi"}]]';
const tellTime = '[[call world-time {"timeZone":"Europe/Oslo"}]]';

const activeVersion = async () => (await api('GET', `/api/agents/${agentId}`)).body.agent.activeVersionNumber;

describe('test before publish, in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let errors: string[];
  let editor: AgentEditorPage;
  let tests: TestsPanel;
  let runId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await api('POST', '/api/agents', {
      id: agentId,
      name: 'Travel desk',
      model: 'test/scripted',
      instructions: `Convert distances for travellers. ${convert}`,
      tools: { 'convert-units': {}, 'world-time': {} },
    });
    expect(created.status).toBe(201);
    page = await browser.context.newPage();
    errors = watchConsoleErrors(page);
    editor = new AgentEditorPage(page, baseUrl);
    tests = new TestsPanel(page);
  });
  afterAll(() => browser?.close());

  async function saveInstructions(instructions: string, message: string, versionNumber: number) {
    await editor.tab('Basics');
    await editor.textbox('Instructions').fill(instructions);
    await editor.save(message);
    await editor.announced(`Version ${versionNumber} saved`);
    // The editor reads the new version once the save is announced.
    await page.getByText(`editing version ${versionNumber}`).waitFor(patience);
  }

  it(
    'saves a finished Playground run as a test case and edits its expectations with controls',
    { timeout: 120_000 },
    async () => {
      await editor.open(agentId);
      const playground = new PlaygroundPanel(page);
      await playground.open();
      await playground.send('How far is 10 km in miles?');
      await expect.poll(() => shownText(playground.lastAnswer()), patience).toContain('10 km = 6.21371 mi');
      runId = /Run (\S+)/.exec((await page.getByText(/^Run /).last().textContent()) ?? '')![1]!;

      await playground.button('Save as test case').click();
      await playground.button('Save test case').click();
      expect(await page.getByRole('alert').filter({ hasText: 'Fill this in.' }).count()).toBe(1);
      await page.getByRole('textbox', { name: 'Test case name', exact: true }).fill(caseName);
      await playground.button('Save test case').click();
      const saved = page.getByRole('status').filter({ hasText: `Saved test case “${caseName}”.` });
      await saved.waitFor(patience);
      await saved.getByRole('link', { name: 'Open the Tests tab' }).click();

      const testCase = tests.testCase(caseName);
      await testCase.waitFor(patience);
      expect(await testCase.textContent()).toContain('The user says: How far is 10 km in miles?');
      expect(await testCase.textContent()).toContain('convert-units with value 10, from "km", to "mi"');
      const first = tests.expectation(testCase, 1);
      expect(await first.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('toolCalled');
      expect(await first.getByRole('combobox', { name: 'Tool' }).inputValue()).toBe('convert-units');
      const second = tests.expectation(testCase, 2);
      expect(await second.textContent()).toContain('Reads: Calls no tool other than convert-units.');
      expect(await second.getByRole('checkbox', { name: 'convert-units' }).isChecked()).toBe(true);
      expect(await second.getByRole('checkbox', { name: 'world-time' }).isChecked()).toBe(false);

      // A new expectation: empty text, then a pattern RE2 refuses, are marked beside their controls.
      await tests.button('Add expectation', testCase).click();
      const third = tests.expectation(testCase, 3);
      await tests.button('Save case', testCase).click();
      await expect.poll(() => third.getByRole('textbox', { name: 'Text' }).getAttribute('aria-invalid')).toBe('true');
      expect(await third.textContent()).toContain('Fill this in.');
      await tests.setType(third, 'Answer matches pattern');
      await third.getByRole('textbox', { name: 'Pattern' }).fill('(?=mi)');
      await tests.button('Save case', testCase).click();
      await expect.poll(() => shownText(third)).toContain('Not a pattern RE2 runs');
      await tests.setType(third, 'Answer includes');
      await third.getByRole('textbox', { name: 'Text' }).fill('6.21371 mi');
      expect(await third.textContent()).toContain('Reads: The answer includes "6.21371 mi".');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await tests.button('Save case', testCase).click();
      await testCase.getByRole('status').filter({ hasText: 'Saved.' }).waitFor(patience);

      const stored = await api('GET', `/api/agents/${agentId}/test-cases`);
      expect(stored.body.items[0].expectations).toEqual([
        { type: 'toolCalled', tool: 'convert-units' },
        { type: 'onlyTools', tools: ['convert-units'] },
        { type: 'answerIncludes', text: '6.21371 mi' },
      ]);
      await saveScreenshot(page, 'editor-tests');
    },
  );

  it('turns the publish gate on: admins with its controls, others read it', async () => {
    const gate = tests.gate();
    if (signedInAsEditor()) {
      expect((await api('PUT', `/api/agents/${agentId}/publish-gate`, { requireEvaluation: true })).status).toBe(200);
      await editor.open(agentId);
      await tests.open();
      await expect.poll(() => shownText(gate), patience).toContain('Publishing needs passing tests');
      expect(await gate.textContent()).toContain('Only an admin changes the publish gate.');
      expect(await gate.getByRole('checkbox').count()).toBe(0);
      return;
    }
    await gate.getByRole('checkbox', { name: 'Require passing tests before publishing' }).check();
    await gate.getByRole('spinbutton', { name: 'Pass rate needed (%)' }).fill('100');
    await tests.button('Save publish gate', gate).click();
    await gate.getByRole('status').filter({ hasText: 'Publish gate saved.' }).waitFor(patience);
    expect(await gate.textContent()).toContain('at least 100% of the cases pass');
    expect((await api('GET', `/api/agents/${agentId}/publish-gate`)).body).toEqual({
      requireEvaluation: true,
      minPassRate: 1,
    });
  });

  it(
    'fails Run tests on a version that calls another tool, and the Publish dialog refuses it',
    { timeout: 120_000 },
    async () => {
      await saveInstructions(`Tell travellers the time. ${tellTime}`, 'Tell the time instead', 2);
      await tests.open();
      await tests.runTests('Draft (latest saved, version 2)');
      await expect.poll(() => shownText(tests.progress()), patience).toBe('Version 2: 0 of 1 test case passed.');
      const result = tests.result(caseName);
      const text = (await result.textContent()) ?? '';
      expect(text).toContain('Failed');
      expect(text).toContain('Expected a call to convert-units; it was not called (calls: world-time).');
      expect(text).toContain('Called, not in the recording: world-time with timeZone "Europe/Oslo"');
      expect(text).toContain('No longer called: convert-units with value 10, from "km", to "mi"');
      expect(await result.getByRole('insertion').count()).toBeGreaterThan(0);
      expect(await result.getByRole('deletion').count()).toBeGreaterThan(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'editor-tests-failed');

      await editor.publishButton().click();
      const dialog = page.getByRole('dialog', { name: 'Publish version 2' });
      await expect
        .poll(() => shownText(dialog.getByRole('region', { name: 'Tests' })), patience)
        .toContain('Last test run: passed 0 of 1 on version 2.');
      await dialog.getByRole('button', { name: 'Publish version' }).click();
      const refusal = dialog.getByRole('alert').filter({ hasText: 'Not published.' });
      await refusal.waitFor(patience);
      expect(await refusal.textContent()).toContain('The publish gate needs a finished evaluation');
      if (signedInAsEditor()) {
        expect(await dialog.textContent()).toContain('An admin can publish this version without a passing test run');
        expect(await dialog.getByRole('textbox', { name: 'Override reason' }).count()).toBe(0);
      } else {
        await dialog.getByRole('textbox', { name: 'Override reason' }).waitFor();
        await dialog.getByRole('button', { name: 'Publish without evaluation' }).scrollIntoViewIfNeeded();
      }
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'publish-dialog-tests');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await activeVersion()).toBeNull();
    },
  );

  it('passes Run tests on a fixed version, which then publishes', { timeout: 120_000 }, async () => {
    await saveInstructions(`Convert distances for travellers, briefly. ${convert}`, 'Back to distances', 3);
    await editor.publishButton().click();
    const dialog = page.getByRole('dialog', { name: 'Publish version 3' });
    await expect.poll(() => shownText(dialog.getByRole('region', { name: 'Tests' })), patience).toContain('Not tested');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await tests.open();
    await tests.runTests('Version 3');
    await expect.poll(() => shownText(tests.progress()), patience).toBe('Version 3: 1 of 1 test case passed.');
    expect(await tests.result(caseName).textContent()).toContain('Passed');
    const earlier = tests.panel().getByRole('region', { name: 'Earlier test runs' });
    await expect.poll(() => shownText(earlier), patience).toContain('Version 2: 0 of 1 passed');

    await editor.publishButton().click();
    await expect
      .poll(() => shownText(dialog.getByRole('region', { name: 'Tests' })), patience)
      .toContain('Last test run: passed 1 of 1 on version 3.');
    expect(await dialog.textContent()).toContain('every check passes');
    await dialog.getByRole('button', { name: 'Publish version' }).click();
    await editor.announced('Version 3 published');
    expect(await activeVersion()).toBe(3);
  });

  it.skipIf(signedInAsEditor())(
    'lets an admin publish an untested version with a reason, kept in the audit log',
    async () => {
      const saved = await api('PATCH', `/api/agents/${agentId}`, {
        baseVersionNumber: 3,
        instructions: `Convert distances, kindly. ${convert}`,
      });
      expect(saved.status).toBe(200);
      await editor.open(agentId);
      await editor.publishButton().click();
      const dialog = page.getByRole('dialog', { name: 'Publish version 4' });
      await dialog.getByRole('region', { name: 'Tests' }).waitFor(patience);
      await dialog.getByRole('button', { name: 'Publish version' }).click();
      const reason = dialog.getByRole('textbox', { name: 'Override reason' });
      await reason.waitFor(patience);
      await dialog.getByRole('button', { name: 'Publish without evaluation' }).click();
      expect(await dialog.getByRole('alert').filter({ hasText: 'Fill this in.' }).count()).toBe(1);
      await reason.fill('Wording fix approved by the travel lead');
      await dialog.getByRole('button', { name: 'Publish without evaluation' }).click();
      await editor.announced('Version 4 published');
      expect(await activeVersion()).toBe(4);
      const audit = await api('GET', `/api/agents/${agentId}/audit`);
      const entry = (audit.body.items as Array<{ action: string; details: Record<string, unknown> }>).find(
        (item) => item.action === 'agent.publish' && item.details.versionNumber === 4,
      );
      expect(entry?.details.override).toEqual({ reason: 'Wording fix approved by the travel lead' });
    },
  );

  it("saves a run as a test case from the run's page, opening the Tests tab, where a case is deleted", async () => {
    await page.goto(`${baseUrl}/runs/${runId}`);
    await page.getByRole('button', { name: 'Save as test case', exact: true }).click();
    await page.getByRole('textbox', { name: 'Test case name', exact: true }).fill('From the run page');
    await page.getByRole('button', { name: 'Save test case', exact: true }).click();
    await page.getByRole('link', { name: 'Open the Tests tab' }).click();
    const copy = tests.testCase('From the run page');
    await copy.waitFor(patience);
    expect(await page.getByRole('tab', { name: 'Tests', selected: true }).count()).toBe(1);
    expect(await tests.testCase(caseName).count()).toBe(1);

    await tests.button('Delete case', copy).click();
    await tests.button('Yes, delete case', copy).click();
    await copy.waitFor({ state: 'detached', timeout: patience.timeout });
    expect((await api('GET', `/api/agents/${agentId}/test-cases`)).body.items).toHaveLength(1);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });
});
