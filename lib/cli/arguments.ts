/** Parsing and checking of command arguments and options, before any request is made. */
import { readFileSync, writeFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { CliError, type CliIo } from './io';
import { errorMessage } from '../errors';

/** A commander argument parser for version numbers and counts. */
export function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('Not a positive whole number.');
  return Number(value);
}

export interface SelectorOptions {
  version?: number;
  label?: string;
  status?: string;
}

/** `--version <n>`, `--label <name>`, `--status <status>`: which version a command reads. */
export const addSelectorOptions = (command: Command) =>
  command
    .option('--version <n>', 'a version number', positiveInteger)
    .option('--label <name>', 'a label (production, latest or a custom one)')
    .option('--status <status>', 'published or draft');

/** `--version`, `--label` or `--status` as the API's selector (at most one). */
export function selectorFromOptions(
  options: SelectorOptions,
): { versionNumber: number } | { label: string } | { status: 'published' | 'draft' } | undefined {
  const given = [options.version, options.label, options.status].filter((value) => value !== undefined);
  if (given.length > 1) throw new CliError('Give at most one of --version, --label and --status.');
  if (options.version !== undefined) return { versionNumber: options.version };
  if (options.label !== undefined) return { label: options.label };
  if (options.status === undefined) return undefined;
  if (options.status !== 'published' && options.status !== 'draft')
    throw new CliError('--status is "published" or "draft".');
  return { status: options.status };
}

/** Reads a JSON file, naming the file and what is wrong with it. */
export function readJsonFile(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read the ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`The ${what} ${path} is not valid JSON (${errorMessage(error)}); nothing was imported.`);
  }
}

/** A JSON result to `--output <file>` or to stdout. */
export function writeJson({ io, value, output }: { io: CliIo; value: unknown; output?: string }) {
  const text = JSON.stringify(value, null, 2);
  if (output === undefined) return io.stdout(text);
  try {
    writeFileSync(output, `${text}\n`);
  } catch (error) {
    throw new CliError(`Cannot write ${output}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/** A passphrase from `--passphrase-file` (first line) or the STUDIO_BACKUP_PASSPHRASE variable. */
export function readPassphrase({ file, fromEnvironment }: { file?: string; fromEnvironment?: string }) {
  if (file === undefined) return fromEnvironment;
  try {
    const passphrase = readFileSync(file, 'utf8').split(/\r?\n/)[0] ?? '';
    if (passphrase === '') throw new CliError(`The passphrase file ${file} is empty.`);
    return passphrase;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(
      `Cannot read the passphrase file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}
