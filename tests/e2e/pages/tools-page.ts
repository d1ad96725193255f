import type { Page } from 'playwright-core';

/** The Tools list (`/tools`) and a tool's page with its runner. */
export class ToolsPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async openList() {
    const response = await this.page.goto(`${this.baseUrl}/tools`);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
    return response?.status();
  }

  toolLink(id: string) {
    return this.page.getByRole('link', { name: id, exact: true });
  }

  /** A generated form field, labelled by its property name. */
  field(name: string, role: 'textbox' | 'combobox' | 'checkbox' = 'textbox') {
    return this.page.getByRole(role, { name, exact: true });
  }

  group(name: string) {
    return this.page.getByRole('group', { name, exact: true });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  result() {
    return this.page.getByRole('region', { name: 'Result' });
  }

  async run() {
    await this.button('Run tool').click();
    await this.page
      .getByRole('status')
      .filter({ hasText: /ran$|answered with an error$|Could not run/ })
      .waitFor();
  }

  table(name: string) {
    return this.page.getByRole('table', { name, exact: true });
  }
}
