/**
 * Loads a migration script. `.js`/`.mjs` files are imported as they are; `.ts`/`.mts` files are
 * compiled by esbuild at run time (Node 20 runs no TypeScript): bundled with their local imports
 * (tsconfig `paths` such as `@/lib/...` included), packages left to Node, written beside the
 * script for the moment of the import (so packages resolve from its folder), then removed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorMessage, StudioError } from '../errors';
import type { MigrationFunction, MigrationModule } from './migration-types';

export interface LoadedMigration {
  /** The script as it was named, for messages. */
  file: string;
  run: MigrationFunction;
  changeMessage?: string;
  filter?: MigrationModule['filter'];
}

function problem(message: string): StudioError {
  return new StudioError('invalid_input', message);
}

async function compileTypeScript(path: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    sourcemap: 'inline',
    logLevel: 'silent',
  }).catch((error: { errors?: Array<{ text: string; location?: { file: string; line: number } | null }> }) => {
    const messages = (error.errors ?? []).map(
      (item) => `${item.location ? `${item.location.file}:${item.location.line}: ` : ''}${item.text}`,
    );
    throw problem(`The migration script ${path} does not compile:\n${messages.join('\n') || String(error)}`);
  });
  return result.outputFiles[0]!.text;
}

/** Imports the module; what its top level throws is the script's failure, said as such. */
async function importScript(path: string, url: string): Promise<MigrationModule> {
  try {
    return (await import(url)) as MigrationModule;
  } catch (error) {
    throw new StudioError(
      'invalid_input',
      `The migration script ${path} failed while loading: ${errorMessage(error)}`,
      undefined,
      { cause: error },
    );
  }
}

async function importModule(path: string): Promise<MigrationModule> {
  const extension = extname(path);
  if (extension === '.js' || extension === '.mjs') return importScript(path, pathToFileURL(path).href);
  if (extension !== '.ts' && extension !== '.mts')
    throw problem(`A migration script is a .ts, .mts, .js or .mjs file; got ${basename(path)}.`);
  const code = await compileTypeScript(path);
  const compiled = join(dirname(path), `.${basename(path, extension)}.${randomBytes(4).toString('hex')}.migration.mjs`);
  try {
    writeFileSync(compiled, code);
  } catch (error) {
    throw problem(`Cannot write the compiled script next to ${path}: ${(error as NodeJS.ErrnoException).code}`);
  }
  try {
    return await importScript(path, pathToFileURL(compiled).href);
  } finally {
    rmSync(compiled, { force: true });
  }
}

export async function loadMigrationScript(file: string): Promise<LoadedMigration> {
  const path = resolve(file);
  if (!existsSync(path)) throw problem(`No migration script at ${path}.`);
  const module = await importModule(path);
  const run = module.default ?? module.migrate;
  if (typeof run !== 'function')
    throw problem(`${file} exports no migration: export a function as default (or as \`migrate\`).`);
  if (module.changeMessage !== undefined && typeof module.changeMessage !== 'string')
    throw problem(`${file}: changeMessage is a string.`);
  if (module.filter !== undefined && typeof module.filter !== 'function')
    throw problem(`${file}: filter is a function of an agent.`);
  return { file, run, changeMessage: module.changeMessage, filter: module.filter };
}
