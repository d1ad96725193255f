/** Subcommands of `agent` that read one version, chosen by the selector options, and print it. */
import type { Command } from 'commander';
import type { OperationOutput } from '../client';
import { addSelectorOptions, selectorFromOptions, type SelectorOptions } from './arguments';
import type { CliContext } from './context';

export type AgentAnswer = OperationOutput<'getAgent'>;

/**
 * `agent <name> <id> [selector options] [--json]`: reads the agent and the version the options
 * select (default: the latest), then hands the answer to `print`.
 */
export function addAgentVersionCommand(
  agent: Command,
  cli: CliContext,
  {
    name,
    description,
    jsonDescription,
    print,
  }: {
    name: string;
    description: string;
    jsonDescription: string;
    print: (answer: AgentAnswer, request: { id: string; json: boolean }) => void;
  },
) {
  addSelectorOptions(agent.command(name).description(description).argument('<id>', 'the agent id'))
    .option('--json', jsonDescription)
    .action(async (id: string, options: SelectorOptions & { json?: boolean }, command: Command) => {
      const answer = await cli.connect(command).getAgent({ params: { id }, query: selectorFromOptions(options) });
      print(answer, { id, json: options.json === true });
    });
}
