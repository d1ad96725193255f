/**
 * `export --all` and `import --all <file>`: the whole deployment as one backup file. Secrets are
 * sealed with a passphrase (`--passphrase-file`, or STUDIO_BACKUP_PASSPHRASE) or left out
 * (`--without-secrets`); never on the command line, where the process list would show it. An
 * import onto a deployment that holds something else (another published version, a label on
 * another version) is refused, exit 1, until `--prefer backup|target` says which side wins.
 * docs/deployment-backup.md.
 */
import type { Command } from 'commander';
import { StudioApiError, type OperationOutput } from '../../client';
import { cliEnvironment } from '../../env';
import { readJsonFile, readPassphrase, writeJson } from '../arguments';
import type { CliContext } from '../context';
import { CliError, printJson } from '../io';
import { startProgress } from '../progress';
import { numberRanges } from '../text';

type ImportResult = OperationOutput<'importDeployment'>;

type Preference = 'backup' | 'target';

const entityNames = { agent: 'agent', mcp_client: 'saved MCP client', integration: 'integration' } as const;

const preferHint =
  'Say which side wins: --prefer backup (make this deployment match the backup) or --prefer target (keep what it has).';

function describeChange(change: ImportResult['changes'][number]): string[] {
  const parts = [
    change.versionNumbers.length ? `versions ${numberRanges(change.versionNumbers)}` : '',
    change.labels.length ? `labels ${change.labels.join(', ')}` : '',
    change.labelsMoved.length ? `move labels ${change.labelsMoved.join(', ')}` : '',
    change.publishedVersionNumber !== null ? `publish version ${change.publishedVersionNumber}` : '',
    change.unpublishes ? 'unpublish' : '',
  ].filter(Boolean);
  const verb = { create: 'create', update: 'update', unchanged: 'unchanged' }[change.action];
  return [
    `${verb.padEnd(9)} ${entityNames[change.entity]} ${change.id}${parts.length ? ` (${parts.join('; ')})` : ''}`,
    ...change.replaced.map((note) => `          replaced: ${note}`),
    ...change.kept.map((note) => `          kept: ${note}`),
  ];
}

function describeImport(result: ImportResult): string[] {
  const refused = result.conflicts.length > 0;
  const lines = !result.dryRun
    ? []
    : refused
      ? [
          `Dry run: nothing was written. An import would be refused for the ${result.conflicts.length} conflict(s) below; ` +
            'the rest of the backup compares with this deployment as follows:',
        ]
      : ['Dry run: nothing was written. An import would do this:'];
  for (const change of result.changes) lines.push(...describeChange(change));
  const { created, updated, unchanged } = result.summary;
  lines.push(`${created} created, ${updated} updated, ${unchanged} unchanged.`);
  if (result.upgradedFrom !== null) lines.push(`Snapshots upgraded from schemaVersion ${result.upgradedFrom}.`);
  if (result.secretsLeftOut.length > 0)
    lines.push('Secrets left out (set them again):', ...result.secretsLeftOut.map((path) => `  ${path}`));
  const verified = result.verification;
  if (verified) {
    lines.push(
      `Verified: ${verified.agents} agent(s) with ${verified.agentVersions} version(s) and ${verified.agentLabels} label(s), ` +
        `${verified.mcpClients} saved MCP client(s) with ${verified.mcpClientVersions} version(s), ${verified.integrations} integration(s); ` +
        `${verified.configHashesChecked} config hashes match the backup, published versions and labels included.`,
    );
    if (verified.differencesKept > 0)
      lines.push(
        `The target differs from the backup in ${verified.differencesKept} way(s), ` +
          (result.prefer === 'target' ? 'kept by --prefer target.' : 'which the backup cannot settle (kept: above).'),
      );
  }
  return lines;
}

/** Exit 1 when an import is (or, in a dry run, would be) refused: conflicts, or differences with no --prefer. */
function refusal(result: ImportResult): CliError | undefined {
  if (result.conflicts.length > 0)
    return new CliError(
      [
        `${result.conflicts.length} conflict(s): an import would be refused.`,
        ...result.conflicts.map((conflict) => `- ${conflict.path}: ${conflict.message}`),
      ].join('\n'),
    );
  if (result.differences.length > 0 && result.prefer === null)
    return differencesError(result.differences, 'an import without --prefer would be refused.');
  return undefined;
}

function differencesError(differences: Array<{ path: string; message: string }>, outcome: string): CliError {
  return new CliError(
    [
      `${differences.length} difference(s) between this deployment and the backup: ${outcome}`,
      ...differences.map((difference) => `- ${difference.path}: ${difference.message}`),
      preferHint,
    ].join('\n'),
  );
}

function parsePreference(value: string | undefined): Preference | undefined {
  if (value === undefined || value === 'backup' || value === 'target') return value;
  throw new CliError(`--prefer is "backup" or "target", not "${value}".`);
}

/** The server's refusal of differences, phrased with the CLI's option. */
function importFailure(error: unknown): unknown {
  const differences = error instanceof StudioApiError ? error.details?.differences : undefined;
  if (!Array.isArray(differences)) return error;
  return differencesError(differences as Array<{ path: string; message: string }>, 'nothing was imported.');
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
    .option(
      '--prefer <side>',
      'where this deployment differs from the backup: "backup" makes it match the backup, "target" keeps what it has',
    )
    .option('--json', 'print the answer as JSON')
    .action(
      async (
        file: string,
        options: {
          all?: boolean;
          dryRun?: boolean;
          passphraseFile?: string;
          withoutSecrets?: boolean;
          prefer?: string;
          json?: boolean;
        },
        command: Command,
      ) => {
        requireAll(options.all, 'agent-studio import --all backup.json');
        const prefer = parsePreference(options.prefer);
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
              passphrase: passphrase || undefined,
              withoutSecrets: options.withoutSecrets ? true : undefined,
              prefer,
            },
          });
        } catch (error) {
          throw importFailure(error);
        } finally {
          progress.done();
        }
        if (options.json) printJson(cli.io, result);
        else cli.io.stdout(describeImport(result).join('\n'));
        const refused = refusal(result);
        if (refused) throw refused;
      },
    );
}
