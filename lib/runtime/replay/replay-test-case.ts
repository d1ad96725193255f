/**
 * Replaying a test case (docs/testing-agents.md, "Replay"): its input and request context run
 * through a chosen version with the model really called, and every tool call answered from the
 * case's recording (./replay-tools.ts). The replay is a stored run marked `evaluation`; the result
 * adds every call the model made (./replay-calls.ts) with where each answer came from, and the
 * difference from the recording.
 */
import type { ModelMessage } from 'ai';
import type { TestCase } from '../../schemas/test-case-bodies';
import type { VersionSelector } from '../../versions';
import type { DetailedResolution, DetailedResolveOptions } from '../resolution-types';
import type { RunEnvironment } from '../run-environment';
import type { Runner } from '../runner';
import type { RunUsage } from '../run-types';
import { countedModel } from './counted-model';
import { replayedCalls } from './replay-calls';
import { diffReplay, type ReplayDiff } from './replay-diff';
import { clientToolsOf, createRecordedAnswers, replayToolsOf, type ReplayedCall } from './replay-tools';

/** Which version a replay runs: a number, a label, or the latest version (`draft`). */
export type ReplaySelector = { versionNumber: number } | { label: string } | { draft: true };

export interface ReplayRequest {
  agentId: string;
  testCase: Pick<TestCase, 'input' | 'requestContext' | 'recording' | 'replay'>;
  selector: ReplaySelector;
}

export interface ReplayResult {
  runId: string;
  versionNumber: number | null;
  /** The hash of the tool set the version resolved to for the case's request context, as its run reports it. */
  resolvedToolsHash: string;
  answer: string;
  toolCalls: ReplayedCall[];
  finishReason: string;
  steps: number;
  usage: RunUsage;
  durationMs: number;
  diff: ReplayDiff;
}

export interface ReplayDependencies {
  resolveDetailed(agentId: string, options?: DetailedResolveOptions): Promise<DetailedResolution>;
  environmentOf(detailed: DetailedResolution): Promise<RunEnvironment>;
  runner: Pick<Runner, 'start'>;
  /** A monotonic clock in milliseconds. */
  monotonicMs?: () => number;
}

export function versionSelectorOf(selector: ReplaySelector): VersionSelector {
  if ('versionNumber' in selector) return { versionNumber: selector.versionNumber };
  if ('label' in selector) return { label: selector.label };
  return { status: 'draft' };
}

/** The run environment with every tool, the sub-agents' and workflows' too, answered from the recording. */
function replayEnvironment({
  environment,
  detailed,
  testCase,
  log,
}: {
  environment: RunEnvironment;
  detailed: DetailedResolution;
  testCase: ReplayRequest['testCase'];
  log: Map<string, ReplayedCall>;
}): { environment: RunEnvironment; modelCalls: () => number } {
  const resolved = detailed.resolution.tools;
  const common = {
    answers: createRecordedAnswers(testCase.recording?.toolCalls ?? []),
    liveReadOnlyTools: testCase.replay?.liveReadOnlyTools === true,
    toolApprovals: environment.toolApprovals ?? {},
    log,
  };
  const readOnlyIn = (tools: RunEnvironment['tools']) => (name: string) => {
    const annotations =
      (Object.hasOwn(resolved, name) ? resolved[name]!.annotations : undefined) ?? tools[name]?.mcp?.annotations;
    return annotations?.readOnlyHint === true;
  };
  const model = countedModel(environment.model);
  const replayed: RunEnvironment = {
    ...environment,
    model: model.model,
    tools: replayToolsOf({ ...common, tools: environment.tools, isReadOnly: readOnlyIn(environment.tools) }),
    extraSources: [
      ...(environment.extraSources ?? []).map((source) => ({
        ...source,
        tools: replayToolsOf({ ...common, tools: source.tools, isReadOnly: readOnlyIn(source.tools) }),
      })),
      // The caller answered these in the recorded run; a replay answers them from the recording.
      {
        label: 'the client tools',
        kind: 'client',
        tools: replayToolsOf({ ...common, tools: clientToolsOf(testCase.recording), isReadOnly: () => false }),
      },
    ],
    // Nothing in a replay waits for approval (see replay-tools.ts).
    toolApprovals: {},
  };
  return { environment: replayed, modelCalls: model.calls };
}

export async function replayTestCase(
  dependencies: ReplayDependencies,
  { agentId, testCase, selector }: ReplayRequest,
): Promise<ReplayResult> {
  const clock = dependencies.monotonicMs ?? (() => performance.now());
  const started = clock();
  const requestContext = testCase.requestContext ?? {};
  const detailed = await dependencies.resolveDetailed(agentId, {
    requestContext,
    selector: versionSelectorOf(selector),
  });
  const log = new Map<string, ReplayedCall>();
  const { environment, modelCalls } = replayEnvironment({
    environment: await dependencies.environmentOf(detailed),
    detailed,
    testCase,
    log,
  });
  const input =
    'prompt' in testCase.input ? testCase.input.prompt : (testCase.input.messages as unknown as ModelMessage[]);
  const result = await dependencies.runner.start({
    environment,
    input,
    options: { requestContext },
    kind: 'evaluation',
  });
  const recording = testCase.recording ?? { toolCalls: [], answer: '' };
  const toolCalls = replayedCalls({ made: result.toolCalls, answered: result.toolResults, logged: log });
  return {
    runId: result.runId,
    versionNumber: result.versionNumber,
    resolvedToolsHash: result.resolvedToolsHash,
    answer: result.text,
    toolCalls,
    finishReason: result.finishReason,
    steps: modelCalls(),
    usage: result.usage,
    durationMs: Math.round(clock() - started),
    diff: diffReplay({ recorded: recording, replayed: { toolCalls, answer: result.text } }),
  };
}
