import type { Page } from 'playwright-core';

/** The agent editor's Playground tab, by the spec's roles and names. */
export class PlaygroundPanel {
  constructor(readonly page: Page) {}

  conversation() {
    return this.page.getByRole('list', { name: 'Conversation', exact: true }).getByRole('listitem');
  }

  /** The conversation's text, one entry per line. */
  async transcript() {
    return (await this.conversation().allTextContents()).join('\n');
  }

  /** The entry of the latest call of a tool. */
  toolCall(toolName: string) {
    return this.conversation()
      .filter({ has: this.page.getByLabel(`Arguments of ${toolName}`, { exact: true }) })
      .last();
  }

  async send(message: string) {
    await this.page.getByRole('textbox', { name: 'Message', exact: true }).fill(message);
    await this.page.getByRole('button', { name: 'Send', exact: true }).click();
  }

  chatWith(target: 'Draft' | 'Published') {
    return this.page.getByRole('radio', { name: new RegExp(`^${target} \\(`) });
  }
}
