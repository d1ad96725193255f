/** `run list [--agent <id>] [--status <s>]` and `run show <runId>`: stored runs, newest first, and one run's steps. */
import { Option, type Command } from 'commander';
import { paginate, type OperationOutput } from '../../client';
import { positiveInteger } from '../arguments';
import type { CliContext } from '../context';
import { printJson } from '../io';
import { printListing } from '../listing';
import { table } from '../text';

type RunItem = OperationOutput<'listRuns'>['items'][number];
type RunDetail = OperationOutput<'getRun'>;

const statuses = ['running', 'paused', 'finished', 'failed'] as const;

const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '-' : String(value);

const duration = (milliseconds: number | null | undefined) =>
  milliseconds === null || milliseconds === undefined ? '-' : `${milliseconds} ms`;

function registerListCommand(parent: Command, cli: CliContext) {
  parent
    .command('list')
    .description('stored runs, newest first')
    .option('--agent <id>', "only this agent's runs")
    .addOption(new Option('--status <status>', 'only runs with this status').choices(statuses))
    .option('--limit <n>', 'at most this many runs (default 50)', positiveInteger)
    .option('--json', 'print the runs as JSON')
    .action(
      async (
        options: { agent?: string; status?: (typeof statuses)[number]; limit?: number; json?: boolean },
        command: Command,
      ) => {
        const client = cli.connect(command);
        const limit = options.limit ?? 50;
        const filter = {
          agentId: options.agent || undefined,
          status: options.status,
        };
        const runs: RunItem[] = [];
        const pages = paginate((cursor) =>
          client.listRuns({ query: { ...filter, limit: Math.min(limit, 100), cursor } }),
        );
        for await (const run of pages) {
          if (runs.length >= limit) break;
          runs.push(run);
        }
        printListing(cli.io, {
          items: runs,
          json: options.json,
          listing: {
            whenEmpty: 'No runs.',
            header: ['STARTED', 'RUN', 'AGENT', 'VERSION', 'STATUS', 'DURATION', 'TOKENS IN/OUT', 'TOOL CALLS'],
            row: (run) => [
              run.startedAt,
              run.runId,
              run.agentId,
              versionOf(run),
              run.status,
              duration(run.durationMs),
              `${run.usage.inputTokens}/${run.usage.outputTokens}`,
              String(run.toolCallCount),
            ],
          },
        });
      },
    );
}

/** The version a run ran, or `unsaved draft` for a run of an editor's unsaved changes. */
const versionOf = (run: { versionNumber: number | null; draft?: true }) =>
  run.draft ? 'unsaved draft' : orDash(run.versionNumber);

/** A run's summary, then a line per step and per tool call (the step timeline as text). */
function printRun(cli: CliContext, run: RunDetail) {
  const summary: Array<[string, string]> = [
    ['Run', run.runId],
    ['Agent', `${run.agentId} (version ${versionOf(run)})`],
    ['Status', run.status + (run.error ? `: ${run.error.code} ${run.error.message}` : '')],
    ['Started', run.startedAt],
    ['Finished', orDash(run.finishedAt)],
    ['Duration', duration(run.durationMs)],
    ['Finish reason', orDash(run.finishReason)],
    ['Tokens', `${run.usage.inputTokens} in, ${run.usage.outputTokens} out`],
    ['Tool calls', String(run.toolCallCount)],
  ];
  cli.io.stdout(table(summary.map(([name, value]) => [`${name}:`, value])));
  if (run.steps.length === 0) return cli.io.stdout('No recorded steps.');
  const rows: string[][] = [];
  for (const step of run.steps) {
    const { model } = step;
    const tokens = `${model.usage.inputTokens}/${model.usage.outputTokens}`;
    rows.push([
      `step ${step.index}`,
      duration(step.durationMs),
      `model ${duration(model.durationMs)}`,
      tokens,
      orDash(model.finishReason),
    ]);
    for (const call of step.toolCalls) {
      const waits = call.approval
        ? `approval ${call.approval.state}`
        : call.suspended
          ? `suspended ${call.suspended.state}`
          : '';
      const by = call.approval?.answeredBy ?? call.suspended?.answeredBy;
      const outcome = call.isError ? `error: ${call.error ?? ''}` : waits || 'ok';
      rows.push([
        '',
        duration(call.durationMs),
        `${call.toolName} (${call.source})`,
        outcome + (by ? ` by ${by}` : ''),
        '',
      ]);
    }
  }
  cli.io.stdout(table(rows, { header: ['STEP', 'DURATION', 'CALL', 'TOKENS / OUTCOME', 'FINISH'] }));
}

export function registerRunCommands(parent: Command, cli: CliContext) {
  const run = parent.command('run').description('stored runs: list them, show one with its steps');
  registerListCommand(run, cli);
  run
    .command('show')
    .description('one run: status, timings, tokens and its steps')
    .argument('<runId>', 'the run')
    .option('--json', 'print the run as JSON')
    .action(async (runId: string, options: { json?: boolean }, command: Command) => {
      const answer = await cli.connect(command).getRun({ params: { runId } });
      if (options.json) return printJson(cli.io, answer);
      printRun(cli, answer);
    });
}
