/**
 * The `agent-studio` command tree (commander): every command has `--help`; reads take `--json`;
 * `agent-studio api <command>` is an alias of `agent-studio <command>`. Commands that talk to a
 * server use `--url` / STUDIO_URL and `--key` / STUDIO_API_KEY; `db` commands open the database.
 */
import { Command } from 'commander';
import { studioVersion } from '../version';
import { registerAgentRunCommand } from './agent-run';
import { registerAgentCommands } from './commands/agent-commands';
import { registerAgentLintCommand } from './commands/agent-lint-command';
import { registerAgentTestCommand } from './commands/agent-test-command';
import { registerAgentTransferCommands } from './commands/agent-transfer-commands';
import { registerAgentWriteCommands } from './commands/agent-write-commands';
import { registerAuditCommands } from './commands/audit-commands';
import { registerCompletionCommand } from './commands/completion-command';
import { registerDbCommands } from './commands/db-commands';
import { registerDeploymentCommands } from './commands/deployment-commands';
import { registerLabelCommands } from './commands/label-commands';
import { registerTestCaseCommands } from './commands/test-case-commands';
import { registerMcpClientCommands } from './commands/mcp-client-commands';
import { registerMigrateCommand } from './commands/migrate-command';
import { registerRunCommands } from './commands/run-commands';
import { registerToolCommands } from './commands/tool-commands';
import type { CliContext } from './context';

const serverCommands = ['agent', 'mcp-client', 'tool', 'run', 'audit', 'export', 'import', 'migrate'];

/**
 * Options are positional (a command's own options after its name, the program's before it), so
 * `agent show x --version 2` is a version number, not the program's `--version`. Every command
 * that talks to a server therefore takes `--url` and `--key` itself, wherever they are written.
 */
function addConnectionOptions(command: Command) {
  if (command.commands.length > 0) return command.commands.forEach(addConnectionOptions);
  command
    .option('--url <url>', 'the server (default: STUDIO_URL, else http://localhost:3000)')
    .option('--key <key>', 'an API key (default: STUDIO_API_KEY)');
}

/** The commands that work through a server's API (also under `api`). */
function registerServerCommands(parent: Command, cli: CliContext) {
  const agent = parent
    .command('agent')
    .description('versioned agents: read, compare, publish, label, move between studios');
  registerAgentCommands(agent, cli);
  registerAgentWriteCommands(agent, cli);
  registerAgentTransferCommands(agent, cli);
  registerAgentLintCommand(agent, cli);
  registerAgentTestCommand(agent, cli);
  registerLabelCommands(agent, cli);
  registerTestCaseCommands(agent, cli);
  registerAgentRunCommand(agent, cli);
  registerMcpClientCommands(parent, cli);
  registerToolCommands(parent, cli);
  registerRunCommands(parent, cli);
  registerAuditCommands(parent, cli);
  registerDeploymentCommands(parent, cli);
  registerMigrateCommand(parent, cli);
  for (const command of parent.commands) if (serverCommands.includes(command.name())) addConnectionOptions(command);
}

export function buildProgram(cli: CliContext): Command {
  const program = new Command('agent-studio')
    .description('Agent Studio from the command line: agents, versions, tools, backups and migrations.')
    .version(studioVersion, '-V, --version', 'print the version')
    .option('--url <url>', 'the server (default: STUDIO_URL, else http://localhost:3000)')
    .option('--key <key>', 'an API key (default: STUDIO_API_KEY)')
    .enablePositionalOptions()
    .helpCommand(true)
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({
      writeOut: (text) => cli.io.stdout(text),
      writeErr: (text) => cli.io.stderr(text),
      outputError: (text, write) => write(text),
    })
    .exitOverride();
  program.addHelpText(
    'after',
    `
Exit codes: 0 ok, 1 bad input or a refusal (problems on stderr), 2 server unreachable, 3 not authorised.
Start a server with \`npm start\`. Shell completion: agent-studio completion bash|zsh.`,
  );

  registerServerCommands(program, cli);
  registerDbCommands(program, cli);
  const api = program.command('api').description('the same commands, e.g. `agent-studio api tool list` (an alias)');
  registerServerCommands(api, cli);
  registerCompletionCommand(program, cli);
  return program;
}
