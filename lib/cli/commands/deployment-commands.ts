/**
 * `export --all` and `import --all <file>`: the whole deployment as one backup file. Secrets are
 * sealed with a passphrase (`--passphrase-file`, or STUDIO_BACKUP_PASSPHRASE) or left out
 * (`--without-secrets`); never on the command line, where the process list would show it.
 * docs/deployment-backup.md.
 */
import type { Command } from 'commander';
import type { OperationOutput } from '../../client';
import { cliEnvironment } from '../../env';
import { readJsonFile, readPassphrase, writeJson } from '../arguments';
import type { CliContext } from '../context';
import { CliError, printJson } from '../io';
import { startProgress } from '../progress';
import { numberRanges } from '../text';

type ImportResult = OperationOutput<'importDeployment'>;

const entityNames = { agent: 'agent', mcp_client: 'saved MCP client', integration: 'integration' } as const;

function describeImport(result: ImportResult): string[] {
  const lines = result.dryRun ? ['Dry run: nothing was written. An import would do this:'] : [];
  for (const change of result.changes) {
    const parts = [
      change.versionNumbers.length ? `versions ${numberRanges(change.versionNumbers)}` : '',
      change.labels.length ? `labels ${change.labels.join(', ')}` : '',
      change.publishedVersionNumber !== null ? `publish version ${change.publishedVersionNumber}` : '',
    ].filter(Boolean);
    const verb = { create: 'create', update: 'update', unchanged: 'unchanged' }[change.action];
    lines.push(
      `${verb.padEnd(9)} ${entityNames[change.entity]} ${change.id}${parts.length ? ` (${parts.join('; ')})` : ''}`,
    );
    for (const note of change.kept) lines.push(`          kept: ${note}`);
  }
  const { created, updated, unchanged } = result.summary;
  lines.push(`${created} created, ${updated} updated, ${unchanged} unchanged.`);
  if (result.upgradedFrom !== null) lines.push(`Snapshots upgraded from schemaVersion ${result.upgradedFrom}.`);
  if (result.secretsLeftOut.length > 0)
    lines.push('Secrets left out (set them again):', ...result.secretsLeftOut.map((path) => `  ${path}`));
  const verified = result.verification;
  if (verified)
    lines.push(
      `Verified: ${verified.agents} agent(s) with ${verified.agentVersions} version(s) and ${verified.agentLabels} label(s), ` +
        `${verified.mcpClients} saved MCP client(s) with ${verified.mcpClientVersions} version(s), ${verified.integrations} integration(s); ` +
        `${verified.configHashesChecked} config hashes match the backup.`,
    );
  return lines;
}

function requireAll(all: boolean | undefined, usage: string) {
  if (!all) throw new CliError(`Give --all for the whole deployment (${usage}).`);
}

export function registerDeploymentCommands(parent: Command, cli: CliContext) {
  const passphraseHelp = 'read the backup passphrase from the first line of this file (or STUDIO_BACKUP_PASSPHRASE)';

  parent
    .command('export')
    .description('back up the whole deployment: every agent, saved MCP client and integration')
    .option('--all', 'everything (required: one agent is `agent export <id>`)')
    .option('--passphrase-file <file>', passphraseHelp)
    .option('--without-secrets', 'leave every secret out (MCP client env values, integration credentials)')
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .addHelpText(
      'after',
      '\nExample:\n  agent-studio export --all --passphrase-file ~/.studio-passphrase > backup.json',
    )
    .action(
      async (
        options: { all?: boolean; passphraseFile?: string; withoutSecrets?: boolean; output?: string },
        command: Command,
      ) => {
        requireAll(options.all, 'agent-studio export --all > backup.json');
        const passphrase = options.withoutSecrets
          ? undefined
          : readPassphrase({
              file: options.passphraseFile,
              fromEnvironment: cliEnvironment(cli.environment).backupPassphrase,
            });
        const progress = startProgress(cli.io, { label: 'Exporting the deployment…' });
        try {
          const backup = await cli.connect(command).exportDeployment({
            body: options.withoutSecrets ? { withoutSecrets: true } : passphrase ? { passphrase } : {},
          });
          progress.done();
          writeJson({ io: cli.io, value: backup, output: options.output });
          const { counts } = backup;
          cli.io.stderr(
            `Exported ${counts.agents} agent(s) with ${counts.agentVersions} version(s), ${counts.mcpClients} saved MCP client(s), ` +
              `${counts.integrations} integration(s); secrets ${backup.secrets.mode === 'sealed' ? 'sealed with the passphrase' : 'left out'}.`,
          );
        } finally {
          progress.done();
        }
      },
    );

  parent
    .command('import')
    .description('restore a backup: add what this deployment lacks, in one transaction, verified')
    .argument('<file>', 'the backup file (from `export --all`)')
    .option('--all', 'a whole-deployment backup (required: one agent is `agent import <file>`)')
    .option('--dry-run', 'list what would change, writing nothing')
    .option('--passphrase-file <file>', passphraseHelp)
    .option('--without-secrets', 'import without the secrets even if the backup holds them')
    .option('--json', 'print the answer as JSON')
    .action(
      async (
        file: string,
        options: { all?: boolean; dryRun?: boolean; passphraseFile?: string; withoutSecrets?: boolean; json?: boolean },
        command: Command,
      ) => {
        requireAll(options.all, 'agent-studio import --all backup.json');
        const backup = readJsonFile(file, 'backup');
        const passphrase = options.withoutSecrets
          ? undefined
          : readPassphrase({
              file: options.passphraseFile,
              fromEnvironment: cliEnvironment(cli.environment).backupPassphrase,
            });
        const progress = startProgress(cli.io, { label: options.dryRun ? 'Checking the backup…' : 'Importing…' });
        let result: ImportResult;
        try {
          result = await cli.connect(command).importDeployment({
            query: options.dryRun ? { dryRun: 'true' } : {},
            body: {
              backup,
              ...(passphrase ? { passphrase } : {}),
              ...(options.withoutSecrets ? { withoutSecrets: true } : {}),
            },
          });
        } finally {
          progress.done();
        }
        if (options.json) printJson(cli.io, result);
        else cli.io.stdout(describeImport(result).join('\n'));
        if (result.conflicts.length > 0)
          throw new CliError(
            [
              `${result.conflicts.length} conflict(s): an import would be refused.`,
              ...result.conflicts.map((conflict) => `- ${conflict.path}: ${conflict.message}`),
            ].join('\n'),
          );
      },
    );
}
