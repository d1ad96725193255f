/**
 * The `agent-studio` command line. `agent-studio api <group> ...` is an alias of
 * `agent-studio <group> ...`. Commands that talk to a server use `--url` / STUDIO_URL.
 */
import { parseArgs } from 'node:util';
import { cliEnvironment, processEnvironment, SettingsError, settingsFromEnvironment } from '../env';
import type { StudioOptions } from '../index';
import type { CommandHandler } from './command';
import { runDbMigrate, runDbSeed, unknownCommand } from './db-commands';
import { createApiClient } from './http-client';
import { CliError, exitCodes, processIo, type CliIo } from './io';
import { agentRunCommand } from './agent-run';
import { registerToolCommands } from './tool-commands';

export const usage = `Usage: agent-studio [api] <command>

  db migrate                      apply pending database migrations (no server needed)
  db seed                         create the demo agent in an empty database (no server needed)
  tool list [--json]              list registered tools
  tool show <id>                  show one tool with its schemas
  tool execute <id> '<json>' [--context '<json>']
                                  run a tool and print its output as JSON
  tool execute <id> --schema      print { inputSchema, outputSchema }
  agent run <id> --prompt '<text>' [--context '<json>']
                                  run the published version, printing text and tool calls as they stream

Options: --url <server> (or STUDIO_URL, default http://localhost:3000), --key <api key> (or STUDIO_API_KEY)`;

export type { CommandHandler, CommandInput } from './command';

/** Command groups register here: `commands['tool execute']`. */
export const commands: Record<string, CommandHandler> = {};

export function registerCommand(name: string, handler: CommandHandler) {
  commands[name] = handler;
}

registerToolCommands(registerCommand);
registerCommand('agent run', agentRunCommand);

export async function runCli(
  argv: string[],
  {
    io = processIo,
    environment = processEnvironment(),
    studioOptions = {},
  }: {
    io?: CliIo;
    environment?: Record<string, string | undefined>;
    /** The options of studio.config.ts, for the commands that open the database themselves. */
    studioOptions?: StudioOptions;
  } = {},
): Promise<number> {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: 'string' },
        key: { type: 'string' },
        context: { type: 'string' },
        prompt: { type: 'string' },
        schema: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const words = positionals[0] === 'api' ? positionals.slice(1) : positionals;
    if (values.help || words.length === 0) {
      io.stdout(usage);
      return words.length === 0 && !values.help ? exitCodes.badInput : exitCodes.ok;
    }
    const [group, action, ...rest] = words;
    if (group === 'db' && action === 'migrate') {
      return runDbMigrate({ settings: settingsFromEnvironment(environment, studioOptions.settings), io });
    }
    if (group === 'db' && action === 'seed') {
      return await runDbSeed({
        settings: settingsFromEnvironment(environment, studioOptions.settings),
        io,
        studioOptions,
      });
    }
    const handler = commands[`${group} ${action}`];
    if (!handler) unknownCommand(words, usage);
    const connection = cliEnvironment(environment);
    return await handler({
      positionals: rest,
      values,
      io,
      client: () => createApiClient({ url: values.url ?? connection.url, apiKey: values.key ?? connection.apiKey }),
    });
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(error.message);
      return error.exitCode;
    }
    if (error instanceof SettingsError) {
      io.stderr(error.message);
      return exitCodes.badInput;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`${error.message}\n\n${usage}`);
      return exitCodes.badInput;
    }
    io.stderr(`Unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    return 70;
  }
}
