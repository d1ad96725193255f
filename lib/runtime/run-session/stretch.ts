/**
 * One stretch of a run: a single call of the AI SDK drives as many model steps as it
 * can, every tool call going through the run's own call path (`startCall`), plugged into the SDK as
 * the tools' `execute`. A stretch ends when the model answers without tool calls, the step budget
 * is spent, a call makes the run wait (approval, suspension, a client tool), or a background task
 * ended whose result the model must read first. Its steps, in order:
 *
 * 1. `buildSdkRequest` (./sdk-request.ts): the model, instructions, messages and tools of the run,
 *    with `prepareStep` applying the step's options and replacing the SDK's text for calls it could
 *    not parse (a name outside the offered tools, arguments that are not JSON) by our answers;
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
import { createToolInputStream } from '../../tools';
import { checkToolChoices } from '../tool-choice-check';
import { announceCall, offeredNames } from './calls';
import { buildSdkRequest, release, withOurOutputs, type Stretch } from './sdk-request';
import { emit, transcribe, type RunSession } from './session';
import { toRunUsage, type UsageOfSdk } from './usage';

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
