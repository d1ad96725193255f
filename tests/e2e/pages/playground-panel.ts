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

  /** The question form of a tool's latest call: a group named by the question. */
  question(toolName: string, question: string) {
    return this.toolCall(toolName).getByRole('group', { name: question, exact: true });
  }

  /** Answers a question: ticks or picks the options named, types any text, sends. */
  async answer(
    toolName: string,
    question: string,
    { choose = [], type }: { choose?: string[]; type?: string },
  ): Promise<void> {
    const form = this.question(toolName, question);
    for (const label of choose) await form.getByLabel(label, { exact: true }).check();
    if (type !== undefined) await form.getByRole('textbox').fill(type);
    await form.getByRole('button', { name: 'Send answer', exact: true }).click();
  }

  /** The plan view of a tool's latest call: a group named "Plan: <title>", or "Plan" without a title. */
  plan(toolName: string, title?: string) {
    return this.toolCall(toolName).getByRole('group', { name: title ? `Plan: ${title}` : 'Plan', exact: true });
  }

  /** Approves or rejects a plan, with feedback when given. */
  async decide(
    plan: ReturnType<PlaygroundPanel['plan']>,
    decision: 'Approve' | 'Reject',
    feedback?: string,
  ): Promise<void> {
    if (feedback !== undefined) await plan.getByRole('textbox', { name: 'Feedback', exact: true }).fill(feedback);
    await plan.getByRole('button', { name: decision, exact: true }).click();
  }

  /** The form of an MCP server's question in a tool's latest call, named by what the server asks. */
  elicitation(toolName: string) {
    return this.toolCall(toolName).getByRole('form', { name: /^MCP server .* asks:/ });
  }

  /** Fills an MCP server's form field by field (text fields by property name), then Accept or Decline. */
  async answerElicitation(
    toolName: string,
    { fill = {}, button }: { fill?: Record<string, string>; button: 'Accept' | 'Decline' },
  ): Promise<void> {
    const form = this.elicitation(toolName);
    for (const [name, value] of Object.entries(fill)) {
      await form.getByRole('textbox', { name, exact: true }).fill(value);
    }
    await form.getByRole('button', { name: button, exact: true }).click();
  }

  /** The conversation's last answer of the agent. */
  lastAnswer() {
    return this.conversation().getByRole('listitem').last();
  }

  alert() {
    return this.conversation().getByRole('alert');
  }
}
