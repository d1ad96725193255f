/**
 * `agent list | show | versions | diff | publish | unpublish | restore | resolve`: reading and
 * moving versions of agents through the server's API. Reads print text, or JSON with `--json`.
 */
import type { Command } from 'commander';
import type { OperationOutput } from '../../client';
import { addSelectorOptions, positiveInteger, selectorFromOptions, type SelectorOptions } from '../arguments';
import type { CliContext } from '../context';
import { parseContextArgument, printJson } from '../io';
import { addListCommand } from '../listing';
import { renderFieldDiffs } from '../render-diff';
import { firstLine, table } from '../text';
import { addAgentVersionCommand, type AgentAnswer } from '../version-command';

function describeAgent(answer: AgentAnswer): string {
  if (answer.version === null) {
    const { code } = answer as Extract<AgentAnswer, { version: null }>;
    return [
      `${answer.agent.id}: ${code.name} (defined in code, no stored overrides)`,
      `model: ${code.model ?? '(none)'}`,
      `tools: ${code.tools.join(', ') || '(none)'}`,
    ].join('\n');
  }
  const { agent, version } = answer as Extract<AgentAnswer, { version: object }>;
  const instructions = version.instructions;
  return [
    `${agent.id}: ${String(version.name ?? '(no name)')} (${agent.source}, ${agent.status})`,
    `version ${version.versionNumber} of ${agent.latestVersionNumber}; published: ${agent.activeVersionNumber ?? 'none'}; labels: ${version.labels.join(', ') || 'none'}`,
    `model: ${String(version.model ?? '(none)')}`,
    `saved ${version.createdAt} by ${version.authorId ?? 'unknown'}: ${version.changeMessage ?? ''} (${version.changedFields.join(', ')})`,
    `config hash: ${version.configHash}`,
    'instructions:',
    typeof instructions === 'string'
      ? instructions.replace(/^/gm, '  ')
      : JSON.stringify(instructions, null, 2).replace(/^/gm, '  '),
  ].join('\n');
}

type DiffAnswer = OperationOutput<'diffAgentVersions'>;

function describeDiff(id: string, diff: DiffAnswer): string {
  const lines = [`${id}: version ${diff.from} -> version ${diff.to}`];
  lines.push(diff.diffs.length === 0 ? 'No field differs.' : renderFieldDiffs(diff.diffs));
  if (diff.tools) {
    const { added, removed, changed } = diff.tools;
    lines.push(
      'Resolved tools for this context:',
      `  added: ${added.join(', ') || 'none'}`,
      `  removed: ${removed.join(', ') || 'none'}`,
      `  changed: ${changed.map((tool) => `${tool.name} (${tool.changes.join(', ')})`).join(', ') || 'none'}`,
    );
  }
  return lines.join('\n');
}

type ResolveAnswer = OperationOutput<'resolveAgent'>;

function describeResolution(id: string, resolution: ResolveAnswer): string {
  const lines = [
    `${id}: version ${resolution.versionNumber ?? '(code)'}${resolution.label ? ` (${resolution.label})` : ''}, model ${resolution.model}, ${resolution.tools.length} tool(s), resolvedToolsHash ${resolution.resolvedToolsHash}`,
  ];
  if (resolution.tools.length > 0)
    lines.push(
      table(
        resolution.tools.map((tool) => [tool.name, tool.source, firstLine(tool.description)]),
        { header: ['TOOL', 'SOURCE', 'DESCRIPTION'] },
      ),
    );
  for (const warning of resolution.warnings) lines.push(`warning (${warning.source}): ${warning.message}`);
  return lines.join('\n');
}

export function registerAgentCommands(agent: Command, cli: CliContext) {
  addListCommand(agent, cli, {
    description: 'list agents (stored, and code agents with or without overrides)',
    fetchPage: (client, page) => client.listAgents({ query: page }),
    whenEmpty: 'No agents yet.',
    header: ['ID', 'STATUS', 'LATEST', 'PUBLISHED', 'NAME'],
    row: (item) => [
      item.id,
      item.status,
      item.status === 'code_only' ? '-' : String(item.latestVersionNumber),
      String(item.activeVersionNumber ?? '-'),
      firstLine(item.name),
    ],
  });
  registerShowCommand(agent, cli);
  registerHistoryCommands(agent, cli);
  registerPublishingCommands(agent, cli);
  registerResolveCommand(agent, cli);
}

function registerShowCommand(agent: Command, cli: CliContext) {
  addAgentVersionCommand(agent, cli, {
    name: 'show',
    description: 'show an agent and one version (default: the latest)',
    jsonDescription: 'print { agent, version } as JSON',
    read: (client, request) => client.getAgent(request),
    print: (answer, { json }) => (json ? printJson(cli.io, answer) : cli.io.stdout(describeAgent(answer))),
  });
}

/** `versions` and `diff`: the history of an agent. */
function registerHistoryCommands(agent: Command, cli: CliContext) {
  addListCommand(agent, cli, {
    name: 'versions',
    description: 'list the versions of an agent, newest first',
    ofAgent: true,
    fetchPage: (client, page, id) => client.listAgentVersions({ params: { id }, query: page }),
    whenEmpty: (id) => `${id} has no stored versions.`,
    header: ['VERSION', 'CREATED', 'AUTHOR', 'LABELS', 'CHANGED', 'MESSAGE'],
    row: (version) => [
      String(version.versionNumber),
      version.createdAt,
      version.authorId ?? '-',
      version.labels.join(',') || '-',
      version.changedFields.join(',') || '-',
      firstLine(version.changeMessage),
    ],
  });

  agent
    .command('diff')
    .description('what changed between two versions (and, with --context, in the resolved tools)')
    .argument('<id>', 'the agent id')
    .argument('<from>', 'the older version number', positiveInteger)
    .argument('<to>', 'the newer version number', positiveInteger)
    .option('--context <json>', 'a request context: also compare the tools each version resolves to')
    .option('--json', 'print the diff as JSON')
    .action(
      async (id: string, from: number, to: number, options: { context?: string; json?: boolean }, command: Command) => {
        const requestContext = parseContextArgument(options.context);
        const client = cli.connect(command);
        // The tool comparison resolves sources live, so it is the POST; the field diff is a GET.
        const diff = requestContext
          ? await client.compareAgentVersions({ params: { id }, body: { from, to, requestContext } })
          : await client.diffAgentVersions({ params: { id }, query: { from, to } });
        if (options.json) return printJson(cli.io, diff);
        cli.io.stdout(describeDiff(id, diff));
      },
    );
}

/** `publish`, `unpublish` and `restore`: the commands that move which version is in use. */
function registerPublishingCommands(agent: Command, cli: CliContext) {
  agent
    .command('publish')
    .description('publish a version (applications then load it by default)')
    .argument('<id>', 'the agent id')
    .argument('<n>', 'the version number', positiveInteger)
    .option(
      '--expect-published <n>',
      'publish only if this version is still the published one (compare-and-swap)',
      positiveInteger,
    )
    .option('--json', 'print { agent, version } as JSON')
    .action(async (id: string, n: number, options: { expectPublished?: number; json?: boolean }, command: Command) => {
      const answer = await cli.connect(command).publishAgentVersion({
        params: { id, n },
        body: options.expectPublished === undefined ? {} : { expectedActiveVersionNumber: options.expectPublished },
      });
      if (options.json) return printJson(cli.io, answer);
      cli.io.stdout(`Published version ${n} of ${id}.`);
    });

  agent
    .command('unpublish')
    .description('clear the published version')
    .argument('<id>', 'the agent id')
    .action(async (id: string, _options: unknown, command: Command) => {
      await cli.connect(command).unpublishAgent({ params: { id } });
      cli.io.stdout(`${id} has no published version now.`);
    });

  agent
    .command('restore')
    .description("save version n's configuration again as a new (unpublished) version")
    .argument('<id>', 'the agent id')
    .argument('<n>', 'the version number to restore', positiveInteger)
    .action(async (id: string, n: number, _options: unknown, command: Command) => {
      const { version } = await cli.connect(command).restoreAgentVersion({ params: { id, n } });
      cli.io.stdout(
        `Restored version ${n} of ${id} as version ${version.versionNumber} (unpublished: agent-studio agent publish ${id} ${version.versionNumber}).`,
      );
    });
}

function registerResolveCommand(agent: Command, cli: CliContext) {
  addSelectorOptions(
    agent
      .command('resolve')
      .description('the tools an agent gets for a request context (default: the published version)')
      .argument('<id>', 'the agent id')
      .option('--context <json>', 'the request context, a JSON object (default {})'),
  )
    .option('--json', 'print the whole resolution as JSON')
    .action(async (id: string, options: SelectorOptions & { context?: string; json?: boolean }, command: Command) => {
      const requestContext = parseContextArgument(options.context) ?? {};
      const selector = selectorFromOptions(options);
      const resolution = await cli.connect(command).resolveAgent({
        params: { id },
        body: { requestContext, selector },
      });
      if (options.json) return printJson(cli.io, resolution);
      cli.io.stdout(describeResolution(id, resolution));
    });
}
