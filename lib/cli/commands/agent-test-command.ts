/**
 * `agent test <id> [--version n | --label l | --draft]`: replays the agent's test cases against a
 * version through the API, waits for the evaluation, prints one line per case and, for a failed
 * case, what failed and how the replay differed from the recording; exits 1 when any case failed:
 * a step for CI and migration scripts (docs/testing-agents.md).
 */
import type { Command } from 'commander';
import { replayDiffInWords, type DiffToSay } from '../../evaluation';
import { positiveInteger } from '../arguments';
import type { CliContext } from '../context';
import { CliError, printJson } from '../io';
import { collectAll } from '../listing';

interface TestOptions {
  version?: number;
  label?: string;
  draft?: boolean;
  json?: boolean;
  pollMs: number;
}

type Evaluation = {
  evaluationId: string;
  status: 'running' | 'finished' | 'failed';
  versionNumber: number;
  passed: number;
  failed: number;
  error: string | null;
  results: Array<{
    testCaseId: string;
    passed: boolean;
    expectations: Array<{ passed: boolean; detail: string }>;
    diff?: ReplayDiffText | null;
  }>;
};

/** A replay's difference from its recording, as the evaluation result carries it. */
type ReplayDiffText = DiffToSay & { answerDiff?: Array<{ value: string; added?: boolean; removed?: boolean }> };

function targetOf(options: TestOptions) {
  const given = [options.version, options.label, options.draft].filter((value) => value !== undefined).length;
  if (given > 1) throw new CliError('Give at most one of --version, --label and --draft.');
  if (options.version !== undefined) return { versionNumber: options.version };
  if (options.label !== undefined) return { label: options.label };
  // The draft (the latest version) unless a version or label is named: what a person is about to publish.
  return { draft: true as const };
}

const indent = '        ';

/** The answer as a word diff in text: `[-removed-]` and `{+added+}`, as `git diff --word-diff` writes it. */
function answerText(parts: NonNullable<ReplayDiffText['answerDiff']>): string {
  return parts
    .map((part) => (part.removed ? `[-${part.value}-]` : part.added ? `{+${part.value}+}` : part.value))
    .join('');
}

/**
 * How a replay differed from its recording, as the editor's Tests tab says it: the calls added, no
 * longer made and made with other arguments, one line each, then the answer's word diff.
 */
export function describeReplayDiff(diff: ReplayDiffText | null | undefined): string[] {
  if (!diff) return [];
  const { added, removed, changed } = replayDiffInWords(diff);
  const calls = [
    ...added.map((call) => `+ called, not in the recording: ${call}`),
    ...removed.map((call) => `- no longer called: ${call}`),
    ...changed.map((call) => `~ arguments changed: ${call}`),
  ];
  const answer = diff.answerDiff ?? [];
  const answerLines =
    answer.length === 0
      ? []
      : [
          '~ the answer, word by word ([-removed-] {+added+}):',
          ...answerText(answer)
            .split('\n')
            .map((line) => `  ${line}`),
        ];
  if (calls.length + answerLines.length === 0) return [];
  return ['Compared with the recording:', ...[...calls, ...answerLines].map((line) => `  ${line}`)];
}

/** One line per case; under a failed case, the expectations it failed and its difference from the recording. */
export function describeEvaluation(evaluation: Evaluation, caseNames: ReadonlyMap<string, string>): string {
  const lines = evaluation.results.flatMap((result) => {
    const name = caseNames.get(result.testCaseId) ?? result.testCaseId;
    if (result.passed) return [`passed  ${name}`];
    const failures = result.expectations.filter((expectation) => !expectation.passed);
    return [
      `FAILED  ${name}`,
      ...failures.map((expectation) => `${indent}✗ ${expectation.detail}`),
      ...describeReplayDiff(result.diff).map((line) => `${indent}${line}`),
    ];
  });
  const total = evaluation.passed + evaluation.failed;
  lines.push(`Version ${evaluation.versionNumber}: ${evaluation.passed} of ${total} test case(s) passed.`);
  return lines.join('\n');
}

export function registerAgentTestCommand(agent: Command, cli: CliContext) {
  agent
    .command('test')
    .description("replay the agent's test cases against a version (default: the latest); exit 1 when one fails")
    .argument('<id>', 'the agent id')
    .option('--version <n>', 'a version number', positiveInteger)
    .option('--label <name>', 'a label (production, latest or a custom one)')
    .option('--draft', 'the latest version, published or not (the default)')
    .option('--json', 'print the evaluation as JSON')
    .option('--poll-ms <ms>', 'how often to ask whether it finished', positiveInteger, 500)
    .action(async (id: string, options: TestOptions, command: Command) => {
      const client = cli.connect(command);
      const { evaluationId } = await client.startEvaluation({ params: { id }, body: targetOf(options) });
      let evaluation = (await client.getEvaluation({ params: { evaluationId } })) as Evaluation;
      while (evaluation.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, options.pollMs));
        evaluation = (await client.getEvaluation({ params: { evaluationId } })) as Evaluation;
      }
      if (evaluation.status === 'failed') throw new CliError(`The evaluation failed: ${evaluation.error ?? 'unknown'}`);
      const cases = await collectAll((page) => client.listTestCases({ params: { id }, query: page }));
      const caseNames = new Map(cases.map((testCase) => [testCase.id, testCase.name] as const));
      if (options.json) printJson(cli.io, evaluation);
      else cli.io.stdout(describeEvaluation(evaluation, caseNames));
      if (evaluation.failed > 0) throw new CliError(`${id}: ${evaluation.failed} test case(s) failed.`);
    });
}
