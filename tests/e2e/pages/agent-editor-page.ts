import type { Page } from 'playwright-core';

type TabName = 'Basics' | 'Tools' | 'Conditions' | 'Preview' | 'Versions' | 'Playground';

/** The agent editor (`/agents/<id>`), found only by the roles and names the editor spec fixes. */
export class AgentEditorPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(agentId: string) {
    const response = await this.page.goto(`${this.baseUrl}/agents/${agentId}`);
    await this.heading().waitFor();
    return response?.status();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  status() {
    return this.page.getByRole('status').first();
  }

  /** Waits until the status region says exactly `text`. */
  async announced(text: string) {
    await this.page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${escape(text)}$`) })
      .waitFor();
  }

  async tab(name: TabName) {
    await this.page.getByRole('tab', { name, exact: true }).click();
    return this.page.getByRole('tabpanel', { name });
  }

  textbox(name: string) {
    return this.page.getByRole('textbox', { name, exact: true });
  }

  model() {
    return this.page.getByRole('combobox', { name: 'Model' });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The editor's own Publish (the latest saved version), before the per-version ones of the Versions tab. */
  publishButton() {
    return this.button('Publish').first();
  }

  // Tools
  toolGroup(name: string) {
    return this.page.getByRole('group', { name, exact: true });
  }

  tool(name: string) {
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  descriptionFor(toolName: string) {
    return this.textbox(`Description for ${toolName}`);
  }

  // Save
  async save(changeMessage: string) {
    await this.button('Save').click();
    const dialog = this.page.getByRole('dialog', { name: 'Save version' });
    await dialog.getByRole('textbox', { name: 'Change message' }).fill(changeMessage);
    await dialog.getByRole('button', { name: 'Save version' }).click();
  }

  conflictDialog() {
    return this.page.getByRole('alertdialog');
  }

  // Preview
  async resolve(requestContext: string) {
    await this.textbox('Request context').fill(requestContext);
    await this.button('Resolve').click();
  }

  resolvedTools() {
    return this.page.getByRole('list', { name: 'Resolved tools' }).getByRole('listitem');
  }

  instructions() {
    return this.page.getByRole('region', { name: 'Instructions' });
  }

  // Versions
  versionRow(versionNumber: number) {
    return this.page.getByRole('row').filter({ hasText: new RegExp(`Version ${versionNumber}(?!\\d)`) });
  }

  async compare(first: number, second: number) {
    await this.page.getByRole('checkbox', { name: `Select version ${first}` }).check();
    await this.page.getByRole('checkbox', { name: `Select version ${second}` }).check();
    await this.button('Compare').click();
    return this.page.getByRole('region', { name: 'Comparison' });
  }

  /** Takes a screenshot of the whole page for the README's gallery. */
  screenshot(path: string) {
    return this.page.screenshot({ path, fullPage: true });
  }
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
