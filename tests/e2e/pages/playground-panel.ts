import type { Page } from 'playwright-core';

/** The agent editor's Playground tab, found only by the roles and names the editor spec fixes. */
export class PlaygroundPanel {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.getByRole('tab', { name: 'Playground', exact: true }).click();
    await this.message().waitFor();
  }

  message() {
    return this.page.getByRole('textbox', { name: 'Message', exact: true });
  }

  version() {
    return this.page.getByRole('combobox', { name: 'Version', exact: true });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  async send(text: string) {
    await this.message().fill(text);
    await this.button('Send').click();
  }

  conversation() {
    return this.page.getByRole('region', { name: 'Conversation' });
  }

  /** The latest call of a tool (a group named "Tool call <name>"). */
  toolCall(toolName: string) {
    return this.conversation()
      .getByRole('group', { name: `Tool call ${toolName}`, exact: true })
      .last();
  }

  /** The conversation's last answer of the agent. */
  lastAnswer() {
    return this.conversation().getByRole('listitem').last();
  }

  alert() {
    return this.conversation().getByRole('alert');
  }
}
