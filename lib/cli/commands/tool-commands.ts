/**
 * `tool list | show <id> | execute <id> '<json>' [--context '<json>'] | execute <id> --schema`.
 * A validation error or a failed execute is exit code 1 with the problems on stderr; the output
 * itself goes to stdout as JSON.
 */
import type { Command } from 'commander';
import type { StudioClient } from '../../client';
import type { CliContext } from '../context';
import { CliError, parseContextArgument, parseJsonArgument, printJson } from '../io';
import { addListCommand } from '../listing';
import { firstLine } from '../text';

function isValidationErrorValue(output: unknown): output is { message: string } {
  return (
    typeof output === 'object' &&
    output !== null &&
    (output as { error?: unknown }).error === true &&
    'validationErrors' in output
  );
}

const fetchTool = async (client: StudioClient, id: string) => (await client.getTool({ params: { id } })).tool;

export function registerToolCommands(parent: Command, cli: CliContext) {
  const tool = parent.command('tool').description('registered code tools');

  addListCommand(tool, cli, {
    description: 'list registered tools: id and description',
    fetchPage: (client, page) => client.listTools({ query: page }),
    whenEmpty: 'No tools are registered. Add tools to studio.config.ts.',
    row: (item) => [item.id, firstLine(item.description)],
  });

  tool
    .command('show')
    .description('print one tool with its schemas and annotations as JSON')
    .argument('<id>', 'the tool id')
    .action(async (id: string, _options: unknown, command: Command) => {
      printJson(cli.io, await fetchTool(cli.connect(command), id));
    });

  tool
    .command('execute')
    .description('run a tool and print its output as JSON')
    .argument('<id>', 'the tool id')
    .argument('[input]', 'the input as one JSON argument, e.g. \'{"value":10}\'')
    .option('--context <json>', 'the request context, a JSON object')
    .option('--schema', 'print { inputSchema, outputSchema } instead of running the tool')
    .addHelpText(
      'after',
      '\nExample:\n  agent-studio tool execute convert-units \'{"value":10,"from":"km","to":"mi"}\'',
    )
    .action(
      async (
        id: string,
        inputText: string | undefined,
        options: { context?: string; schema?: boolean },
        command: Command,
      ) => {
        if (options.schema) {
          if (inputText !== undefined) throw new CliError('--schema takes no input argument.');
          const described = await fetchTool(cli.connect(command), id);
          return printJson(cli.io, { inputSchema: described.inputSchema, outputSchema: described.outputSchema });
        }
        // Both are parsed before any request, so bad JSON never needs a server.
        const input = inputText === undefined ? undefined : parseJsonArgument(inputText, 'The input');
        const requestContext = parseContextArgument(options.context);
        const { output, isError } = await cli.connect(command).executeTool({
          params: { id },
          body: {
            input,
            requestContext,
          },
        });
        if (!isError) return printJson(cli.io, output);
        if (isValidationErrorValue(output)) throw new CliError(output.message);
        const message = (output as { message?: unknown } | null)?.message;
        throw new CliError(`Tool ${id} failed: ${typeof message === 'string' ? message : JSON.stringify(output)}`);
      },
    );
}
