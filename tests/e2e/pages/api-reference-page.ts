import type { Page } from 'playwright-core';

/**
 * The API reference (`/api-reference`): the studio's own rendering of its OpenAPI document, with a
 * search box, a table of contents (navigation "Operations") and one article per operation.
 */
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

  searchBox() {
    return this.page.getByRole('searchbox', { name: 'Search the API' });
  }

  /** The search's count ("76 operations", "3 operations match"). */
  searchStatus() {
    return this.page.getByRole('search').getByRole('status');
  }

  contents() {
    return this.page.getByRole('navigation', { name: 'Operations' });
  }

  /** The table of contents' link to an operation (its method, then its summary). */
  contentsLink(summary: string) {
    return this.contents().getByRole('link', { name: new RegExp(`^[A-Z]+ ${escaped(summary)}$`) });
  }

  /** An operation's article, named by its heading (the summary). */
  operation(summary: string) {
    return this.page.getByRole('article', { name: summary, exact: true });
  }
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
