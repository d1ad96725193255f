import type { Page } from 'playwright-core';

/** The MCP clients list (`/mcp-clients`) and a client's page (new or saved), by the spec's roles and names. */
export class McpClientPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async openList() {
    const response = await this.page.goto(`${this.baseUrl}/mcp-clients`);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
    return response?.status();
  }

  async open(clientId: string) {
    const response = await this.page.goto(`${this.baseUrl}/mcp-clients/${clientId}`);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
    return response?.status();
  }

  newClient() {
    return this.page.getByRole('link', { name: 'New MCP client' });
  }

  clientLink(name: string) {
    return this.page.getByRole('table').getByRole('link', { name, exact: true });
  }

  textbox(name: string) {
    return this.page.getByRole('textbox', { name, exact: true });
  }

  /** One server's fieldset, by its legend ("Server main"). */
  server(name: string) {
    return this.page.getByRole('group', { name: `Server ${name}`, exact: true });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  async fillStdio(serverName: string, { command, args }: { command: string; args: string[] }) {
    const server = this.server(serverName);
    await server.getByRole('radio', { name: 'stdio', exact: true }).check();
    await server.getByRole('textbox', { name: 'Command', exact: true }).fill(command);
    await server.getByRole('textbox', { name: 'Arguments', exact: true }).fill(args.join('\n'));
  }

  async save() {
    await this.button('Save').click();
  }

  async announced(text: string) {
    await this.page.getByRole('status').filter({ hasText: text }).first().waitFor();
  }

  /** Runs Test connection and waits for the per-server results. */
  async testConnection() {
    await this.button('Test connection').click();
    const results = this.page.getByRole('list', { name: 'Servers tested' });
    await results.waitFor({ timeout: 30_000 });
    return results;
  }

  allowList(serverName: string) {
    return this.page.getByRole('group', { name: `Tool allow-list of ${serverName}`, exact: true });
  }

  /** The error shown beside a field (its accessible description). */
  async errorOf(field: ReturnType<Page['getByRole']>) {
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    return errorId ? this.page.locator(`[id="${errorId}"]`).textContent() : null;
  }

  /** The "Approve" dialog of a client that needs approval, opened from the page's button. */
  async openApproval() {
    await this.button('Approve').click();
    const dialog = this.page.getByRole('dialog', { name: 'Approve stdio servers' });
    await dialog.waitFor();
    return dialog;
  }

  /** A failed stdio server's stderr as Test connection shows it. */
  stderrOf(serverName: string) {
    return this.page.getByLabel(`Error output of server ${serverName}`, { exact: true });
  }

  versionRow(number: number) {
    return this.page.getByRole('row').filter({ hasText: new RegExp(`^Version ${number}(?!\\d)`) });
  }
}
