import type { Page } from 'playwright-core';

/** The Settings page: the audit log with its filters and pages, and the settings in force. */
export class SettingsPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(query = '') {
    const response = await this.page.goto(`${this.baseUrl}/settings${query}`);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
    return response?.status();
  }

  /** Fills the filters given and submits them (the page navigates without a reload). */
  async filter({ who, what, id, from, to }: { who?: string; what?: string; id?: string; from?: string; to?: string }) {
    if (who !== undefined) await this.page.getByRole('textbox', { name: 'Who' }).fill(who);
    if (what !== undefined) await this.page.getByRole('combobox', { name: 'What' }).selectOption(what);
    if (id !== undefined) await this.page.getByRole('textbox', { name: 'Agent, client or integration id' }).fill(id);
    if (from !== undefined) await this.page.getByLabel('From').fill(from);
    if (to !== undefined) await this.page.getByLabel('To').fill(to);
    await this.page.getByRole('button', { name: 'Filter' }).click();
  }

  auditRows() {
    return this.page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell') });
  }

  /** The "Stdio launch specs" tab's table of approved specs. */
  launchSpecs() {
    return this.page.getByRole('table', { name: 'Stdio launch specs' });
  }

  /** Approves a launch spec through the tab's form. */
  async approveLaunchSpec({ command, args }: { command: string; args: string[] }) {
    await this.page.getByRole('button', { name: 'Approve a launch spec' }).click();
    const form = this.page.getByRole('form', { name: 'Approve a launch spec' });
    await form.getByRole('textbox', { name: 'Command' }).fill(command);
    await form.getByRole('textbox', { name: 'Leading arguments' }).fill(args.join(' '));
    await form.getByRole('button', { name: 'Approve', exact: true }).click();
  }

  settingsTable() {
    return this.page.getByRole('table', { name: 'Settings in force' });
  }
}
