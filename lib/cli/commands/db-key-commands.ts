/**
 * `db key create`: an API key made on the database directly, for the first deployment script or
 * when no admin can sign in. The key is printed once, alone on stdout (so `$(...)` captures just
 * the key); what it is and how to send it goes to stderr.
 */
import type { Command } from 'commander';
import type { CreatedApiKey } from '../../auth';
import { isStudioError, issuesFromZod, type Issue, type StudioError } from '../../errors';
import type { CliContext } from '../context';
import { withConfiguredStorage } from '../database';
import { CliError, printJson } from '../io';

interface KeyCreateOptions {
  name: string;
  scope: string;
  expiresAt?: string;
  json?: boolean;
}

/** The option each field of the key input comes from, so problems name what to change. */
const optionOfField: Record<string, string> = { name: '--name', scope: '--scope', expiresAt: '--expires-at' };

function notCreated(issues: Issue[]): CliError {
  const lines = issues.map((issue) => `- ${optionOfField[issue.path] ?? issue.path}: ${issue.message}`);
  return new CliError(['The key was not created:', ...lines].join('\n'));
}

function asCliError(error: StudioError): CliError {
  const issues = error.details?.issues;
  return Array.isArray(issues) ? notCreated(issues as Issue[]) : new CliError(error.message);
}

function printCreatedKey(cli: CliContext, created: CreatedApiKey) {
  cli.io.stdout(created.key);
  const expiry = created.expiresAt ? `, expires ${created.expiresAt}` : '';
  cli.io.stderr(
    [
      `Created the ${created.scope} key "${created.name}" (${created.prefix}…${expiry}).`,
      'It is shown only now: store it somewhere safe.',
      'Send it as `Authorization: Bearer <key>`, or give it to this CLI with --key or STUDIO_API_KEY.',
    ].join('\n'),
  );
}

async function createKey(cli: CliContext, options: KeyCreateOptions) {
  const { createApiKeys } = await import('../../auth');
  const { createApiKeyInput } = await import('../../schemas');
  const input = { name: options.name, scope: options.scope, expiresAt: options.expiresAt };
  // Checked before the database is opened (or created): bad input changes nothing.
  const parsed = createApiKeyInput.safeParse(input);
  if (!parsed.success) throw notCreated(issuesFromZod(parsed.error));
  const created = await withConfiguredStorage(cli, async (storage) => {
    const apiKeys = createApiKeys({ storage });
    try {
      return await apiKeys.create({ ...parsed.data, createdBy: 'cli' });
    } catch (error) {
      // The service checks more than the schema does (an expiry in the past).
      if (isStudioError(error) && error.code === 'invalid_input') throw asCliError(error);
      throw error;
    } finally {
      await apiKeys.close();
    }
  });
  if (options.json) printJson(cli.io, created);
  else printCreatedKey(cli, created);
}

export function registerDbKeyCommands(db: Command, cli: CliContext) {
  const key = db.command('key').description('API keys, made without a server');
  key
    .command('create')
    .description('create an API key and print it once')
    .requiredOption('--name <name>', 'what the key is for (shown in lists and the audit log)')
    .requiredOption('--scope <scope>', 'runtime, editor or admin')
    .option('--expires-at <iso>', 'when the key stops working, e.g. 2030-01-01T00:00:00Z (default: never)')
    .option('--json', 'print the created key as JSON, as POST /api/keys answers')
    .action((options: KeyCreateOptions) => createKey(cli, options));
}
