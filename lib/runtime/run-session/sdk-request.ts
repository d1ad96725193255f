/**
 * The SDK request of one stretch of a run (./stretch.ts) and what the SDK calls back while it runs:
 * each tool call it executes goes to the run's own call path (`startCall`), calls it could not parse
 * are answered by the run too (their answers replace the SDK's text, `withOurOutputs`), and what a
 * call reports is held until the reader reaches the call's result (`release`), so the run's chunks
 * keep the model's order.
 */
import type { ModelMessage, ToolSet } from 'ai';
import type { ToolInputStream, ToolModelOutput } from '../../tools';
import type { LanguageModelLike, ToolChoice } from '../run-types';
import { hasUndeliveredTasks } from '../background-tasks';
import { sdkToolsOf, type SdkCallOptions, type SdkToolEnvelope } from '../sdk-tools';
import { sdkOutputOf } from '../structured-output';
import type { CallOutcome, CallSurroundings } from '../tool-call-runner';
import { offeredNames, parsedInput, startCall, timedCall, type ModelCall } from './calls';
import { markStepEnd, markStepStart } from './recorded-steps';
import { callSurroundings, emit, transcribe, type RunSession } from './session';
import { toRunUsage, type UsageOfSdk } from './usage';

/** What one stretch keeps while the SDK drives it. */
export interface Stretch {
  /** The run's step count when the stretch began (step numbers go on from it). */
  firstStep: number;
  /** How many model steps the stretch may take. */
  budget: number;
  /** The names offered in the current step. */
  offered: string[];
  /** Our answers to calls the SDK could not parse, by call id: the model reads these, not the SDK's. */
  repaired: Map<string, CallOutcome>;
  /** Whether a call made the run wait. */
  paused: boolean;
  /** What a call reports, held until the reader reaches the call's result, so chunks keep the model's order. */
  held: Map<string, Array<() => void>>;
  /** Arguments streaming in, by call id (for the display of their deltas). */
  inputs: Map<string, { toolName: string; input: ToolInputStream | undefined }>;
  /** The text of the step being read. */
  stepText: string;
  /** How many steps have finished in this stretch. */
  stepsRead: number;
  /** The tool choice each step of the stretch ran with, by its index in the stretch. */
  choices: Array<ToolChoice | undefined>;
}

/** Step 1 of a stretch: its SDK request. */
export async function buildSdkRequest(session: RunSession, stretch: Stretch) {
  const { record, environment, dependencies } = session;
  const { state } = record;
  const tools: ToolSet = await sdkToolsOf({
    tools: session.tools,
    model: environment.model as LanguageModelLike,
    offered: () => stretch.offered,
    logger: dependencies.logger,
    execute: (toolName, input, options) =>
      executeCall(session, stretch, { toolCallId: options.toolCallId, toolName, input }, options),
  });
  return {
    model: environment.model,
    system: environment.instructions || undefined,
    messages: state.messages,
    tools,
    activeTools: stretch.offered,
    toolChoice: state.options.toolChoice,
    output: sdkOutputOf(state.options.output),
    ...state.options.settings,
    abortSignal: session.abortSignal,
    // The caller's messages may hold system messages: the runtime API is called by applications.
    allowSystemInMessages: true,
    stopWhen: ({ steps }: { steps: ReadonlyArray<unknown> }) =>
      steps.length >= stretch.budget || stretch.paused || hasUndeliveredTasks(record),
    prepareStep: async ({ stepNumber, messages }: { stepNumber: number; messages: ModelMessage[] }) => {
      markStepStart(session.recording.timing, stretch.firstStep + stepNumber, dependencies.now());
      const prepared = (await session.prepareStep?.({ stepNumber: stretch.firstStep + stepNumber, messages })) || {};
      stretch.offered = offeredNames(session, prepared.activeTools ?? state.options.activeTools);
      const note = await environment.stepNote?.({ threadId: record.threadId });
      const model = prepared.model ? dependencies.models.resolve(prepared.model) : undefined;
      session.observation?.stepStarted({
        stepNumber: stretch.firstStep + stepNumber,
        model: model ?? environment.model,
      });
      stretch.choices[stepNumber] = prepared.toolChoice ?? state.options.toolChoice;
      return {
        system: note ? [environment.instructions, note].filter(Boolean).join('\n\n') : undefined,
        activeTools: stretch.offered,
        toolChoice: stretch.choices[stepNumber],
        model,
        messages: withOurOutputs(messages, stretch.repaired),
      };
    },
    onStepFinish: stepFinished(session, stretch),
    experimental_repairToolCall: async ({
      toolCall,
      messages,
    }: {
      toolCall: { toolCallId: string; toolName: string; input: string };
      messages: ModelMessage[];
    }) => {
      const call = { toolCallId: toolCall.toolCallId, toolName: toolCall.toolName, input: parsedInput(toolCall.input) };
      const outcome = await timedCall(session, call.toolCallId, () =>
        startCall({
          session,
          around: heldSurroundings(session, stretch, call.toolCallId, messages),
          call,
          offered: stretch.offered,
          mode: { kind: 'new' },
        }),
      );
      stretch.repaired.set(call.toolCallId, outcome);
      settleCall(session, stretch, outcome);
      // Nothing for the SDK to execute: its error text is replaced by our answer in the next step.
      return null;
    },
  };
}

/** The SDK's end of each step: its duration for the recorded steps, and the run's observer told. */
function stepFinished(session: RunSession, stretch: Stretch) {
  const { observation } = session;
  return (step: { stepNumber: number; finishReason: string; usage: UsageOfSdk; response: { modelId: string } }) => {
    markStepEnd(session.recording.timing);
    observation?.stepFinished({
      stepNumber: stretch.firstStep + step.stepNumber,
      finishReason: step.finishReason,
      usage: toRunUsage(step.usage),
      responseModelId: step.response.modelId,
    });
  };
}

/** A call the SDK executes: always a new one (answers to paused calls never go through the SDK). */
async function executeCall(
  session: RunSession,
  stretch: Stretch,
  call: ModelCall,
  options: SdkCallOptions,
): Promise<SdkToolEnvelope> {
  const outcome = await timedCall(session, call.toolCallId, () =>
    startCall({
      session,
      around: heldSurroundings(session, stretch, call.toolCallId, options.messages),
      call,
      offered: stretch.offered,
      mode: { kind: 'new' },
    }),
  );
  return settleCall(session, stretch, outcome);
}

/** What the SDK gets for a call: the model's view of its result, or that the run waits. */
function settleCall(session: RunSession, stretch: Stretch, outcome: CallOutcome): SdkToolEnvelope {
  if (outcome.status === 'done') return { modelOutput: outcome.part.output as ToolModelOutput };
  stretch.paused = true;
  session.record.state.pending.push(outcome.pending);
  return { pending: true };
}

/** A call's surroundings whose reports wait for the reader (`data-*` chunks go out at once). */
function heldSurroundings(
  session: RunSession,
  stretch: Stretch,
  toolCallId: string,
  messages: ReadonlyArray<ModelMessage>,
): CallSurroundings {
  const hold = (action: () => void) => {
    const list = stretch.held.get(toolCallId);
    if (list) list.push(action);
    else stretch.held.set(toolCallId, [action]);
  };
  return {
    ...callSurroundings(session),
    messages,
    emit: (chunk) => (chunk.type.startsWith('data-') ? emit(session, chunk) : hold(() => emit(session, chunk))),
    record: (entry) => hold(() => transcribe(session, entry)),
  };
}

/** Lets out what a call reported, once the reader reached its result. */
export function release(stretch: Stretch, toolCallId: string): void {
  for (const action of stretch.held.get(toolCallId) ?? []) action();
  stretch.held.delete(toolCallId);
}

/** Replaces the SDK's results of calls the run answered itself (its own texts and validation). */
export function withOurOutputs(messages: ModelMessage[], repaired: ReadonlyMap<string, CallOutcome>): ModelMessage[] {
  if (repaired.size === 0) return messages;
  return messages.map((message): ModelMessage => {
    if (message.role !== 'tool') return message;
    const content = message.content.map((part) => {
      if (part.type !== 'tool-result') return part;
      const outcome = repaired.get(part.toolCallId);
      return outcome?.status === 'done' ? outcome.part : part;
    });
    return { ...message, content };
  });
}
