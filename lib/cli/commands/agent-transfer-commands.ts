/**
 * `agent export <id> [--all-versions]` and `agent import <file> [--mode] [--dry-run]`: one agent
 * as an `agent-studio.agent` document (the format migration scripts and other studios read).
 */
import type { Command } from 'commander';
import { positiveInteger, readJsonFile, selectorFromOptions, writeJson, type SelectorOptions } from '../arguments';
import type { CliContext } from '../context';
import { CliError, printJson } from '../io';
import { numberRanges } from '../text';

export function registerAgentTransferCommands(agent: Command, cli: CliContext) {
  agent
    .command('export')
    .description('print an agent as an export document (default: its latest version only)')
    .argument('<id>', 'the agent id')
    .option('--all-versions', 'every version, with labels and the published version')
    .option('--version <n>', 'this version only', positiveInteger)
    .option('--label <name>', 'the version this label points at')
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .action(
      async (
        id: string,
        options: Omit<SelectorOptions, 'status'> & { allVersions?: boolean; output?: string },
        command: Command,
      ) => {
        const selector = selectorFromOptions(options);
        if (options.allVersions && selector)
          throw new CliError('--all-versions exports every version: drop --version/--label.');
        const document = await cli.connect(command).exportAgent({
          params: { id },
          query: options.allVersions ? {} : (selector ?? { label: 'latest' }),
        });
        writeJson({ io: cli.io, value: document, output: options.output });
      },
    );

  agent
    .command('import')
    .description('import an export document: a new agent, or (--mode append) new versions of an existing one')
    .argument('<file>', 'the export document (JSON)')
    .option('--mode <mode>', 'create (default: refuse an existing id) or append')
    .option('--dry-run', 'check everything and say what would happen, writing nothing')
    .option('--json', 'print the answer as JSON')
    .action(async (file: string, options: { mode?: string; dryRun?: boolean; json?: boolean }, command: Command) => {
      if (options.mode !== undefined && options.mode !== 'create' && options.mode !== 'append')
        throw new CliError('--mode is "create" or "append".');
      const document = readJsonFile(file, 'export document');
      const result = await cli.connect(command).importAgent({
        query: { mode: options.mode, dryRun: options.dryRun ? 'true' : undefined },
        body: document,
      });
      if (options.json) return printJson(cli.io, result);
      const versions = result.importedVersionNumbers;
      const what =
        versions.length === 0
          ? `nothing: every version in ${file} is already the latest configuration of ${result.agent.id}`
          : result.mode === 'create'
            ? `${result.agent.id} with version(s) ${numberRanges(versions)}`
            : `version(s) ${numberRanges(versions)} after the latest of ${result.agent.id}`;
      const upgraded =
        result.upgradedFrom === null ? '' : ` (snapshots upgraded from schemaVersion ${result.upgradedFrom})`;
      cli.io.stdout(
        result.dryRun
          ? `Dry run: would import ${what}${upgraded}; nothing was written.`
          : `Imported ${what}${upgraded}.`,
      );
    });
}
