/**
 * The Playground's forms for the built-in tools that pause a run for the person, in a real browser
 * against the production server: `ask_user` questions answered with radio buttons, checkboxes or
 * typed text, and `submit_plan` plans approved or rejected with feedback. The scripted model
 * (`test/scripted`) calls the tool named in the message and then repeats what the tool gave it, so
 * its last answer shows exactly what the answer or decision turned into. Every form is scanned with axe.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { PlaygroundPanel } from './pages/playground-panel';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { saveScreenshot, unexpectedConsoleErrors, watchConsoleErrors, shownText } from './support/page-watch';

const baseUrl = inject('serverUrl');
const api = apiOf(baseUrl);
/** A shared machine may take a while for the first page and run. */
const patience = { timeout: 20_000 };

const colours = [{ label: 'Red' }, { label: 'Blue', description: 'like the sea' }, { label: 'Green' }];
const call = (tool: string, input: unknown) => `[[call ${tool} ${JSON.stringify(input)}]]`;

describe('questions and plans in the Playground, in a real browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    for (const agent of [
      { id: 'paint-shop', name: 'Paint shop', tools: { ask_user: {}, 'ask-order-number': {} } },
      { id: 'migration-planner', name: 'Migration planner', tools: { submit_plan: {} } },
    ]) {
      const created = await api('POST', '/api/agents', {
        ...agent,
        model: 'test/scripted',
        instructions: 'Ask before you act.',
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(() => browser?.close());

  async function openPlayground(agentId: string) {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    await new AgentEditorPage(page, baseUrl).open(agentId);
    const playground = new PlaygroundPanel(page);
    await playground.open();
    return { page, errors, playground };
  }

  it('answers a single-choice question with a radio button and a multiple-choice one with checkboxes', async () => {
    const { page, errors, playground } = await openPlayground('paint-shop');
    await playground.send(
      `Paint the door ${call('ask_user', { question: 'Which colour?', options: colours, selectionMode: 'single_select' })}`,
    );
    const single = playground.question('ask_user', 'Which colour?');
    await single.waitFor(patience);
    expect(await single.getByRole('radio').count()).toBe(3);
    expect(await single.getByRole('checkbox').count()).toBe(0);
    // Only a selection mode binds the answer to the options, so there is no text field here.
    expect(await single.getByRole('textbox').count()).toBe(0);
    expect(await single.getByText('like the sea').count()).toBe(1);
    // The question is shown by its form; the raw arguments are folded away, one click from view.
    const folded = playground.toolCall('ask_user').locator('details');
    expect(await folded.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect(await folded.locator('summary').textContent()).toBe('Arguments');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'playground-question');

    // Nothing chosen: said beside the question, nothing sent.
    await single.getByRole('button', { name: 'Send answer', exact: true }).click();
    await single.getByText('Choose an option.').waitFor(patience);
    expect(await playground.toolCall('ask_user').textContent()).toContain('waiting for an answer');

    await playground.answer('ask_user', 'Which colour?', { choose: ['Blue'] });
    await expect
      .poll(() => shownText(playground.lastAnswer()), patience)
      .toBe('Agent: Tool results: ask_user -> "User answered: Blue"');
    expect(await playground.question('ask_user', 'Which colour?').count()).toBe(0);
    expect(await playground.toolCall('ask_user').textContent()).toContain('done');

    await playground.send(
      `And the walls ${call('ask_user', { question: 'Which colours?', options: colours, selectionMode: 'multi_select' })}`,
    );
    const multi = playground.question('ask_user', 'Which colours?');
    await multi.waitFor(patience);
    expect(await multi.getByRole('checkbox').count()).toBe(3);
    expect(await multi.getByRole('radio').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await playground.answer('ask_user', 'Which colours?', { choose: ['Red', 'Green'] });
    await expect
      .poll(() => shownText(playground.lastAnswer()), patience)
      .toBe('Agent: Tool results: ask_user -> "User answered: Red, Green"');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes a typed answer where the question allows one, and keeps a refused answer waiting with the reason', async () => {
    const { page, errors, playground } = await openPlayground('paint-shop');
    // Options without a selection mode are suggestions: a typed answer replaces the chosen one.
    await playground.send(`Trim ${call('ask_user', { question: 'Which finish?', options: [{ label: 'Matt' }] })}`);
    const suggestion = playground.question('ask_user', 'Which finish?');
    await suggestion.waitFor(patience);
    await suggestion.getByRole('radio', { name: 'Matt', exact: true }).check();
    await suggestion.getByRole('textbox', { name: 'Other answer', exact: true }).fill('Satin');
    expect(await suggestion.getByRole('radio', { name: 'Matt' }).isChecked()).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await suggestion.getByRole('button', { name: 'Send answer', exact: true }).click();
    await expect
      .poll(() => shownText(playground.lastAnswer()), patience)
      .toBe('Agent: Tool results: ask_user -> "User answered: Satin"');

    // A tool whose resumeSchema takes only order numbers: the server refuses, the question still waits.
    await playground.send(`Where is my order? ${call('ask-order-number', {})}`);
    const question = playground.question('ask-order-number', 'Which order is it about?');
    await question.waitFor(patience);
    await playground.answer('ask-order-number', 'Which order is it about?', { type: 'the blue one' });
    await expect
      .poll(() => shownText(playground.alert()), patience)
      .toContain('An order number is a capital letter, a dash and digits, such as A-17');
    expect(await playground.toolCall('ask-order-number').textContent()).toContain('waiting for an answer');
    expect(await question.getByRole('textbox', { name: 'Answer', exact: true }).inputValue()).toBe('the blue one');

    await playground.answer('ask-order-number', 'Which order is it about?', { type: 'A-17' });
    await expect
      .poll(() => shownText(playground.lastAnswer()), patience)
      .toBe('Agent: Tool results: ask-order-number -> {"orderNumber":"A-17"}');
    expect(await playground.alert().count()).toBe(0);
    expect(unexpectedConsoleErrors(errors, 400)).toEqual([]);
    await page.close();
  });

  it('shows a submitted plan with its file, approves one and rejects another with feedback the model reads', async () => {
    const { page, errors, playground } = await openPlayground('migration-planner');
    const plan = '# Move the database\n\n1. Copy the data\n2. Switch the readers\n3. Retire the old copy';
    await playground.send(`Plan it ${call('submit_plan', { title: 'Move the database', plan })}`);
    const view = playground.plan('submit_plan', 'Move the database');
    await view.waitFor(patience);
    expect(await playground.toolCall('submit_plan').textContent()).toContain('waiting for a decision');
    expect(await view.locator('pre').textContent()).toBe(plan);
    const shown = /Kept with the run as (plans\/\S+\.md)/.exec((await view.textContent()) ?? '');
    expect(shown?.[1]).toMatch(/^plans\/move-the-database-.+\.md$/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'playground-plan');

    // The path shown is the file the run keeps.
    const runId = /Run (\S+)/.exec((await page.getByText(/^Run /).last().textContent()) ?? '')![1]!;
    const run = await api('GET', `/api/runs/${runId}`);
    expect(run.body.files).toEqual({ [shown![1]!]: plan });

    await playground.decide(view, 'Approve');
    await expect
      .poll(() => shownText(playground.lastAnswer()), patience)
      .toBe('Agent: Tool results: submit_plan -> "The user approved the plan."');
    expect(await playground.plan('submit_plan', 'Move the database').count()).toBe(0);

    await playground.send(`Plan again ${call('submit_plan', { plan: 'Drop every table' })}`);
    const second = playground.plan('submit_plan');
    await second.waitFor(patience);
    await playground.decide(second, 'Reject', 'Keep the audit table');
    await expect
      .poll(() => shownText(playground.lastAnswer()), patience)
      .toBe('Agent: Tool results: submit_plan -> "The user rejected the plan. Feedback: Keep the audit table"');
    expect(errors).toEqual([]);
    await page.close();
  });
});
