import type { Page } from 'playwright-core';

/** The API reference (`/api-reference`): our heading and lead, and the renderer's output below them. */
export class ApiReferencePage {
  constructor(readonly page: Page) {}

  /** Opens it as a person would: the navigation's "API" link. */
  async openFromNavigation() {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API', exact: true }).click();
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: 'API reference' });
  }

  /** Where the renderer draws the reference. */
  reference() {
    return this.page.locator('[data-api-reference]');
  }
}
