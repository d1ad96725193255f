#!/usr/bin/env node
/**
 * `node scripts/folder-cycles.mjs <folder>`: fails when two parts of the folder, or of any folder
 * below it, import each other, directly or through others. A folder's parts are the folders right
 * below it and the files standing in it. madge's own `--circular` compares files, so two folders
 * whose files import each other one way each (`a/x.ts` imports `b/y.ts`, `b/z.ts` imports
 * `a/w.ts`) pass it while the layers have already started to lean on each other. The imports are
 * read as `npm run lint` reads them: with the options under "madge" in package.json (type-only and
 * dynamic imports count too).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import madge from 'madge';
import { root } from './ensure-install.mjs';

/**
 * Where an import crosses from one part to another: the innermost folder holding both files (''
 * for the folder itself), and the part of that folder each file is in. Undefined for an import
 * that leaves the folder.
 */
function crossing(file, imported) {
  if (imported.startsWith('../')) return undefined;
  const from = file.split('/');
  const to = imported.split('/');
  let depth = 0;
  while (depth < from.length - 1 && from[depth] === to[depth]) depth += 1;
  if (from[depth] === to[depth]) return undefined;
  return { folder: from.slice(0, depth).join('/'), from: from[depth], to: to[depth] };
}

/** Each folder's cycles between its parts, each cycle as the parts in the order they import each other. */
async function folderCycles(folder) {
  const { madge: options } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const files = (await madge(folder, { ...options, tsConfig: join(root, options.tsConfig) })).obj();
  // A folder read as empty would pass: refuse it instead.
  if (Object.keys(files).length === 0) {
    process.stderr.write(`No TypeScript file was read under ${folder}/.\n`);
    process.exit(2);
  }
  /** Per folder, its parts and the parts each one imports. */
  const folders = new Map();
  for (const [file, imports] of Object.entries(files)) {
    for (const imported of imports) {
      const step = crossing(file, imported);
      if (!step) continue;
      const parts = folders.get(step.folder) ?? {};
      folders.set(step.folder, parts);
      parts[step.to] ??= [];
      parts[step.from] ??= [];
      if (!parts[step.from].includes(step.to)) parts[step.from].push(step.to);
    }
  }
  const found = [];
  for (const [inner, parts] of [...folders].sort(([left], [right]) => left.localeCompare(right))) {
    const cycles = (await madge(parts)).circular();
    if (cycles.length > 0) found.push({ folder: inner ? `${folder}/${inner}` : folder, cycles });
  }
  return found;
}

const folder = process.argv[2]?.replace(/\/+$/, '');
if (!folder || !existsSync(folder)) {
  process.stderr.write(
    `Name a folder that exists: node scripts/folder-cycles.mjs lib${folder ? ` (not ${folder})` : ''}\n`,
  );
  process.exit(2);
}
const found = await folderCycles(folder);
for (const { folder: where, cycles } of found) {
  process.stderr.write(`Parts of ${where}/ that import each other (each imports the next, the last the first):\n`);
  for (const cycle of cycles) process.stderr.write(`  ${cycle.join(' -> ')}\n`);
}
if (found.length > 0) process.exit(1);
process.stdout.write(`No two parts of ${folder}/, or of a folder below it, import each other.\n`);
