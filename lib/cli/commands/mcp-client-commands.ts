/** `mcp-client list | show | test`: saved MCP client connections (secrets always masked). */
import type { Command } from 'commander';
import { positiveInteger } from '../arguments';
import type { CliContext } from '../context';
import { CliError, parseContextArgument, printJson } from '../io';
import { addListCommand } from '../listing';
import { firstLine, table } from '../text';

type ServerConfig = { type?: string; command?: string; args?: string[]; url?: string; env?: Record<string, string> };

function describeServer(name: string, server: ServerConfig): string {
  if (server.type === 'stdio') {
    const env = Object.keys(server.env ?? {});
    return `  ${name}: stdio ${[server.command, ...(server.args ?? [])].join(' ')}${env.length ? ` (env: ${env.join(', ')})` : ''}`;
  }
  return `  ${name}: http ${server.url ?? ''}`;
}

export function registerMcpClientCommands(parent: Command, cli: CliContext) {
  const mcpClient = parent.command('mcp-client').description('saved MCP client connections');

  addListCommand(mcpClient, cli, {
    description: 'list saved MCP clients',
    fetchPage: (client, page) => client.listMcpClients({ query: page }),
    whenEmpty: 'No saved MCP clients yet.',
    header: ['ID', 'LATEST', 'SERVERS', 'NAME'],
    row: (item) => [item.id, String(item.latestVersionNumber), item.servers.join(','), firstLine(item.name)],
  });

  mcpClient
    .command('show')
    .description('show a saved client (default: its latest version); env values are masked')
    .argument('<id>', 'the client id')
    .option('--version <n>', 'a version number', positiveInteger)
    .option('--json', 'print { client, version } as JSON')
    .action(async (id: string, options: { version?: number; json?: boolean }, command: Command) => {
      const answer = await cli.connect(command).getMcpClient({
        params: { id },
        query: options.version === undefined ? {} : { versionNumber: options.version },
      });
      if (options.json) return printJson(cli.io, answer);
      const { version } = answer;
      cli.io.stdout(
        [
          `${id}: ${version.name} (version ${version.versionNumber} of ${answer.client.latestVersionNumber})`,
          ...(answer.client.approval === 'needs_approval'
            ? ['NEEDS APPROVAL: its stdio servers arrived by import and start only once an admin approves them']
            : []),
          ...(version.description ? [version.description] : []),
          'servers:',
          ...Object.entries(version.servers).map(([name, server]) => describeServer(name, server as ServerConfig)),
        ].join('\n'),
      );
    });

  mcpClient
    .command('test')
    .description('connect every server of the latest version and list its tools (exit 1 if one fails)')
    .argument('<id>', 'the client id')
    .option('--context <json>', 'a request context (only mastra__authToken is used, for HTTP servers)')
    .option('--json', 'print the report as JSON')
    .action(async (id: string, options: { context?: string; json?: boolean }, command: Command) => {
      const requestContext = parseContextArgument(options.context);
      const report = await cli
        .connect(command)
        .testMcpClient({ params: { id }, body: requestContext ? { requestContext } : {} });
      const failed = Object.entries(report.servers).filter(([, result]) => !result.ok);
      if (options.json) printJson(cli.io, report);
      else
        cli.io.stdout(
          table(
            Object.entries(report.servers).map(([name, result]) => [
              result.ok ? 'ok' : 'FAILED',
              name,
              result.ok ? `${result.tools.length} tool(s)` : `${result.reason ?? 'error'}: ${result.error ?? ''}`,
              `${Math.round(result.latencyMs)} ms`,
            ]),
          ),
        );
      if (!options.json)
        for (const [name, result] of failed)
          if (result.stderr) cli.io.stdout(`stderr of ${name} (last lines, secrets redacted):\n${result.stderr}`);
      if (failed.length > 0)
        throw new CliError(`${failed.length} server(s) of ${id} failed: ${failed.map(([name]) => name).join(', ')}`);
    });

  mcpClient
    .command('approve')
    .description("let an imported client's stdio servers start (admin): check them first with `mcp-client show`")
    .argument('<id>', 'the client id')
    .action(async (id: string, _options: unknown, command: Command) => {
      await cli.connect(command).approveMcpClient({ params: { id } });
      cli.io.stdout(`Approved ${id}: its stdio servers may start.`);
    });
}
