import type { Locator, Page } from 'playwright-core';

/** The agent editor's Tests tab, found only by the roles and names the editor spec fixes. */
export class TestsPanel {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.getByRole('tab', { name: 'Tests', exact: true }).click();
    await this.panel().getByRole('heading', { name: 'Test cases', exact: true }).waitFor();
  }

  panel() {
    return this.page.getByRole('tabpanel', { name: 'Tests' });
  }

  button(name: string, scope: Locator = this.panel()) {
    return scope.getByRole('button', { name, exact: true });
  }

  /** A test case's row: the region named by the case's name, inside the list "Test cases". */
  testCase(name: string) {
    return this.panel().getByRole('list', { name: 'Test cases' }).getByRole('region', { name, exact: true });
  }

  /** An expectation of a case: the group "Expectation <n>". */
  expectation(testCase: Locator, number: number) {
    return testCase.getByRole('group', { name: `Expectation ${number}`, exact: true });
  }

  /** Picks an expectation's kind by the words the type picker shows ("Calls tool", "Answer includes", ...). */
  async setType(expectation: Locator, words: string) {
    await expectation.getByRole('combobox', { name: 'Type', exact: true }).selectOption({ label: words });
  }

  versionToTest() {
    return this.panel().getByRole('combobox', { name: 'Version to test', exact: true });
  }

  /** Starts the tests against the version labelled `version` and waits for the run's last word. */
  async runTests(version: string) {
    await this.versionToTest().selectOption({ label: version });
    await this.button('Run tests').click();
  }

  /** The progress and outcome of the latest test run. */
  progress() {
    return this.panel().getByRole('region', { name: 'Test runs' }).getByRole('status');
  }

  /** A case's row in the results. */
  result(name: string) {
    return this.panel()
      .getByRole('list', { name: 'Test results' })
      .getByRole('listitem')
      .filter({ hasText: name })
      .first();
  }

  gate() {
    return this.panel().getByRole('region', { name: 'Publish gate' });
  }
}
