/**
 * `agent-studio agent run <id> --prompt <text> [--context '<json>']`: runs the agent's published
 * version through the server's stream route and prints the answer as it arrives, with one line per
 * tool call and result, and what a paused run waits for. The logic takes a client and output
 * channels only, so it does not depend on how the command line is parsed.
 */
import { readRunEvents } from '../playground';
import type { RunChunk } from '../runtime';
import { apiFailure, type ApiClient } from './http-client';
import { CliError, exitCodes, parseJsonArgument, type CliIo } from './io';

const usage = "agent run <id> --prompt '<text>' [--context '<json>']";

function compact(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/** Runs one agent and prints it; answers the exit code (1 when the run failed). */
export async function runAgent({
  client,
  agentId,
  prompt,
  requestContext = {},
  io,
}: {
  client: ApiClient;
  agentId: string;
  prompt: string;
  requestContext?: Record<string, unknown>;
  io: CliIo;
}): Promise<number> {
  const write = io.write ?? io.stdout;
  const response = await client.postForEvents(`/api/agents/${encodeURIComponent(agentId)}/stream`, {
    prompt,
    requestContext,
  });
  if (!response.ok || !response.body) {
    const text = await response.text();
    throw apiFailure(text ? (JSON.parse(text) as unknown) : null, response.status);
  }
  let lineOpen = false;
  const line = (text: string) => {
    if (lineOpen) write('\n');
    lineOpen = false;
    io.stdout(text);
  };
  let outcome = exitCodes.ok as number;
  for await (const chunk of readRunEvents(response.body)) outcome = printChunk(chunk) ?? outcome;
  if (lineOpen) write('\n');
  return outcome;

  function printChunk(chunk: RunChunk): number | undefined {
    switch (chunk.type) {
      case 'text-delta':
        write(chunk.payload.text);
        lineOpen = true;
        return undefined;
      case 'tool-call':
        line(`→ ${chunk.payload.toolName} ${compact(chunk.payload.args)}`);
        return undefined;
      case 'tool-result':
        line(`${chunk.payload.isError ? '✗' : '←'} ${chunk.payload.toolName} ${compact(chunk.payload.result)}`);
        return undefined;
      case 'tool-error':
        line(`✗ ${chunk.payload.toolName} ${compact(chunk.payload.error)}`);
        return undefined;
      case 'tool-call-approval':
        line(`⏸ ${chunk.payload.toolName} waits for approval (toolCallId ${chunk.payload.toolCallId})`);
        return undefined;
      case 'tool-call-suspended':
        line(
          `⏸ ${chunk.payload.toolName} is suspended: ${compact(chunk.payload.suspendPayload)} (toolCallId ${chunk.payload.toolCallId})`,
        );
        return undefined;
      case 'finish':
        if (chunk.payload.status === 'paused') {
          line(
            `Run ${chunk.runId} is paused. Continue it with POST ${client.url}/api/runs/${chunk.runId}/approve, /decline, /resume or /tool-results.`,
          );
        }
        return exitCodes.ok;
      case 'error':
        if (lineOpen) write('\n');
        lineOpen = false;
        io.stderr(`The run failed: ${chunk.payload.error.message}`);
        return exitCodes.badInput;
      default:
        return undefined;
    }
  }
}

export const agentRunCommand = async ({
  positionals,
  values,
  io,
  client,
}: {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
  io: CliIo;
  client: () => ApiClient;
}): Promise<number> => {
  const [agentId, ...extra] = positionals;
  if (!agentId) throw new CliError(`Missing the agent id.\nUsage: agent-studio ${usage}`);
  if (extra.length > 0) throw new CliError(`Unexpected argument(s): ${extra.join(' ')}\nUsage: agent-studio ${usage}`);
  if (typeof values.prompt !== 'string' || values.prompt.trim() === '')
    throw new CliError(`Missing --prompt.\nUsage: agent-studio ${usage}`);
  const context = typeof values.context === 'string' ? parseJsonArgument(values.context, '--context') : {};
  if (typeof context !== 'object' || context === null || Array.isArray(context))
    throw new CliError('--context must be a JSON object, e.g. \'{"tier":"pro"}\'.');
  return runAgent({
    client: client(),
    agentId,
    prompt: values.prompt,
    requestContext: context as Record<string, unknown>,
    io,
  });
};
