/**
 * `db user create`: a user added on the database directly (the first admin of a deployment, or a
 * way back in when no admin can sign in). The password is read from stdin, never from an argument
 * that the process list and shell history would show.
 */
import type { Command } from 'commander';
import type { Storage } from '../../../db/storage';
import type { Role } from '../../auth';
import type { Settings } from '../../env';
import type { CliContext } from '../context';
import { withConfiguredStorage } from '../database';
import { CliError, printJson } from '../io';
import { blankPasswordMessage, isBlankPassword, minimumPasswordLength } from '../../auth/password-rules';
import { errorMessage } from '../../errors';

interface UserCreateOptions {
  email: string;
  role: string;
  name?: string;
  passwordStdin: true;
  json?: boolean;
}

interface NewUser {
  email: string;
  name: string;
  role: Role;
  password: string;
}

async function readPassword(cli: CliContext): Promise<string> {
  if (!cli.io.readStdin) throw new CliError('This command line has no stdin to read the password from.');
  // `echo "$PASSWORD" | ...` adds a newline that is not part of the password.
  const password = (await cli.io.readStdin()).replace(/\r?\n$/, '');
  if (password.length < minimumPasswordLength)
    throw new CliError(`The password is too short: it needs at least ${minimumPasswordLength} characters.`);
  if (isBlankPassword(password)) throw new CliError(`${blankPasswordMessage}.`);
  return password;
}

async function newUserFrom(cli: CliContext, options: UserCreateOptions): Promise<NewUser> {
  const { isRole, roles } = await import('../../auth');
  const email = options.email.trim();
  if (!isRole(options.role)) throw new CliError(`--role is one of ${roles.join(', ')}.`);
  const name = options.name?.trim() || email.split('@')[0] || email;
  return { email, name, role: options.role, password: await readPassword(cli) };
}

/**
 * What the sign-in library refused, said plainly (it throws its own API errors). An address in use
 * comes as the studio's `conflict`, whose message the CLI prints as it is.
 */
async function refusal(error: unknown): Promise<CliError | undefined> {
  const { isAPIError } = await import('better-auth/api');
  if (!isAPIError(error)) return undefined;
  return new CliError(`The user was not created: ${error.message}`);
}

/** The key a server on this database uses (sign-in derives its cookie secret from it). */
async function secretsKeyOf(storage: Storage, settings: Settings) {
  const { resolveSecretsKey } = await import('../../secrets');
  try {
    return resolveSecretsKey({
      secretsKey: settings.secretsKey,
      databaseLocation: storage.fileLocation,
      mode: settings.mode,
    });
  } catch (error) {
    // No key configured where one is required (production, PostgreSQL): the message says which.
    throw new CliError(errorMessage(error));
  }
}

async function createUser(cli: CliContext, options: UserCreateOptions) {
  const user = await newUserFrom(cli, options);
  const { createSignIn } = await import('../../auth/sign-in');
  const created = await withConfiguredStorage(cli, async (storage, settings) => {
    const signIn = await createSignIn({
      storage,
      secretsKey: await secretsKeyOf(storage, settings),
      secureCookies: settings.publicUrl?.startsWith('https:') ?? false,
      publicUrl: settings.publicUrl,
    });
    const { recordUserAudit } = await import('../../auth/account-audit');
    let added;
    try {
      added = await signIn.createUser(user);
    } catch (error) {
      throw (await refusal(error)) ?? error;
    }
    const { id, email, role } = added;
    await recordUserAudit(storage, {
      at: new Date(),
      actor: 'cli',
      action: 'user.create',
      email,
      details: { id, email, role, disabled: false },
    });
    return added;
  });
  if (options.json) printJson(cli.io, created);
  else cli.io.stdout(`Created ${created.role} ${created.email}`);
}

export function registerDbUserCommands(db: Command, cli: CliContext) {
  const user = db.command('user').description('users who sign in to the editor, added without a server');
  user
    .command('create')
    .description('add a user who signs in with email and password')
    .requiredOption('--email <email>', 'the address they sign in with')
    .requiredOption('--role <role>', 'admin, editor or viewer')
    .option('--name <name>', 'the name shown in the editor (default: the part of the email before @)')
    .requiredOption('--password-stdin', `read the password (at least ${minimumPasswordLength} characters) from stdin`)
    .option('--json', 'print { id, email, name, role } as JSON')
    .action((options: UserCreateOptions) => createUser(cli, options));
}
