/** Subcommands of `agent` that ask the server about one version, chosen by the selector options. */
import type { Command } from 'commander';
import type { OperationInput, OperationOutput, StudioClient } from '../client';
import { addSelectorOptions, selectorFromOptions, type SelectorOptions } from './arguments';
import type { CliContext } from './context';

export type AgentAnswer = OperationOutput<'getAgent'>;

/** The request of an operation on one agent's selected version (`getAgent`, `lintAgent`). */
export type AgentVersionRequest = OperationInput<'getAgent'>;

/**
 * `agent <name> <id> [selector options] [--json]`: asks `read` about the version the options select
 * (default: the latest), then hands the answer to `print`.
 */
export function addAgentVersionCommand<Answer>(
  agent: Command,
  cli: CliContext,
  {
    name,
    description,
    jsonDescription,
    read,
    print,
  }: {
    name: string;
    description: string;
    jsonDescription: string;
    read: (client: StudioClient, request: AgentVersionRequest) => Promise<Answer>;
    print: (answer: Answer, request: { id: string; json: boolean }) => void;
  },
) {
  addSelectorOptions(agent.command(name).description(description).argument('<id>', 'the agent id'))
    .option('--json', jsonDescription)
    .action(async (id: string, options: SelectorOptions & { json?: boolean }, command: Command) => {
      const answer = await read(cli.connect(command), { params: { id }, query: selectorFromOptions(options) });
      print(answer, { id, json: options.json === true });
    });
}
