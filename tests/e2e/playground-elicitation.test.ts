/**
 * An MCP server's question during a tool call (elicitation) in the Playground, in a real browser
 * against the production server: server-everything over stdio asks for its form while
 * `trigger-elicitation-request` runs; the run pauses, the Playground shows a form generated from the
 * requested schema, and Accept or Decline answers the server, whose tool result the scripted model
 * then repeats. Saving a stdio server is for admins, so this walk runs signed in as one only.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { everythingServerPath } from '../support/mcp/servers';
import { AgentEditorPage } from './pages/agent-editor-page';
import { PlaygroundPanel } from './pages/playground-panel';
import { seriousAccessibilityViolations } from './support/accessibility';
import { apiOf } from './support/api';
import { launchBrowser } from './support/browser';
import { signedInAsEditor } from './support/credentials';
import { saveScreenshot, unexpectedConsoleErrors, watchConsoleErrors, shownText } from './support/page-watch';

const baseUrl = inject('serverUrl');
const api = apiOf(baseUrl);
const patience = { timeout: 30_000 };
const toolName = 'ask_trigger-elicitation-request';
const prompt = `Ask me [[call ${toolName} {}]]`;

describe.skipIf(signedInAsEditor())('an MCP server asking for input in the Playground', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const client = await api('POST', '/api/mcp-clients', {
      id: 'asking-server',
      name: 'Asking server',
      servers: {
        ask: {
          type: 'stdio',
          command: process.execPath,
          args: [everythingServerPath, 'stdio'],
          tools: { 'trigger-elicitation-request': {} },
        },
      },
    });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const agent = await api('POST', '/api/agents', {
      id: 'form-filler',
      name: 'Form filler',
      model: 'test/scripted',
      instructions: 'Use the tools.',
      mcpClients: { 'asking-server': { tools: {} } },
    });
    expect(agent.status, JSON.stringify(agent.body)).toBe(201);
  });
  afterAll(() => browser?.close());

  async function openPlayground() {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    await new AgentEditorPage(page, baseUrl).open('form-filler');
    const playground = new PlaygroundPanel(page);
    await playground.open();
    return { page, errors, playground };
  }

  it('shows the server form, and Accept sends what was filled in to the server', async () => {
    const { page, errors, playground } = await openPlayground();
    await playground.send(prompt);
    const form = playground.elicitation(toolName);
    await form.waitFor(patience);
    expect(await form.textContent()).toContain('Please provide inputs for the following fields:');
    expect(await playground.toolCall(toolName).textContent()).toContain('waiting for an answer');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'playground-elicitation');

    await playground.answerElicitation(toolName, { fill: { name: 'Ada Lovelace' }, button: 'Accept' });
    await expect.poll(() => shownText(playground.lastAnswer()), patience).toContain('Name: Ada Lovelace');
    expect(await playground.elicitation(toolName).count()).toBe(0);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
    await page.close();
  });

  it('Decline answers the server decline', async () => {
    const { page, errors, playground } = await openPlayground();
    await playground.send(prompt);
    await playground.elicitation(toolName).waitFor(patience);
    await playground.answerElicitation(toolName, { button: 'Decline' });
    await expect
      .poll(() => shownText(playground.lastAnswer()), patience)
      .toContain('User declined to provide the requested information');
    expect(unexpectedConsoleErrors(errors)).toEqual([]);
    await page.close();
  });
});
