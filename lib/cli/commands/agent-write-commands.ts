/**
 * `agent create | save | delete`: writing agents through the API (and so through the same editor
 * service as the web editor), so a migration can be written with the CLI alone. `save` carries the
 * version the change was based on, as the API does: a save after someone else's is refused with
 * the fields they changed, never written over them.
 */
import type { Command } from 'commander';
import type { OperationInput, OperationOutput, StudioClient } from '../../client';
import { positiveInteger, readJsonFile } from '../arguments';
import type { CliContext } from '../context';
import { CliError, printJson } from '../io';

type CreateBody = OperationInput<'createAgent'>['body'];
type SaveBody = OperationInput<'updateAgent'>['body'];

interface CreateOptions {
  id?: string;
  name?: string;
  model?: string;
  instructions?: string;
  description?: string;
  message?: string;
  json?: boolean;
}

/** A JSON file that must hold an object (the fields of a body), named in the error when it does not. */
function readObjectFile(file: string, what: string): Record<string, unknown> {
  const value = readJsonFile(file, what);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new CliError(`The ${what} ${file} must hold a JSON object of agent fields.`);
  return value as Record<string, unknown>;
}

/** The create body: the file's fields, then the flags given (a flag wins over the file). */
function createBody(file: string | undefined, options: CreateOptions): CreateBody {
  const fromFile = file === undefined ? {} : readObjectFile(file, 'agent file');
  const flags = Object.fromEntries(
    Object.entries({
      id: options.id,
      name: options.name,
      model: options.model,
      instructions: options.instructions,
      description: options.description,
      changeMessage: options.message,
    }).filter(([, value]) => value !== undefined),
  );
  const body = { ...fromFile, ...flags };
  if (typeof body.id !== 'string')
    throw new CliError('Give the agent id with --id or as "id" in the file (e.g. agent create agent.json).');
  return body as CreateBody;
}

/**
 * `--base-version <n>`, or `latest` to take whatever is the latest now (no conflict check), or the
 * file's own `baseVersionNumber`.
 */
function baseVersion(option: string | undefined, fromFile: unknown): number | 'latest' {
  if (option === 'latest') return 'latest';
  if (option !== undefined) return positiveIntegerOption(option, '--base-version');
  if (typeof fromFile === 'number') return fromFile;
  throw new CliError(
    'Give the version your change is based on: --base-version <n> (refused if someone saved since), ' +
      'or --base-version latest to save over whatever is the latest.',
  );
}

function positiveIntegerOption(value: string, name: string): number {
  try {
    return positiveInteger(value);
  } catch {
    throw new CliError(`${name} is a version number (1, 2, ...) or "latest", not "${value}".`);
  }
}

/** The latest version number now, for `--base-version latest`. */
async function latestVersionNumber(client: StudioClient, id: string): Promise<number> {
  const { agent } = await client.getAgent({ params: { id }, query: {} });
  if (agent.status === 'code_only')
    throw new CliError(`${id} is a code agent with no stored overrides yet: create them first.`);
  return agent.latestVersionNumber;
}

type SaveAnswer = OperationOutput<'updateAgent'>;

function describeSave(id: string, answer: SaveAnswer): string[] {
  const { version } = answer;
  const lines = answer.created
    ? [
        `Saved version ${version.versionNumber} of ${id} (changed: ${version.changedFields.join(', ')}); ` +
          `unpublished until \`agent-studio agent publish ${id} ${version.versionNumber}\`.`,
      ]
    : [`Nothing changed: version ${version.versionNumber} of ${id} already has these fields.`];
  if (answer.droppedFields.length > 0)
    lines.push(`Not editable on this code agent, left out: ${answer.droppedFields.join(', ')}.`);
  return lines;
}

export function registerAgentWriteCommands(agent: Command, cli: CliContext) {
  agent
    .command('create')
    .description('create a stored agent (version 1, unpublished) from a JSON file and/or flags')
    .argument('[file]', 'a JSON object with the fields of POST /api/agents (id, name, model, instructions, tools, ...)')
    .option('--id <id>', 'the agent id (a-z 0-9 _ -)')
    .option('--name <name>', 'its name')
    .option('--model <provider/model>', 'e.g. openai/gpt-4o-mini')
    .option('--instructions <text>', 'its instructions')
    .option('--description <text>', 'a description')
    .option('-m, --message <text>', 'the change message of version 1')
    .option('--json', 'print { agent, version } as JSON')
    .addHelpText(
      'after',
      '\nExample:\n  agent-studio agent create agent.json\n  agent-studio agent create --id support --name Support --model openai/gpt-4o-mini --instructions "Help."',
    )
    .action(async (file: string | undefined, options: CreateOptions, command: Command) => {
      const answer = await cli.connect(command).createAgent({ body: createBody(file, options) });
      if (options.json) return printJson(cli.io, answer);
      cli.io.stdout(
        `Created ${answer.agent.id} at version ${answer.version?.versionNumber ?? 1} (unpublished: agent-studio agent publish ${answer.agent.id} 1).`,
      );
    });

  agent
    .command('save')
    .description('save a new version from a JSON file of the fields to change (never publishes)')
    .argument('<id>', 'the agent id')
    .argument('<file>', 'a JSON object of snapshot fields (instructions, tools, ...); null clears a field')
    .option('--base-version <n|latest>', 'the version the change is based on (refused with 409 if someone saved since)')
    .option('-m, --message <text>', 'the change message')
    .option('--json', 'print { created, version, droppedFields } as JSON')
    .action(
      async (
        id: string,
        file: string,
        options: { baseVersion?: string; message?: string; json?: boolean },
        command: Command,
      ) => {
        const { baseVersionNumber, ...fields } = readObjectFile(file, 'fields file');
        const base = baseVersion(options.baseVersion, baseVersionNumber);
        const client = cli.connect(command);
        const baseNumber = base === 'latest' ? await latestVersionNumber(client, id) : base;
        const body = {
          ...fields,
          baseVersionNumber: baseNumber,
          changeMessage: options.message ?? fields.changeMessage,
        } as SaveBody;
        const answer = await client.updateAgent({ params: { id }, body });
        if (options.json) return printJson(cli.io, answer);
        cli.io.stdout(describeSave(id, answer).join('\n'));
      },
    );

  agent
    .command('delete')
    .description('delete a stored agent (or a code agent’s overrides) with every version and label')
    .argument('<id>', 'the agent id')
    .option('--yes', 'confirm: nothing is deleted without it')
    .action(async (id: string, options: { yes?: boolean }, command: Command) => {
      if (!options.yes)
        throw new CliError(
          `Deleting ${id} removes every version and label of it. Run again with --yes to confirm (agent export ${id} --all-versions first keeps a copy).`,
        );
      await cli.connect(command).deleteAgent({ params: { id } });
      cli.io.stdout(`Deleted ${id} with its versions and labels.`);
    });
}
