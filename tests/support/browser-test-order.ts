/**
 * Browser tests share one server, so what a page shows depends on what earlier test files did.
 * They run in file-name order (the other projects keep vitest's own order: failed and slow first),
 * which keeps the screenshots they write the same from run to run.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export class BrowserTestOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Each browser project (with sign-in off, and signed in as an editor) in file-name order.
    for (const project of ['e2e', 'e2e-editor']) {
      const positions = sorted.flatMap((file, index) => (file.project.name === project ? [index] : []));
      const browserFiles = positions
        .map((index) => sorted[index]!)
        .sort((left, right) => left.moduleId.localeCompare(right.moduleId));
      positions.forEach((position, index) => (sorted[position] = browserFiles[index]!));
    }
    return sorted;
  }
}
