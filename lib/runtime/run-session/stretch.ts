/**
 * One stretch of a run: a single call of the AI SDK drives as many model steps as it
 * can, every tool call going through the run's own call path (`startCall`), plugged into the SDK as
 * the tools' `execute`. A stretch ends when the model answers without tool calls, the step budget
 * is spent, a call makes the run wait (approval, suspension, a client tool), or a background task
 * ended whose result the model must read first. Its steps, in order:
 *
 * 1. `buildSdkRequest`: the model, instructions, messages and tools of the run, with `prepareStep`
 *    applying the step's options and replacing the SDK's text for calls it could not parse (a name
 *    outside the offered tools, arguments that are not JSON) by our answers;
 * 2. `readPart`: the SDK's parts become the run's chunks and transcript, in the model's order;
 * 3. `applyStretch`: the step's messages, step count, usage and, when the run waits, its open step.
 *
 * A generated run takes the same steps as a streamed one; it only has nobody listening, so its SDK
 * call is `generateText`, whose steps are read as the parts a stream would have given.
 */
import {
  generateText,
  streamText,
  type ModelMessage,
  type TextStreamPart,
  type ToolResultPart,
  type ToolSet,
} from 'ai';
import { createToolInputStream, type ToolInputStream, type ToolModelOutput } from '../../tools';
import type { LanguageModelLike, ToolChoice } from '../run-types';
import { hasUndeliveredTasks } from '../background-tasks';
import { sdkToolsOf, type SdkCallOptions, type SdkToolEnvelope } from '../sdk-tools';
import { sdkOutputOf } from '../structured-output';
import { checkToolChoices } from '../tool-choice-check';
import type { CallOutcome, CallSurroundings } from '../tool-call-runner';
import { announceCall, offeredNames, parsedInput, startCall, timedCall, type ModelCall } from './calls';
import { markStepEnd, markStepStart } from './recorded-steps';
import { callSurroundings, emit, transcribe, type RunSession } from './session';
import { toRunUsage, type UsageOfSdk } from './usage';

/** What one stretch keeps while the SDK drives it. */
interface Stretch {
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

interface SdkOutcome {
  messages: ModelMessage[];
  steps: ReadonlyArray<{ text: string; finishReason: string; toolCalls: ReadonlyArray<{ toolName: string }> }>;
  totalUsage: UsageOfSdk;
}

/** Runs one stretch of the session's run. */
export async function runStretch(session: RunSession): Promise<void> {
  const { state } = session.record;
  const stretch: Stretch = {
    firstStep: state.stepCount,
    budget: state.options.maxSteps - state.stepCount,
    offered: offeredNames(session, state.options.activeTools),
    repaired: new Map(),
    paused: false,
    held: new Map(),
    inputs: new Map(),
    stepText: '',
    stepsRead: 0,
    choices: [],
  };
  const request = await buildSdkRequest(session, stretch);
  const sdk = session.listener ? streamedCall(request) : await generatedCall(request);
  await sdk.readParts((part) => readPart(session, stretch, part));
  const outcome = await sdk.outcome();
  for (const toolCallId of [...stretch.held.keys()]) release(stretch, toolCallId);
  // A call stopped by the abort is a tool error to the SDK, which may then end normally.
  session.abortSignal?.throwIfAborted();
  checkToolChoices(outcome.steps, stretch.choices);
  applyStretch(session, stretch, outcome);
}

type SdkRequest = Awaited<ReturnType<typeof buildSdkRequest>>;

/** The SDK's answer to a stretch: its parts in the model's order, then what the stretch produced. */
interface SdkCall {
  readParts(read: (part: TextStreamPart<ToolSet>) => void): Promise<void>;
  outcome(): Promise<SdkOutcome>;
}

/**
 * With a listener: `streamText`, read as it happens. The outcome comes from `onFinish`, not from the
 * result's `steps` and `totalUsage`: each of those reads the whole stream again through a copy.
 */
function streamedCall(request: SdkRequest): SdkCall {
  let failure: { error: unknown } | undefined;
  let finished: SdkOutcome | undefined;
  const result = streamText({
    ...request,
    onError: ({ error }) => void (failure ??= { error }),
    onFinish: ({ response, steps, totalUsage }) => void (finished = { messages: response.messages, steps, totalUsage }),
  });
  return {
    async readParts(read) {
      for await (const part of result.fullStream) {
        if (part.type === 'error') failure ??= { error: part.error };
        else read(part);
      }
    },
    async outcome() {
      if (failure) throw failure.error;
      if (!finished) throw new Error('The model stream ended without finishing its last step.');
      return finished;
    },
  };
}

/**
 * Without a listener: `generateText`, whose steps are then read as the parts a stream would have
 * given. Node's web streams make `streamText` cost two to five times `generateText` in CPU for the
 * same steps (docs/runtime.md), which a generated run, read by nobody, does not need to pay.
 */
async function generatedCall(request: SdkRequest): Promise<SdkCall> {
  const result = await generateText(request);
  return {
    async readParts(read) {
      for (const part of partsOfSteps(result.steps)) read(part);
    },
    outcome: async () => ({ messages: result.response.messages, steps: result.steps, totalUsage: result.totalUsage }),
  };
}

/** The parts of finished steps in the order a stream gives them (only those the reader reads). */
function* partsOfSteps(steps: Awaited<ReturnType<typeof generateText>>['steps']) {
  for (const step of steps) {
    yield { type: 'start-step' } as TextStreamPart<ToolSet>;
    for (const part of step.content) {
      if (part.type === 'text' && part.text)
        yield { type: 'text-delta', id: '', text: part.text } as TextStreamPart<ToolSet>;
      else if (part.type === 'tool-call' || part.type === 'tool-result' || part.type === 'tool-error') yield part;
    }
    yield { type: 'finish-step', finishReason: step.finishReason, usage: step.usage } as TextStreamPart<ToolSet>;
  }
}

/** Step 1: the SDK request of this stretch. */
async function buildSdkRequest(session: RunSession, stretch: Stretch) {
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

function release(stretch: Stretch, toolCallId: string): void {
  for (const action of stretch.held.get(toolCallId) ?? []) action();
  stretch.held.delete(toolCallId);
}

/** Step 2: one part of the SDK's answer as the run's chunks and transcript. */
function readPart(session: RunSession, stretch: Stretch, part: TextStreamPart<ToolSet>): void {
  const { runId } = session.record;
  switch (part.type) {
    case 'start-step':
      stretch.stepText = '';
      break;
    case 'text-delta':
      stretch.stepText += part.text;
      emit(session, { type: 'text-delta', runId, payload: { text: part.text } });
      break;
    case 'tool-input-start':
    case 'tool-input-delta':
    case 'tool-input-end':
      // Arguments as they stream: only a listener reads them.
      if (session.listener) readToolInput(session, stretch, part);
      break;
    case 'tool-call':
      if (!part.providerExecuted) announceCall(session, part);
      break;
    case 'tool-result':
    case 'tool-error':
      release(stretch, part.toolCallId);
      break;
    case 'finish-step':
      if (stretch.stepText) transcribe(session, { type: 'text', text: stretch.stepText });
      emit(session, {
        type: 'step-finish',
        runId,
        payload: {
          stepNumber: stretch.firstStep + stretch.stepsRead,
          finishReason: part.finishReason,
          usage: toRunUsage(part.usage),
        },
      });
      stretch.stepsRead += 1;
      break;
    case 'abort':
      session.abortSignal?.throwIfAborted();
      throw new DOMException('The run was aborted.', 'AbortError');
    default:
      break;
  }
}

type ToolInputPart = Extract<
  TextStreamPart<ToolSet>,
  { type: 'tool-input-start' } | { type: 'tool-input-delta' } | { type: 'tool-input-end' }
>;

/** A call's arguments while they stream: start, the deltas a display transform lets through, end. */
function readToolInput(session: RunSession, stretch: Stretch, part: ToolInputPart): void {
  const { runId } = session.record;
  if (part.type === 'tool-input-start') {
    if (part.providerExecuted) return;
    const { toolName, id: toolCallId } = part;
    const tool = stretch.offered.includes(toolName) ? session.tools.executable[toolName] : undefined;
    const logger = session.dependencies.logger;
    stretch.inputs.set(toolCallId, {
      toolName,
      input: tool && createToolInputStream({ tool, toolName, toolCallId, logger }),
    });
    emit(session, { type: 'tool-call-input-streaming-start', runId, payload: { toolCallId, toolName } });
    return;
  }
  const entry = stretch.inputs.get(part.id);
  if (!entry) return;
  const payload = { toolCallId: part.id, toolName: entry.toolName };
  if (part.type === 'tool-input-end') {
    emit(session, { type: 'tool-call-input-streaming-end', runId, payload });
    return;
  }
  const display = entry.input ? entry.input.push(part.delta).display : { shown: true as const, value: part.delta };
  if (display.shown) {
    emit(session, { type: 'tool-call-delta', runId, payload: { ...payload, argsTextDelta: display.value } });
  }
}

/** Step 3: what the stretch changed in the run's state. */
function applyStretch(session: RunSession, stretch: Stretch, outcome: SdkOutcome): void {
  const { state } = session.record;
  const messages = withOurOutputs(outcome.messages, stretch.repaired);
  if (stretch.paused) state.openStep = openStepOf(messages, state.pending);
  state.messages.push(...messages);
  state.stepCount += outcome.steps.length;
  const usage = toRunUsage(outcome.totalUsage);
  state.usage = {
    inputTokens: state.usage.inputTokens + usage.inputTokens,
    outputTokens: state.usage.outputTokens + usage.outputTokens,
    totalTokens: state.usage.totalTokens + usage.totalTokens,
  };
  const lastStep = outcome.steps.at(-1);
  if (lastStep) state.lastFinishReason = lastStep.finishReason;
  session.reply.text = lastStep?.text ?? '';
}

/**
 * The step the run waits in: its calls, and the results of those already answered. The step's tool
 * message is taken off the messages; it is written when every call is answered.
 */
function openStepOf(messages: ModelMessage[], pending: ReadonlyArray<{ toolCallId: string }>) {
  const pendingIds = new Set(pending.map((call) => call.toolCallId));
  const last = messages.at(-1)?.role === 'tool' ? (messages.pop() as { content: ToolResultPart[] }) : undefined;
  const assistant = messages.at(-1);
  const toolCallIds =
    assistant?.role === 'assistant' && Array.isArray(assistant.content)
      ? assistant.content.flatMap((part) =>
          part.type === 'tool-call' && !part.providerExecuted ? [part.toolCallId] : [],
        )
      : [];
  const results: Record<string, unknown> = {};
  for (const part of last?.content ?? []) {
    if (part.type === 'tool-result' && !pendingIds.has(part.toolCallId)) results[part.toolCallId] = part;
  }
  return { toolCallIds, results };
}

/** Replaces the SDK's results of calls the run answered itself (its own texts and validation). */
function withOurOutputs(messages: ModelMessage[], repaired: ReadonlyMap<string, CallOutcome>): ModelMessage[] {
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
