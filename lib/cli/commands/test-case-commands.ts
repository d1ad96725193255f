/**
 * `agent test-case add | list`: an agent's test cases through the API. `add --from-run` saves a
 * finished run of that agent as a case (its input, tool calls with their results, and answer), with
 * the first expectations: each tool it called, and no other tool.
 */
import type { Command } from 'commander';
import type { CliContext } from '../context';
import { CliError, printJson } from '../io';
import { addListCommand } from '../listing';

export function registerTestCaseCommands(agent: Command, cli: CliContext) {
  const testCase = agent.command('test-case').description('test cases: conversations a version must still handle');

  testCase
    .command('add')
    .description('save a finished run of the agent as a test case')
    .argument('<id>', 'the agent id')
    .requiredOption('--from-run <runId>', 'the finished run to save')
    .requiredOption('--name <name>', 'the name of the test case')
    .option('--json', 'print the test case as JSON')
    .action(async (id: string, options: { fromRun: string; name: string; json?: boolean }, command: Command) => {
      const client = cli.connect(command);
      const run = await client.getRun({ params: { runId: options.fromRun } });
      if (run.agentId !== id)
        throw new CliError(`Run ${options.fromRun} is a run of agent ${run.agentId}, not of ${id}.`);
      const created = await client.createTestCaseFromRun({
        params: { runId: options.fromRun },
        body: { name: options.name },
      });
      if (options.json) return printJson(cli.io, created);
      const tools = created.recording?.toolCalls.map((call) => call.toolName) ?? [];
      cli.io.stdout(
        `Saved run ${options.fromRun} as test case "${created.name}" (${created.id}) of ${id}: ` +
          `${tools.length} tool call(s)${tools.length > 0 ? ` (${tools.join(', ')})` : ''}, ` +
          `${created.expectations.length} expectation(s).`,
      );
    });

  addListCommand(testCase, cli, {
    description: 'the test cases of an agent, oldest first',
    ofAgent: true,
    fetchPage: (client, page, id) => client.listTestCases({ params: { id }, query: page }),
    whenEmpty: (id) => `${id} has no test cases.`,
    header: ['ID', 'NAME', 'EXPECTATIONS', 'FROM RUN', 'UPDATED'],
    row: (item) => [
      item.id,
      item.name,
      String(item.expectations.length),
      item.recording?.fromRunId ?? '',
      item.updatedAt,
    ],
  });
}
