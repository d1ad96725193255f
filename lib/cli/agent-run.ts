/**
 * `agent-studio agent run <id> --prompt <text> [--context '<json>']`: runs the agent's published
 * version (or the one `--version`, `--label` or `--status` selects) through the server's stream
 * route and prints the answer as it arrives, with one line per tool call and result, and what a
 * paused run waits for. A run that fails while streaming is exit code 1 with its message.
 */
import type { Command } from 'commander';
import type { StudioClient } from '../client';
import type { RunChunk } from '../runtime';
import { addSelectorOptions, selectorFromOptions, type SelectorOptions } from './arguments';
import type { CliContext } from './context';
import { CliError, parseContextArgument, type CliIo } from './io';

function compact(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/** The line a chunk prints, if it prints one (text deltas are written as they come instead). */
function chunkLine(chunk: RunChunk, url: string): string | undefined {
  switch (chunk.type) {
    case 'tool-call':
      return `→ ${chunk.payload.toolName} ${compact(chunk.payload.args)}`;
    case 'tool-result':
      return `${chunk.payload.isError ? '✗' : '←'} ${chunk.payload.toolName} ${compact(chunk.payload.result)}`;
    case 'tool-error':
      return `✗ ${chunk.payload.toolName} ${compact(chunk.payload.error)}`;
    case 'tool-call-approval':
      return `⏸ ${chunk.payload.toolName} waits for approval (toolCallId ${chunk.payload.toolCallId})`;
    case 'tool-call-suspended':
      return `⏸ ${chunk.payload.toolName} is suspended: ${compact(chunk.payload.suspendPayload)} (toolCallId ${chunk.payload.toolCallId})`;
    case 'finish':
      return chunk.payload.status === 'paused'
        ? `Run ${chunk.runId} is paused. Continue it with POST ${url}/api/runs/${chunk.runId}/approve, /decline, /resume or /tool-results.`
        : undefined;
    default:
      return undefined;
  }
}

/** Runs one agent and prints it as it streams; throws a CliError when the run fails. */
export async function runAgent({
  client,
  agentId,
  prompt,
  requestContext = {},
  selector,
  io,
}: {
  client: StudioClient;
  agentId: string;
  prompt: string;
  requestContext?: Record<string, unknown>;
  selector?: ReturnType<typeof selectorFromOptions>;
  io: CliIo;
}): Promise<void> {
  const write = io.write ?? io.stdout;
  const events = await client.streamAgent({
    params: { id: agentId },
    body: { prompt, requestContext, selector },
  });
  let lineOpen = false;
  const endLine = () => {
    if (lineOpen) write('\n');
    lineOpen = false;
  };
  for await (const chunk of events) {
    if (chunk.type === 'text-delta') {
      write(chunk.payload.text);
      lineOpen = true;
      continue;
    }
    if (chunk.type === 'error') {
      endLine();
      throw new CliError(`The run failed: ${chunk.payload.error.message}`);
    }
    const line = chunkLine(chunk, client.url);
    if (line === undefined) continue;
    endLine();
    io.stdout(line);
  }
  endLine();
}

export function registerAgentRunCommand(agent: Command, cli: CliContext) {
  addSelectorOptions(
    agent
      .command('run')
      .description('run an agent (default: its published version), printing text and tool calls as they stream')
      .argument('<id>', 'the agent id')
      .option('--prompt <text>', 'the user message')
      .option('--context <json>', 'the request context, a JSON object (default {})'),
  )
    .addHelpText('after', "\nExample:\n  agent-studio agent run demo-assistant --prompt 'What time is it in Oslo?'")
    .action(async (id: string, options: SelectorOptions & { prompt?: string; context?: string }, command: Command) => {
      // Checked before any request, so bad input never needs a server.
      if (options.prompt === undefined || options.prompt.trim() === '')
        throw new CliError(
          `Missing --prompt.\nUsage: agent-studio agent run <id> --prompt '<text>' [--context '<json>']`,
        );
      const requestContext = parseContextArgument(options.context) ?? {};
      const selector = selectorFromOptions(options);
      await runAgent({
        client: cli.connect(command),
        agentId: id,
        prompt: options.prompt,
        requestContext,
        selector,
        io: cli.io,
      });
    });
}
