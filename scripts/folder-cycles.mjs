#!/usr/bin/env node
/**
 * `node scripts/folder-cycles.mjs <folder>`: fails when two parts of the folder import each other,
 * directly or through others. A part is a folder right below it, or a file standing there itself.
 * madge's own `--circular` compares files, so two folders whose files import each other one way
 * each (`a/x.ts` imports `b/y.ts`, `b/z.ts` imports `a/w.ts`) pass it while the layers have
 * already started to lean on each other. The imports are read as `npm run lint` reads them: with
 * the options under "madge" in package.json (type-only and dynamic imports count too).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import madge from 'madge';
import { root } from './ensure-install.mjs';

/** The part of the folder a path (relative to the folder) belongs to; undefined outside it. */
function partOf(path) {
  if (path.startsWith('../')) return undefined;
  const slash = path.indexOf('/');
  return slash === -1 ? path : path.slice(0, slash);
}

/** The cycles between parts of `folder`, each as the parts in the order they import each other. */
async function folderCycles(folder) {
  const { madge: options } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const files = await madge(folder, { ...options, tsConfig: join(root, options.tsConfig) });
  // A folder read as empty would pass: refuse it instead.
  if (Object.keys(files.obj()).length === 0) {
    process.stderr.write(`No TypeScript file was read under ${folder}/.\n`);
    process.exit(2);
  }
  const parts = {};
  for (const [file, imports] of Object.entries(files.obj())) {
    const from = partOf(file);
    parts[from] ??= [];
    for (const imported of imports) {
      const to = partOf(imported);
      if (to !== undefined && to !== from && !parts[from].includes(to)) parts[from].push(to);
    }
  }
  return (await madge(parts)).circular();
}

const folder = process.argv[2];
if (!folder || !existsSync(folder)) {
  process.stderr.write(
    `Name a folder that exists: node scripts/folder-cycles.mjs lib${folder ? ` (not ${folder})` : ''}\n`,
  );
  process.exit(2);
}
const cycles = await folderCycles(folder);
if (cycles.length > 0) {
  process.stderr.write(`Parts of ${folder}/ that import each other (each imports the next, the last the first):\n`);
  for (const cycle of cycles) process.stderr.write(`  ${cycle.join(' -> ')}\n`);
  process.exit(1);
}
process.stdout.write(`No two parts of ${folder}/ import each other.\n`);
