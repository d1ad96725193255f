/**
 * A code agent in the editor: its editor setting (the test configuration's `unit-helper` allows
 * rewording its tools' descriptions and nothing else) decides what a person can change. Before an
 * override record exists the page shows the code definition; customising creates the record, and
 * the Tools tab then offers only description fields for the code tools.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AgentEditorPage } from './pages/agent-editor-page';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser } from './support/browser';
import { scriptHeaders } from './support/credentials';
import { watchConsoleErrors } from './support/page-watch';

const baseUrl = inject('serverUrl');

async function resolveDraft() {
  const response = await fetch(`${baseUrl}/api/agents/unit-helper/resolve`, {
    method: 'POST',
    headers: { ...scriptHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ selector: { status: 'draft' } }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { tools: Array<{ name: string; description: string }>; instructions: string };
}

describe('a code agent in the editor', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the code definition, then lets a person reword only the code tools’ descriptions', async () => {
    const page = await browser.context.newPage();
    const errors = watchConsoleErrors(page);
    const editor = new AgentEditorPage(page, baseUrl);
    expect(await editor.open('unit-helper')).toBe(200);
    expect(await editor.heading().textContent()).toBe('Unit helper');
    await expect.poll(() => page.getByText('Convert units for the user.').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await editor.button('Customise in the editor').click();
    const tools = await editor.tab('Tools');
    await tools.getByRole('group', { name: 'Code tools' }).waitFor();
    // Only the code tools, as description fields: nothing to add or remove.
    expect(await tools.getByRole('group', { name: 'Registered tools' }).count()).toBe(0);
    expect(await tools.getByRole('checkbox').count()).toBe(0);
    expect(await editor.descriptionFor('convert-units').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Instructions belong to the code (instructions: false): no field for them, a note saying why.
    const basics = await editor.tab('Basics');
    await basics.getByText('instructions are owned by its code').waitFor();
    expect(await basics.getByRole('textbox', { name: 'Instructions' }).count()).toBe(0);

    await editor.tab('Tools');
    await editor.descriptionFor('convert-units').fill('Convert between metric and imperial units.');
    await editor.save('Clearer tool description');
    await editor.announced('Version 2 saved');

    const resolved = await resolveDraft();
    expect(resolved.tools).toEqual([
      expect.objectContaining({ name: 'convert-units', description: 'Convert between metric and imperial units.' }),
    ]);
    expect(resolved.instructions).toBe('Convert units for the user.');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
