import type { Page } from 'playwright-core';

/** The New agent form (`/new-agent`). */
export class NewAgentPage {
  constructor(readonly page: Page) {}

  field(name: 'Name' | 'Id' | 'Description' | 'Instructions') {
    return this.page.getByRole('textbox', { name, exact: true });
  }

  model() {
    return this.page.getByRole('combobox', { name: 'Model' });
  }

  /** What the Model field suggests, as its list shows each option: the label when it has one, else the value. */
  async modelSuggestions(): Promise<string[]> {
    const listId = await this.model().getAttribute('list');
    return this.page
      .locator(`datalist[id="${listId}"] option`)
      .evaluateAll((options) =>
        options.map(
          (option) => (option as HTMLOptionElement).getAttribute('label') ?? (option as HTMLOptionElement).value,
        ),
      );
  }

  /** The hint under the Model field (its accessible description without the error). */
  async modelHint() {
    const describedBy = (await this.model().getAttribute('aria-describedby')) ?? '';
    const hintId = describedBy.split(' ').find((id) => id.endsWith('-hint'));
    return hintId ? this.page.locator(`[id="${hintId}"]`).textContent() : null;
  }

  create() {
    return this.page.getByRole('button', { name: 'Create agent' });
  }

  /** The error shown beside a field (its accessible description). */
  async errorOf(name: 'Name' | 'Id' | 'Instructions' | 'Model') {
    const field = name === 'Model' ? this.model() : this.field(name);
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    return errorId ? this.page.locator(`[id="${errorId}"]`).textContent() : null;
  }

  async fill(values: { name: string; description: string; instructions: string; model: string }) {
    await this.field('Name').fill(values.name);
    await this.field('Description').fill(values.description);
    await this.field('Instructions').fill(values.instructions);
    await this.model().fill(values.model);
  }
}
