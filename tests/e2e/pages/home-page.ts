import type { Page } from 'playwright-core';

/** The editor's home page (the agents list). */
export class HomePage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open() {
    const response = await this.page.goto(`${this.baseUrl}/`);
    return response?.status();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  navigation() {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  /** The names shown in the agents table, in order. */
  agentNames() {
    return this.page.locator('table .agent-name').allTextContents();
  }

  statusOf(agentName: string) {
    return this.page.getByRole('row').filter({ hasText: agentName }).locator('.badge').textContent();
  }
}
