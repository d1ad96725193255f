/**
 * `agent label list | set | move | delete`: labels are movable pointers with revision tokens. `set`
 * creates a label; `move` and `delete` read the current token unless `--expected-token` is given,
 * which turns them into a compare-and-swap against a token read earlier.
 */
import type { Command } from 'commander';
import type { StudioClient } from '../../client';
import { positiveInteger } from '../arguments';
import type { CliContext } from '../context';
import { CliError } from '../io';
import { addListCommand, collectAll } from '../listing';

/** Every label of the agent, page after page. */
const allLabels = (client: StudioClient, id: string) =>
  collectAll((page) => client.listAgentLabels({ params: { id }, query: page }));

async function currentToken(client: StudioClient, id: string, label: string): Promise<string> {
  const items = await allLabels(client, id);
  const found = items.find((item) => item.name === label);
  if (!found) throw new CliError(`Agent ${id} has no label "${label}"; create it with \`agent label set\`.`);
  if (found.computed || found.revisionToken === null)
    throw new CliError(`"${label}" is computed from the versions; it cannot be moved or deleted.`);
  return found.revisionToken;
}

export function registerLabelCommands(agent: Command, cli: CliContext) {
  const label = agent.command('label').description('labels: named, movable pointers at versions');

  addListCommand(label, cli, {
    description: 'the labels of an agent (production and latest are computed)',
    ofAgent: true,
    fetchPage: (client, page, id) => client.listAgentLabels({ params: { id }, query: page }),
    whenEmpty: (id) => `${id} has no labels.`,
    header: ['LABEL', 'VERSION', 'REVISION TOKEN'],
    row: (item) => [item.name, String(item.versionNumber), item.computed ? 'computed' : (item.revisionToken ?? '')],
  });

  label
    .command('set')
    .description('create a label on a version (refused if it exists: use move)')
    .argument('<id>', 'the agent id')
    .argument('<label>', 'the label name (a-z 0-9 . _ -)')
    .argument('<n>', 'the version number', positiveInteger)
    .action(async (id: string, name: string, n: number, _options: unknown, command: Command) => {
      await cli
        .connect(command)
        .setAgentLabel({ params: { id, label: name }, body: { versionNumber: n, expectedRevisionToken: null } });
      cli.io.stdout(`Label ${name} of ${id} now points at version ${n}.`);
    });

  label
    .command('move')
    .description('point an existing label at another version')
    .argument('<id>', 'the agent id')
    .argument('<label>', 'the label name')
    .argument('<n>', 'the version number', positiveInteger)
    .option('--expected-token <token>', 'move only if the label still has this revision token')
    .action(async (id: string, name: string, n: number, options: { expectedToken?: string }, command: Command) => {
      const client = cli.connect(command);
      const token = options.expectedToken ?? (await currentToken(client, id, name));
      await client.setAgentLabel({
        params: { id, label: name },
        body: { versionNumber: n, expectedRevisionToken: token },
      });
      cli.io.stdout(`Label ${name} of ${id} now points at version ${n}.`);
    });

  label
    .command('delete')
    .alias('remove')
    .description('delete a label (the version stays)')
    .argument('<id>', 'the agent id')
    .argument('<label>', 'the label name')
    .option('--expected-token <token>', 'delete only if the label still has this revision token')
    .action(async (id: string, name: string, options: { expectedToken?: string }, command: Command) => {
      const client = cli.connect(command);
      const token = options.expectedToken ?? (await currentToken(client, id, name));
      await client.deleteAgentLabel({ params: { id, label: name }, query: { expectedRevisionToken: token } });
      cli.io.stdout(`Label ${name} of ${id} deleted.`);
    });
}
