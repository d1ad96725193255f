/**
 * The Playground in a real browser, against the production server's scripted model (the user
 * message scripts it, see docs/runtime.md): a plain answer; a tool call whose arguments appear
 * while they stream, then its result; Approve and Decline on a call that needs approval; the
 * answer form of a tool that asks a question; the published version; and a model with no key.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { PlaygroundPanel } from './pages/playground-panel';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { saveScreenshot, watchConsoleErrors } from './support/page-watch';

const baseUrl = inject('serverUrl');
const patience = { timeout: 20_000 };
const walkTimeoutMs = 180_000;

const api = apiOf(baseUrl);

describe('the Playground in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function openPlayground(agentId: string) {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    const editor = new AgentEditorPage(page, baseUrl);
    await editor.open(agentId);
    await editor.tab('Playground');
    return { page, errors, editor, playground: new PlaygroundPanel(page) };
  }

  it(
    'chats with the draft: streamed tool arguments, results, Approve, Decline and an answer form',
    async () => {
      expect(
        (
          await api('POST', '/api/agents', {
            id: 'playground-agent',
            name: 'Playground agent',
            model: 'test/scripted',
            instructions: 'Help with orders.',
            tools: { 'convert-units': {}, 'issue-refund': {}, 'ask-user': {} },
          })
        ).status,
      ).toBe(201);
      const { page, errors, editor, playground } = await openPlayground('playground-agent');
      expect(await playground.chatWith('Draft').isChecked()).toBe(true);
      expect(await playground.chatWith('Published').isDisabled()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await playground.send('Hello there');
      await expect.poll(() => playground.transcript(), patience).toContain('You said: Hello there');

      // The arguments show while they stream (the model is slowed down), then the result.
      await playground.send('Convert [[delay 150]] [[call convert-units {"value":10,"from":"km","to":"mi"}]]');
      const convert = playground.toolCall('convert-units');
      await convert.getByText('(receiving arguments…)').waitFor(patience);
      await expect
        .poll(() => convert.getByLabel('Arguments of convert-units').textContent(), patience)
        .toContain('"value": 10');
      await expect.poll(() => playground.transcript(), patience).toContain('Tool results: convert-units ->');
      expect(await convert.textContent()).toContain('10 km = 6.21371 mi');

      // A call that needs approval waits; Approve runs it.
      await playground.send('Refund it [[call issue-refund {"orderId":"A-1","amount":20}]]');
      const refund = playground.toolCall('issue-refund');
      await refund.getByRole('button', { name: 'Approve', exact: true }).waitFor(patience);
      expect(await refund.textContent()).toContain('waiting for your approval');
      expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await refund.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect.poll(() => playground.transcript(), patience).toContain('Tool results: issue-refund ->');
      expect(await refund.textContent()).toContain('"refunded": true');

      // Decline: the tool does not run and the model is told so.
      await playground.send('And this one [[call issue-refund {"orderId":"B-2","amount":5}]]');
      const second = playground.toolCall('issue-refund');
      await second.getByRole('button', { name: 'Decline', exact: true }).click();
      await expect.poll(() => playground.transcript(), patience).toContain('not approved');
      expect(await second.textContent()).not.toContain('"refunded": true');

      // A tool that asks a question: a form generated from its resume schema.
      await playground.send('Ask me [[call ask-user {"question":"Which city?"}]]');
      const ask = playground.toolCall('ask-user');
      await ask.getByText('Which city?', { exact: true }).waitFor(patience);
      // An empty answer is refused by the tool's resume schema, in words, and the run keeps waiting.
      await ask.getByRole('button', { name: 'Send answer' }).click();
      await expect.poll(async () => (await ask.getByRole('alert').textContent()) ?? '', patience).toContain('answer');
      expect(await ask.textContent()).toContain('waiting for your answer');
      await ask.getByRole('textbox', { name: 'answer', exact: true }).fill('Paris');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await ask.getByRole('button', { name: 'Send answer' }).click();
      await expect.poll(() => playground.transcript(), patience).toContain('"answer":"Paris"');
      await saveScreenshot(page, 'editor-playground');

      // The published version, once there is one.
      await editor.publishButton().click();
      await editor.announced('Version 1 published');
      await expect.poll(() => playground.chatWith('Published').isDisabled(), patience).toBe(false);
      await playground.chatWith('Published').check();
      await playground.send('Published hello');
      await expect.poll(() => playground.transcript(), patience).toContain('You said: Published hello');
      const runs = await api('GET', '/api/agents/playground-agent');
      expect(runs.body.agent.activeVersionNumber).toBe(1);
      // The refused answer's 400 is the only failed request the browser logged.
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      await page.close();
    },
    walkTimeoutMs,
  );

  it('says which setting is missing when the agent names a model with no key', async () => {
    expect(
      (
        await api('POST', '/api/agents', {
          id: 'no-key-agent',
          name: 'No key',
          model: 'openai/gpt-4o-mini',
          instructions: 'Hi.',
        })
      ).status,
    ).toBe(201);
    const { page, errors, playground } = await openPlayground('no-key-agent');
    await playground.send('Hello');
    await expect
      .poll(() => playground.transcript(), patience)
      .toContain('Set OPENAI_API_KEY to run openai/gpt-4o-mini.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // The server's 503 answer is the only failed request the browser logged.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 503 (Service Unavailable)',
    ]);
    await page.close();
  });
});
