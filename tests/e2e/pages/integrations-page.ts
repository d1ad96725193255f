import type { Page } from 'playwright-core';

/** The Integrations list (`/integrations`), New integration and an integration's page. */
export class IntegrationsPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async openList() {
    const response = await this.page.goto(`${this.baseUrl}/integrations`);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
    return response?.status();
  }

  newIntegration() {
    return this.page.getByRole('link', { name: 'New integration' });
  }

  textbox(name: string) {
    return this.page.getByRole('textbox', { name, exact: true });
  }

  document() {
    return this.textbox('OpenAPI document');
  }

  documentFile() {
    return this.page.getByLabel('OpenAPI document file');
  }

  save() {
    return this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }

  operations() {
    return this.page.getByRole('list', { name: 'Operations', exact: true }).getByRole('listitem');
  }

  search() {
    return this.page.getByRole('searchbox', { name: 'Search operations' });
  }

  documentProblems() {
    return this.page.getByRole('list', { name: 'Problems in the document' }).getByRole('listitem');
  }
}
