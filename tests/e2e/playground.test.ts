/**
 * The Playground in a real browser against the production server, whose test configuration
 * registers a scripted model (`test/scripted`, driven by `[[call <tool> <json>]]` in the message)
 * and two tools that make a run wait. A person chats, watches a tool call's arguments arrive,
 * approves and declines calls, answers a suspended tool's question through its generated form, and
 * is told which variable to set when the agent's model has no key. Every state is scanned with axe.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { PlaygroundPanel } from './pages/playground-panel';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser } from './support/browser';
import { scriptHeaders } from './support/credentials';
import { saveScreenshot, unexpectedConsoleErrors, watchConsoleErrors, shownText } from './support/page-watch';

const baseUrl = inject('serverUrl');
/** A shared machine may take a while for the first page and run. */
const patience = { timeout: 20_000 };

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...scriptHeaders(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the Playground, in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await api('POST', '/api/agents', {
      id: 'refund-desk',
      name: 'Refund desk',
      model: 'test/scripted',
      instructions: 'Help customers with refunds and call-backs.',
      tools: { 'issue-refund': {}, 'schedule-callback': {} },
    });
    expect(created.status).toBe(201);
    const unconfigured = await api('POST', '/api/agents', {
      id: 'keyless',
      name: 'Keyless',
      model: 'openai/gpt-4o-mini',
      instructions: 'Answer briefly.',
    });
    expect(unconfigured.status).toBe(201);
  });
  afterAll(() => browser?.close());

  async function openPlayground(agentId: string) {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open(agentId);
    const playground = new PlaygroundPanel(page);
    await playground.open();
    return { page, errors, playground };
  }

  it('chats, streams a tool call, approves it and shows its result and the answer', async () => {
    const { page, errors, playground } = await openPlayground('refund-desk');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await playground.send('Hello there');
    await expect.poll(() => shownText(playground.lastAnswer()), patience).toContain('You said: Hello there');

    // Slow chunks, so the arguments are seen while they arrive, before the call is complete.
    await playground.send('Refund [[delay 150]] [[call issue-refund {"orderId":"A-17","amount":25}]]');
    const call = playground.toolCall('issue-refund');
    await call.getByText('Arguments (streaming)').waitFor(patience);
    await expect.poll(() => shownText(call), patience).toContain('waiting for approval');
    expect(await call.textContent()).toContain('"orderId": "A-17"');
    expect(await call.getByText('Arguments (streaming)').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'playground');

    await call.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => shownText(call), patience).toContain('done');
    expect(await call.textContent()).toContain('"refunded": true');
    await expect
      .poll(() => shownText(playground.lastAnswer()), patience)
      .toContain('Tool results: issue-refund -> {"refunded":true,"orderId":"A-17","amount":25}');
    expect(await call.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // The run is stored with the version it ran: the API sees it finished, with the approval in its transcript.
    const runText = await page
      .getByText(/^Run run_|^Run /)
      .last()
      .textContent();
    const runId = /Run (\S+)/.exec(runText ?? '')![1]!;
    await expect
      .poll(async () => (await api('GET', `/api/runs/${runId}`)).body, patience)
      .toMatchObject({
        status: 'finished',
        agentId: 'refund-desk',
        versionNumber: 1,
      });

    await playground.send('Again [[call issue-refund {"orderId":"B-2","amount":900}]]');
    const second = playground.toolCall('issue-refund');
    await second.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect
      .poll(() => shownText(playground.lastAnswer()), patience)
      .toContain('Tool results: issue-refund -> "Tool call was not approved by the user"');
    expect(await second.textContent()).toContain('declined');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('resumes a suspended tool with data from a form generated from its resumeSchema, refusing data that does not fit', async () => {
    const { page, errors, playground } = await openPlayground('refund-desk');
    await playground.send('Call me back [[call schedule-callback {"phone":"+47 555 0100"}]]');
    const call = playground.toolCall('schedule-callback');
    await expect.poll(() => shownText(call), patience).toContain('Which weekday should we call +47 555 0100?');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Data the schema refuses: the server's standard validation message, and the call still waits.
    await call.getByRole('textbox', { name: 'Resume data', exact: true }).fill('{"day":"sunday"}');
    await call.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect.poll(() => shownText(playground.alert()), patience).toContain('day');
    expect(await call.textContent()).toContain('waiting for data');

    // The generated fields write the JSON.
    await call.getByRole('combobox', { name: 'day', exact: true }).selectOption('friday');
    await call.getByRole('checkbox', { name: 'urgent', exact: true }).check();
    expect(JSON.parse(await call.getByRole('textbox', { name: 'Resume data' }).inputValue())).toEqual({
      day: 'friday',
      urgent: true,
    });
    await call.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect
      .poll(() => shownText(playground.lastAnswer()), patience)
      .toContain(
        'Tool results: schedule-callback -> {"scheduled":true,"phone":"+47 555 0100","day":"friday","urgent":true}',
      );
    expect(await playground.alert().count()).toBe(0);
    expect(unexpectedConsoleErrors(errors, 400)).toEqual([]);
    await page.close();
  });

  it('chats with the published version when it is chosen', async () => {
    expect((await api('POST', '/api/agents/refund-desk/versions/1/publish', {})).status).toBe(200);
    const saved = await api('PATCH', '/api/agents/refund-desk', { baseVersionNumber: 1, description: 'Version two' });
    expect(saved.status).toBe(200);
    const { page, errors, playground } = await openPlayground('refund-desk');
    await playground.version().selectOption({ label: 'Published (version 1)' });
    await playground.send('Which version?');
    await expect.poll(() => shownText(playground.lastAnswer()), patience).toContain('You said: Which version?');
    await expect.poll(() => shownText(playground.conversation()), patience).toMatch(/version 1 · finished/);
    await playground.version().selectOption({ label: 'Draft: latest saved (version 2)' });
    await playground.send('And now?');
    await expect.poll(() => shownText(playground.conversation()), patience).toMatch(/version 2 · finished/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says in words, without variable names, that the model has no key and where one is saved', async () => {
    const { page, errors, playground } = await openPlayground('keyless');
    await playground.send('Hello');
    await expect
      .poll(() => shownText(playground.alert()), patience)
      .toMatch(
        /^The run could not start: the model openai\/gpt-4o-mini needs a key, and its provider \(OpenAI\) has none\. (Save a key in Settings, Model providers|Ask an admin to save one in Settings\.)$/,
      );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(unexpectedConsoleErrors(errors, 503)).toEqual([]);
    await page.close();
  });
});
