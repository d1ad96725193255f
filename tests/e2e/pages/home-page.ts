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
}
