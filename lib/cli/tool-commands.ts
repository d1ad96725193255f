/**
 * `tool list | show <id> | execute <id> '<json>' [--context '<json>'] | execute <id> --schema`,
 * through the running server's API. A validation error or a failed execute is exit code 1 with
 * the problems on stderr; the output itself goes to stdout as JSON.
 */
import type { ApiClient } from './http-client';
import { apiFailure } from './http-client';
import type { CommandHandler, CommandInput } from './command';
import { CliError, parseJsonArgument, printJson } from './io';

interface ToolDescription {
  id: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown> | null;
}

interface ExecuteAnswer {
  output: unknown;
  isError: boolean;
}

const toolPath = (id: string) => `/api/tools/${encodeURIComponent(id)}`;

function requireToolId(positionals: string[], usage: string): string {
  const id = positionals[0];
  if (!id) throw new CliError(`Missing the tool id.\nUsage: agent-studio ${usage}`);
  return id;
}

function rejectExtraArguments(extra: string[], usage: string) {
  if (extra.length > 0) {
    throw new CliError(
      `Unexpected argument(s): ${extra.join(' ')}\nUsage: agent-studio ${usage}\n(Quote the JSON input as one argument.)`,
    );
  }
}

async function fetchTool(client: ApiClient, id: string): Promise<ToolDescription> {
  const { status, body } = await client.request('GET', toolPath(id));
  if (status !== 200) throw apiFailure(body, status);
  return (body as { tool: ToolDescription }).tool;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 100 ? line.slice(0, 99) + '…' : line;
}

export const listTools: CommandHandler = async ({ positionals, values, io, client }) => {
  rejectExtraArguments(positionals, 'tool list [--json]');
  const api = client();
  const tools: ToolDescription[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : '?limit=100';
    const { status, body } = await api.request('GET', `/api/tools${query}`);
    if (status !== 200) throw apiFailure(body, status);
    const page = body as { items: ToolDescription[]; nextCursor: string | null };
    tools.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  if (values.json) {
    printJson(io, tools);
    return 0;
  }
  if (tools.length === 0) {
    io.stdout('No tools are registered. Add tools to studio.config.ts.');
    return 0;
  }
  const width = Math.max(...tools.map((tool) => tool.id.length));
  io.stdout(tools.map((tool) => `${tool.id.padEnd(width)}  ${firstLine(tool.description)}`).join('\n'));
  return 0;
};

export const showTool: CommandHandler = async ({ positionals, io, client }) => {
  const id = requireToolId(positionals, 'tool show <id>');
  rejectExtraArguments(positionals.slice(1), 'tool show <id>');
  printJson(io, await fetchTool(client(), id));
  return 0;
};

function isValidationErrorValue(output: unknown): output is { message: string } {
  return (
    typeof output === 'object' &&
    output !== null &&
    (output as { error?: unknown }).error === true &&
    'validationErrors' in output
  );
}

function parseContext(text: string | boolean | undefined): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined;
  const context = parseJsonArgument(text, 'The --context value');
  if (typeof context !== 'object' || context === null || Array.isArray(context)) {
    throw new CliError('The --context value must be a JSON object, e.g. \'{"tenantId":"acme"}\'.');
  }
  return context as Record<string, unknown>;
}

export const executeTool: CommandHandler = async ({ positionals, values, io, client }: CommandInput) => {
  const usage = "tool execute <id> '<json input>' [--context '<json>'] | tool execute <id> --schema";
  const id = requireToolId(positionals, usage);
  if (values.schema) {
    rejectExtraArguments(positionals.slice(1), usage);
    const tool = await fetchTool(client(), id);
    printJson(io, { inputSchema: tool.inputSchema, outputSchema: tool.outputSchema });
    return 0;
  }
  rejectExtraArguments(positionals.slice(2), usage);
  // Both are parsed before any request, so bad JSON never needs a server.
  const input = positionals[1] === undefined ? undefined : parseJsonArgument(positionals[1], 'The input');
  const requestContext = parseContext(values.context);

  const { status, body } = await client().request('POST', `${toolPath(id)}/execute`, {
    ...(input === undefined ? {} : { input }),
    ...(requestContext === undefined ? {} : { requestContext }),
  });
  if (status !== 200) throw apiFailure(body, status);
  const { output, isError } = body as ExecuteAnswer;
  if (!isError) {
    printJson(io, output);
    return 0;
  }
  if (isValidationErrorValue(output)) throw new CliError(output.message);
  const message = (output as { message?: unknown } | null)?.message;
  throw new CliError(`Tool ${id} failed: ${typeof message === 'string' ? message : JSON.stringify(output)}`);
};

export function registerToolCommands(register: (name: string, handler: CommandHandler) => void) {
  register('tool list', listTools);
  register('tool show', showTool);
  register('tool execute', executeTool);
}
