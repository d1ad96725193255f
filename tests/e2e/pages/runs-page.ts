import type { Locator, Page } from 'playwright-core';

/**
 * A table of runs (the Runs page, `/runs`, and the agent editor's Runs tab) with its filters,
 * found only by roles and names.
 */
export class RunsList {
  /** `scope`: the page, or the part of it holding the table (the Runs tab's panel). */
  constructor(
    readonly page: Page,
    readonly scope: Page | Locator = page,
  ) {}

  table() {
    return this.scope.getByRole('table', { name: 'Runs', exact: true });
  }

  /** One row per run, newest first (the header row, which holds no cells, left out). */
  rows() {
    return this.table()
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell') });
  }

  /** The address of a row's run page (its first link: when the run started). */
  async runHref(row: Locator): Promise<string> {
    return (await row.getByRole('link').first().getAttribute('href')) ?? '';
  }

  filters() {
    return this.scope.getByRole('form', { name: 'Filter runs', exact: true });
  }

  async filter({ status, agent }: { status?: string; agent?: string }) {
    const form = this.filters();
    if (agent !== undefined) await form.getByRole('textbox', { name: 'Agent', exact: true }).fill(agent);
    if (status !== undefined)
      await form.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: status });
    await form.getByRole('button', { name: 'Filter', exact: true }).click();
  }
}

/** The Runs page (`/runs`), reached by the navigation link "Runs". */
export class RunsPage extends RunsList {
  constructor(
    page: Page,
    private readonly baseUrl: string,
  ) {
    super(page);
  }

  async openFromNavigation() {
    await this.page.goto(this.baseUrl);
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs', exact: true }).click();
    await this.page.getByRole('heading', { level: 1, name: 'Runs', exact: true }).waitFor();
  }
}

/** A run's page (`/runs/<runId>`). */
export class RunPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(href: string) {
    await this.page.goto(`${this.baseUrl}${href}`);
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The step timeline: a list named "Steps". */
  steps() {
    return this.page.getByRole('list', { name: 'Steps', exact: true });
  }

  /** The timeline's steps themselves (not the tool calls listed inside them). */
  stepItems() {
    return this.steps().locator(':scope > li');
  }

  conversation() {
    return this.page.getByRole('list', { name: 'Conversation', exact: true });
  }

  /** What a paused run waits for. */
  waiting() {
    return this.page.getByRole('region', { name: 'Waiting for an answer', exact: true });
  }

  link(name: string) {
    return this.page.getByRole('link', { name, exact: true });
  }
}
