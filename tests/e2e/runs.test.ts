/**
 * The editor's Runs pages in a real browser: three runs made in the Playground with the scripted
 * model (a plain answer, a refund approved, a refund left waiting for approval) are listed on the
 * agent editor's Runs tab and on the Runs page, filtered by status (in the address on the Runs
 * page), and each opens on its run page: the conversation, the steps as a timeline, the version it
 * ran on, and for the waiting run what it waits for. Every state is scanned with axe.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { PlaygroundPanel } from './pages/playground-panel';
import { RunPage, RunsList, RunsPage } from './pages/runs-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { saveScreenshot, unexpectedConsoleErrors, watchConsoleErrors, shownText } from './support/page-watch';

const baseUrl = inject('serverUrl');
const api = apiOf(baseUrl);
/** A shared machine may take a while for the first page and run. */
const patience = { timeout: 20_000 };
const agentId = 'runs-desk';

const texts = (rows: Locator) => rows.allTextContents();

describe('the Runs pages, in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let errors: string[];
  /** The run pages' addresses, newest first: waiting, approved refund, plain answer. */
  let runHrefs: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await api('POST', '/api/agents', {
      id: agentId,
      name: 'Runs desk',
      model: 'test/scripted',
      instructions: 'Help customers with refunds.',
      tools: { 'issue-refund': {} },
    });
    expect(created.status).toBe(201);
    page = await browser.context.newPage();
    errors = watchConsoleErrors(page);
  });
  afterAll(() => browser?.close());

  it('lists three Playground runs on the Runs tab, newest first, and filters them by status', async () => {
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open(agentId);
    const playground = new PlaygroundPanel(page);
    await playground.open();

    await playground.send('Hello there');
    await expect.poll(() => shownText(playground.lastAnswer()), patience).toContain('You said: Hello there');
    await playground.send('Refund [[call issue-refund {"orderId":"A-17","amount":25}]]');
    const approved = playground.toolCall('issue-refund');
    await approved.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => shownText(playground.lastAnswer()), patience).toContain('Tool results: issue-refund');
    await playground.send('Refund [[call issue-refund {"orderId":"B-2","amount":900}]]');
    await expect.poll(() => shownText(playground.toolCall('issue-refund')), patience).toContain('waiting for approval');

    const panel = await editor.tab('Runs');
    const runs = new RunsList(page, panel);
    await expect.poll(() => runs.rows().count(), patience).toBe(3);
    const [waiting, refund, hello] = await texts(runs.rows());
    expect(waiting).toContain('Version 1');
    expect(waiting).toContain('Waiting for an answer');
    for (const row of [refund, hello]) {
      expect(row).toContain('Version 1');
      expect(row).toContain('Finished');
    }
    // Two model calls of 10 + 5 tokens for the refund, one for the plain answer; one tool call.
    expect(refund).toContain('30 (20 in, 10 out)');
    expect(hello).toContain('15 (10 in, 5 out)');
    runHrefs = await Promise.all((await runs.rows().all()).map((row) => runs.runHref(row)));
    expect(runHrefs.every((href) => href.startsWith('/runs/'))).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await runs.filter({ status: 'Finished' });
    await expect.poll(() => runs.rows().count(), patience).toBe(2);
    expect((await texts(runs.rows())).every((row) => row.includes('Finished'))).toBe(true);
    await runs.filter({ status: 'Waiting for an answer' });
    await expect.poll(() => runs.rows().count(), patience).toBe(1);
    expect(await runs.runHref(runs.rows().first())).toBe(runHrefs[0]);
    await runs.filter({ status: 'Failed' });
    await expect.poll(() => panel.getByText('No run matches.').count(), patience).toBe(1);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });

  it('filters every agent’s runs on the Runs page, with the filters in the address', async () => {
    const runsPage = new RunsPage(page, baseUrl);
    await runsPage.openFromNavigation();
    expect(await runsPage.rows().count()).toBeGreaterThanOrEqual(3);
    await runsPage.filter({ agent: agentId, status: 'Waiting for an answer' });
    await page.waitForURL(/status=paused/, patience);
    expect(new URL(page.url()).searchParams.get('agentId')).toBe(agentId);
    await expect.poll(() => runsPage.rows().count(), patience).toBe(1);
    expect(await runsPage.runHref(runsPage.rows().first())).toBe(runHrefs[0]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The address alone gives the same view (a shared link).
    await page.goto(`${baseUrl}/runs?agentId=${agentId}&status=finished`);
    await expect.poll(() => runsPage.rows().count(), patience).toBe(2);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });

  it('shows a run with its conversation, its steps as a timeline and the version it ran on', async () => {
    const run = new RunPage(page, baseUrl);
    await run.open(runHrefs[1]!);
    const runId = decodeURIComponent(runHrefs[1]!.slice('/runs/'.length));
    expect(await run.heading().textContent()).toBe(`Run ${runId}`);
    expect(await run.conversation().textContent()).toContain('Tool results: issue-refund');

    const steps = run.stepItems();
    expect(await steps.count()).toBe(2);
    const [calling, answering] = await steps.allTextContents();
    // Each step says its duration in words (the bar beside it is drawn for the eye only).
    expect(calling).toMatch(/Step 1took \d+ ms/);
    expect(calling).toContain('The model called tools');
    expect(calling).toContain('issue-refund');
    // Who approved the call is recorded with it (the local user, or the signed-in editor).
    expect(calling).toMatch(/Approved by \S+, done/);
    expect(calling).toMatch(/tokens \d+ \(\d+ in, \d+ out\)/);
    expect(answering).toMatch(/Step 2took \d+ ms/);
    expect(answering).toContain('The model answered');
    // Arguments and results are folded until asked for.
    const toolCall = steps.first().getByRole('listitem');
    // (The arguments come first; the result repeats the order id.)
    const orderId = toolCall.getByText('"orderId": "A-17"').first();
    expect(await orderId.isVisible()).toBe(false);
    await toolCall.getByText('Arguments', { exact: true }).click();
    expect(await orderId.isVisible()).toBe(true);
    // A finished run can become a test case (tests/e2e/test-before-publish.test.ts saves one).
    expect(await page.getByRole('button', { name: 'Save as test case' }).count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'run');

    // The version link opens the agent editor at that version.
    await run.link('Version 1').click();
    await page.waitForURL(`${baseUrl}/agents/${agentId}?version=1`, patience);
    // The version opens read-only over the Versions tab.
    const version = page.getByRole('dialog', { name: 'Version 1 (read-only)' });
    await version.waitFor(patience);
    await expect.poll(() => shownText(version), patience).toContain('Runs desk');
    await page.keyboard.press('Escape');
    await version.waitFor({ state: 'detached', ...patience });
    expect(await page.getByRole('tab', { name: 'Versions', selected: true }).count()).toBe(1);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });

  it('shows a paused run as waiting for approval, naming the tool', async () => {
    const run = new RunPage(page, baseUrl);
    await run.open(runHrefs[0]!);
    const waiting = run.waiting();
    expect(await waiting.textContent()).toContain('issue-refund: Waiting for approval');
    expect(await page.getByText('Waiting for approval', { exact: true }).count()).toBe(1);
    const [step] = await run.stepItems().allTextContents();
    expect(step).toContain('issue-refund');
    expect(step).toContain('Waiting for approval');
    expect(await run.conversation().textContent()).toContain('waiting for approval');
    // The run page shows the call; answering it is for whoever started the run.
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
  });
});
