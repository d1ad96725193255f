/**
 * The folder check of `npm run lint` (scripts/folder-cycles.mjs), proven to see what madge's file
 * check does not: two folders whose files import each other one way each, with no file cycle, at the
 * top or deeper down, and a loop through a folder and a file standing beside it; and that it refuses
 * a folder it reads nothing in. A small tree is written to a temporary folder
 * and the script runs over it from the repository root, as the lint script runs it. The real lib/,
 * db/ and app/ are checked by the lint step itself (`npm run lint`, `npm test`), not again here.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const script = join(root, 'scripts', 'folder-cycles.mjs');

function check(folder: string) {
  const result = spawnSync(process.execPath, [script, folder], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function writeTree(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'folder-cycles-'));
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), code);
  }
  return folder;
}

describe('folder cycle check', { timeout: 60_000 }, () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  const loops: Array<[string, Record<string, string>, RegExp]> = [
    [
      'two folders that import each other through different files',
      {
        // upper/view.ts -> lower/shape.ts, and lower/maker.ts -> upper/words.ts: no file imports itself back.
        'upper/view.ts': "import { shape } from '../lower/shape';\nexport const view = shape;\n",
        'upper/words.ts': "export const words = 'hello';\n",
        'lower/shape.ts': 'export const shape = 1;\n',
        'lower/maker.ts': "import type { words } from '../upper/words';\nexport type Maker = typeof words;\n",
      },
      /(upper -> lower|lower -> upper)\n/,
    ],
    [
      'a loop through a folder and a file beside it',
      {
        'settings.ts': "import type { Lookup } from './net/lookup';\nexport interface Settings { lookup?: Lookup }\n",
        'net/lookup.ts': 'export type Lookup = (name: string) => string;\n',
        'net/fetch.ts': "import type { Settings } from '../settings';\nexport type FetchSettings = Settings;\n",
      },
      /(settings\.ts -> net|net -> settings\.ts)\n/,
    ],
    [
      'two folders deeper down that import each other',
      {
        'top/index.ts': "export { view } from './a/view';\n",
        'top/a/view.ts': "import { shape } from '../b/shape';\nexport const view = shape;\n",
        'top/a/words.ts': "export const words = 'hello';\n",
        'top/b/shape.ts': 'export const shape = 1;\n',
        'top/b/maker.ts': "import { words } from '../a/words';\nexport const maker = words;\n",
      },
      /top\/ that import each other[^\n]*\n {2}(a -> b|b -> a)\n/,
    ],
  ];

  it.each(loops)('refuses %s', (_name, files, named) => {
    const folder = writeTree(files);
    folders.push(folder);
    const result = check(folder);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(named);
  });

  it('lets imports run one way', () => {
    const folder = writeTree({
      'upper/view.ts':
        "import { shape } from '../lower/shape';\nimport { helper } from '../helper';\nexport const view = [shape, helper];\n",
      'lower/shape.ts': "import { helper } from '../helper';\nexport const shape = helper;\n",
      'helper.ts': 'export const helper = 1;\n',
    });
    folders.push(folder);
    const result = check(folder);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses a folder it reads nothing in, rather than passing it', () => {
    const folder = writeTree({ 'notes.md': '# Not code\n' });
    folders.push(folder);
    const result = check(folder);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('No TypeScript file was read');
  });
});
