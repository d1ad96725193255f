/**
 * `migrate <script> [--apply]`: a bulk edit of agents as a script (docs/migrations.md). Dry run by
 * default: prints the diff each agent would get. `--apply` saves one new version per changed
 * agent; conflicts (an agent edited meanwhile) and refusals are listed and make the exit code 1.
 */
import type { Command } from 'commander';
import type { MigrationReport, MigrationResult } from '../../migrations';
import type { CliContext } from '../context';
import { CliError, printJson } from '../io';
import { startProgress, type Progress } from '../progress';
import { renderFieldDiffs } from '../render-diff';

function describeResult(result: MigrationResult): string[] {
  const head = `${result.id} (from version ${result.baseVersionNumber})`;
  switch (result.outcome) {
    case 'unchanged':
      return [];
    case 'would-save':
      return [`${head}: would save`, renderFieldDiffs(result.diffs).replace(/^/gm, '  ')];
    case 'saved':
      return [
        `${head}: saved as version ${result.versionNumber}` +
          (result.droppedFields?.length ? ` (not overridable, left out: ${result.droppedFields.join(', ')})` : ''),
      ];
    default:
      return [
        `${head}: ${result.outcome.toUpperCase()}: ${result.message ?? ''}`,
        ...(result.issues ?? []).map((issue) => `  - ${issue.path}: ${issue.message}`),
      ];
  }
}

function summary(report: MigrationReport): string {
  const count = (outcome: MigrationResult['outcome']) =>
    report.results.filter((result) => result.outcome === outcome).length;
  return report.dryRun
    ? `Dry run ("${report.changeMessage}"): ${count('would-save')} agent(s) would get a new version, ${count('unchanged')} unchanged, ${count('invalid')} invalid. Nothing was written; add --apply to save.`
    : `"${report.changeMessage}": ${count('saved')} agent(s) saved, ${count('unchanged')} unchanged, ${count('conflict')} conflict(s), ${count('invalid') + count('refused')} refused.`;
}

export function registerMigrateCommand(parent: Command, cli: CliContext) {
  parent
    .command('migrate')
    .description('run a migration script over every agent: a dry run with a diff per agent, or --apply')
    .argument('<script>', 'a .ts or .js file exporting ({ agents, client, dryRun }) => ...')
    .option('--apply', 'save the changes (one new version per changed agent)')
    .option('--agent <id...>', 'only these agents (repeatable)')
    .option('-m, --message <text>', "the versions' change message (default: the script's changeMessage)")
    .option('--json', 'print the report as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  agent-studio migrate examples/migrations/rename-tool.ts\n  agent-studio migrate examples/migrations/rename-tool.ts --apply',
    )
    .action(
      async (
        script: string,
        options: { apply?: boolean; agent?: string[]; message?: string; json?: boolean },
        command: Command,
      ) => {
        // Loaded here: the snapshot schema it checks drafts with is not needed by other commands.
        const { loadMigrationScript, runMigration } = await import('../../migrations');
        const migration = await loadMigrationScript(script);
        let progress: Progress | undefined;
        const report = await runMigration({
          client: cli.connect(command),
          migration,
          apply: options.apply === true,
          agentIds: options.agent,
          changeMessage: options.message,
          progress: {
            reading: (total) => (progress = startProgress(cli.io, { label: 'Reading agents', total })),
            read: (id) => progress?.tick(id),
            saving: (total) => {
              progress?.done();
              progress = startProgress(cli.io, { label: 'Saving', total });
            },
            saved: (id) => progress?.tick(id),
          },
        }).finally(() => progress?.done());
        if (options.json) printJson(cli.io, report);
        else cli.io.stdout([...report.results.flatMap(describeResult), summary(report)].join('\n'));
        const failed = report.results.filter((result) => ['conflict', 'invalid', 'refused'].includes(result.outcome));
        if (failed.length > 0)
          throw new CliError(
            failed
              .map((result) =>
                result.outcome === 'conflict'
                  ? `${result.id}: changed since version ${result.baseVersionNumber} was read; not overwritten (run the migration again)`
                  : `${result.id}: ${result.message ?? result.outcome}`,
              )
              .join('\n'),
          );
      },
    );
}
