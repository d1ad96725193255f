import type { Locator, Page } from 'playwright-core';

type TabName = 'Basics' | 'Tools' | 'Conditions' | 'Preview' | 'Versions' | 'Playground' | 'Runs' | 'Tests';

/** The agent editor (`/agents/<id>`), found only by the roles and names the editor spec fixes. */
export class AgentEditorPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(agentId: string) {
    const response = await this.page.goto(`${this.baseUrl}/agents/${agentId}`);
    await this.heading().waitFor();
    return response?.status();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  status() {
    return this.page.getByRole('status').first();
  }

  /** Waits until the status region says exactly `text`. */
  async announced(text: string) {
    // A refusal ("Not saved: ...") is an alert, anything else a status.
    await this.page
      .getByRole('status')
      .or(this.page.getByRole('alert'))
      .filter({ hasText: new RegExp(`^${escape(text)}$`) })
      .waitFor();
  }

  async tab(name: TabName) {
    await this.page.getByRole('tab', { name, exact: true }).click();
    return this.page.getByRole('tabpanel', { name });
  }

  textbox(name: string) {
    return this.page.getByRole('textbox', { name, exact: true });
  }

  model() {
    return this.page.getByRole('combobox', { name: 'Model' });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The editor's own Publish (the latest saved version), before the per-version ones of the Versions tab. */
  publishButton() {
    return this.button('Publish').first();
  }

  // Tools
  toolGroup(name: string) {
    return this.page.getByRole('group', { name, exact: true });
  }

  tool(name: string) {
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  descriptionFor(toolName: string) {
    return this.textbox(`Description for ${toolName}`);
  }

  /** A selected tool's approval policy on the Tools tab: a group named by the tool inside "Approval policies". */
  approvalFor(toolName: string) {
    return this.toolGroup('Approval policies').getByRole('group', { name: toolName, exact: true });
  }

  /** Picks "Never", "Always" or "When..." in the tool's "Approval for <tool name>" control. */
  async setApproval(toolName: string, choice: 'Never' | 'Always' | 'When...') {
    await this.approvalFor(toolName)
      .getByRole('combobox', { name: `Approval for ${toolName}`, exact: true })
      .selectOption({ label: choice });
    return this.approvalFor(toolName);
  }

  // Save
  async save(changeMessage: string) {
    await this.button('Save').click();
    const dialog = this.page.getByRole('dialog', { name: 'Save version' });
    await dialog.getByRole('textbox', { name: 'Change message' }).fill(changeMessage);
    await dialog.getByRole('button', { name: 'Save version' }).click();
  }

  conflictDialog() {
    return this.page.getByRole('alertdialog');
  }

  // Preview
  async resolve(requestContext: string) {
    await this.textbox('Request context').fill(requestContext);
    await this.button('Resolve').click();
  }

  resolvedTools() {
    return this.page.getByRole('list', { name: 'Resolved tools' }).getByRole('listitem');
  }

  instructions() {
    return this.page.getByRole('region', { name: 'Instructions' });
  }

  // Versions
  versionRow(versionNumber: number) {
    return this.page.getByRole('row').filter({ hasText: new RegExp(`Version ${versionNumber}(?!\\d)`) });
  }

  async compare(first: number, second: number) {
    await this.page.getByRole('checkbox', { name: `Select version ${first}` }).check();
    await this.page.getByRole('checkbox', { name: `Select version ${second}` }).check();
    await this.button('Compare').click();
    return this.page.getByRole('region', { name: 'Comparison' });
  }

  // Conditions
  /** A conditional field's region in the Conditions tab: "Tools", "Instructions", "MCP clients", ... */
  conditionsField(name: string) {
    return this.page.getByRole('region', { name, exact: true });
  }

  variant(fieldName: string, number: number) {
    return this.conditionsField(fieldName).getByRole('group', { name: `Variant ${number}`, exact: true });
  }

  /** Fills one rule row (a group "Rule <n>" inside `scope`). */
  async setRule(
    scope: Locator,
    number: number,
    /** `valueType` is picked when the row offers the choice (a field the context does not declare). */
    rule: { field: string; operator: string; value?: string; valueType?: string },
  ) {
    const row = scope.getByRole('group', { name: `Rule ${number}`, exact: true }).first();
    await row.getByRole('combobox', { name: 'Field', exact: true }).fill(rule.field);
    await row.getByRole('combobox', { name: 'Operator', exact: true }).selectOption({ label: rule.operator });
    // A field whose type the request context declares gives its value that type: nothing to pick then.
    const valueType = row.getByRole('combobox', { name: 'Value type', exact: true });
    if (rule.valueType && (await valueType.count()) > 0) await valueType.selectOption({ label: rule.valueType });
    if (rule.value !== undefined) await this.ruleValue(row).fill(rule.value);
    return row;
  }

  /** A rule's typed "Value": a textbox, or a combobox offering a one-of field's allowed values. */
  ruleValue(row: Locator) {
    const name = { name: 'Value', exact: true };
    return row.getByRole('textbox', name).or(row.locator('input[list]').and(row.getByRole('combobox', name)));
  }

  /** The rule linter's findings shown inside `scope` (beside a rule, or at the top of a group). */
  ruleCheck(scope: Locator) {
    // Errors are alerts and warnings statuses; both begin with their severity.
    return scope
      .getByRole('alert')
      .or(scope.getByRole('status'))
      .filter({ hasText: /^(Error|Warning):/ });
  }

  /** The top rule group of a variant's builder (the group named "Rules"). */
  rules(scope: Locator) {
    return scope.getByRole('group', { name: 'Rules', exact: true });
  }

  /** "Add group" of the top group: its own buttons come after the nested groups' ones. */
  async addNestedGroup(scope: Locator) {
    await this.rules(scope).getByRole('button', { name: 'Add group', exact: true }).last().click();
    return this.rules(scope)
      .getByRole('group', { name: /^Group \d+$/ })
      .last();
  }

  /**
   * One mouse drag of Variant `from` by its handle onto Variant `to`, led by what the list says
   * aloud: the pointer goes down, moves until the list announces "Picked up", then moves on in small
   * steps until it announces the variant over position `to`, and only then lets go. No guess of
   * distances or timings, so the variants' heights and a busy machine do not change the outcome.
   */
  private async dragVariantOnce(fieldName: string, from: number, to: number) {
    const field = this.conditionsField(fieldName);
    const said = (text: RegExp) =>
      this.page
        .getByText(text)
        .count()
        .then((count) => count > 0);
    // Both handles must be on screen at once for a mouse to reach them: a tall window for the drag.
    const viewport = this.page.viewportSize();
    await this.page.setViewportSize({ width: viewport?.width ?? 1280, height: 3000 });
    await field.scrollIntoViewIfNeeded();
    const handle = await field.getByRole('button', { name: `Reorder Variant ${from}` }).boundingBox();
    const source = await this.variant(fieldName, from).boundingBox();
    const target = await this.variant(fieldName, to).boundingBox();
    if (!handle || !source || !target) throw new Error('The variants to drag are not on screen.');
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    const direction = middle(target) > middle(source) ? 1 : -1;
    const x = handle.x + handle.width / 2;
    let y = handle.y + handle.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    // The sensor starts a drag once the pointer has moved a few pixels; from then on the list
    // speaks of the variant (picked up, then over some position).
    const dragging = new RegExp(`^(Picked up Variant ${from}\\.|Variant ${from} is over position)`);
    for (let step = 0; step < 20 && !(await said(dragging)); step++) {
      y += direction * 2;
      await this.page.mouse.move(x, y);
      await this.page.waitForTimeout(25);
    }
    // On to the target's centre and past it in twenty steps, until the list says it is over it.
    const over = new RegExp(`^Variant ${from} is over position ${to} of`);
    const stride = (middle(target) - middle(source) + direction * target.height) / 20;
    for (let step = 0; step < 20 && !(await said(over)); step++) {
      y += stride;
      await this.page.mouse.move(x, y);
      await this.page.waitForTimeout(25);
    }
    await this.page.mouse.up();
    // The list says the drop; for 50 ms after it, dnd-kit swallows clicks (the one the release would
    // make), so the next click of a test would be lost: wait past that, as no person could click sooner.
    await this.page
      .getByText(new RegExp(`^Variant ${from} dropped`))
      .first()
      .waitFor({ state: 'attached', timeout: 5_000 })
      .catch(() => undefined);
    await this.page.waitForTimeout(150);
    if (viewport) await this.page.setViewportSize(viewport);
  }

  /**
   * Drags Variant `from` onto Variant `to` with the mouse until `moved` says the order changed. A
   * drag the list did not take (it never said "Picked up") is made again, three times at most.
   */
  async dragVariant(fieldName: string, from: number, to: number, moved: () => Promise<boolean>) {
    for (let attempt = 1; attempt <= 3; attempt++) {
      await this.dragVariantOnce(fieldName, from, to);
      for (let check = 0; check < 20; check++) {
        if (await moved()) return;
        await this.page.waitForTimeout(250);
      }
    }
    throw new Error(`Dragging Variant ${from} of ${fieldName} onto Variant ${to} did not move it (3 tries).`);
  }

  /**
   * Moves a variant with the keyboard only: Space picks it up, arrow keys move it, Space drops it.
   * Each step waits for the spoken announcement, as a screen-reader user would.
   */
  async moveVariantByKeyboard(fieldName: string, from: number, to: number) {
    const announced = (text: string, timeout?: number) =>
      this.page.getByText(text, { exact: false }).first().waitFor({ state: 'attached', timeout });
    await this.conditionsField(fieldName)
      .getByRole('button', { name: `Reorder Variant ${from}` })
      .focus();
    await this.page.keyboard.press('Space');
    await announced(`Picked up Variant ${from}.`);
    const key = to > from ? 'ArrowDown' : 'ArrowUp';
    for (let position = from; position !== to; position += to > from ? 1 : -1) {
      const expected = `is over position ${position + (to > from ? 1 : -1)} of`;
      await this.page.keyboard.press(key);
      // The keyboard sensor starts listening for arrows a task after the drag starts, so on a busy
      // machine the first arrow can come too early; it is pressed again only while nothing moved.
      if (position === from) {
        const moved = await announced(expected, 3_000).then(
          () => true,
          () => false,
        );
        if (!moved && (await this.page.getByText(`Picked up Variant ${from}.`).count()) > 0)
          await this.page.keyboard.press(key);
      }
      await announced(expected);
    }
    await this.page.keyboard.press('Space');
    await announced(`dropped at position ${to} of`);
  }

  matchedVariants() {
    return this.page.getByRole('list', { name: 'Matched variants' }).getByRole('listitem');
  }
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
