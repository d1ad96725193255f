/**
 * The cycle check of `npm run lint` (madge with the options under "madge" in package.json), proven to
 * see what it should: a cycle closed by a dynamic `import()` or a type-only import is still a cycle,
 * in `.ts` and `.tsx` files alike. The modules below are written to a temporary folder and madge's
 * command line runs once over them from the repository root, as the lint script runs it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const madgeCli = join(root, 'node_modules', 'madge', 'bin', 'cli.js');

const modules: Record<string, string> = {
  // Closed by a dynamic import.
  'uses-later.ts': "import { later } from './loads-lazily';\nexport const first = () => later;\n",
  'loads-lazily.ts': "export const later = async () => (await import('./uses-later')).first;\n",
  // Closed by a dynamic import in a .tsx file.
  'uses-view.ts': "import { View } from './view';\nexport const second = () => View;\n",
  'view.tsx':
    "export const View = () => <p />;\nexport const later = async () => (await import('./uses-view')).second;\n",
  // Closed by a type-only import.
  'shape.ts': "import type { Maker } from './maker';\nexport interface Shape { maker: Maker }\n",
  'maker.ts': "import type { Shape } from './shape';\nexport type Maker = () => Shape;\n",
  // One way only: no cycle.
  'top.ts': "export const load = async () => (await import('./bottom')).value;\n",
  'bottom.ts': 'export const value = 1;\n',
};

describe('import cycle check', { timeout: 60_000 }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  let cycles: string[][] = [];

  beforeAll(() => {
    for (const [name, code] of Object.entries(modules)) writeFileSync(join(folder, name), code);
    const result = spawnSync(process.execPath, [madgeCli, '--circular', '--no-spinner', '--json', folder], {
      cwd: root,
      encoding: 'utf8',
    });
    // Sorted, so a cycle reads the same whichever file madge reached first.
    cycles = (JSON.parse(result.stdout) as string[][]).map((cycle) => [...cycle].sort());
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('sees a cycle closed by a dynamic import', () => {
    expect(cycles).toContainEqual(['loads-lazily.ts', 'uses-later.ts']);
  });

  it('sees a cycle closed by a dynamic import in a .tsx file', () => {
    expect(cycles).toContainEqual(['uses-view.ts', 'view.tsx']);
  });

  it('sees a cycle closed by a type-only import', () => {
    expect(cycles).toContainEqual(['maker.ts', 'shape.ts']);
  });

  it('finds nothing else', () => {
    expect(cycles).toHaveLength(3);
  });
});
