import type { Page } from 'playwright-core';

/** The agents list (`/`). */
export class AgentsPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(query = '') {
    const response = await this.page.goto(`${this.baseUrl}/${query}`);
    await this.heading().waitFor();
    return response?.status();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  navigation() {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  search() {
    return this.page.getByRole('searchbox', { name: 'Search agents' });
  }

  newAgent() {
    return this.page.getByRole('link', { name: 'New agent' });
  }

  /** The agent links in the list, in order. */
  agentNames() {
    return this.page.getByRole('table').getByRole('link').allTextContents();
  }

  agentLink(name: string) {
    return this.page.getByRole('table').getByRole('link', { name, exact: true });
  }

  /** The status text in an agent's row: "Draft", "Published" or "Published, unpublished changes". */
  statusOf(agentName: string) {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name: agentName, exact: true }) })
      .getByRole('cell')
      .nth(2)
      .textContent();
  }
}
