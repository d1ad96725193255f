/**
 * One stretch of a run through the AI SDK: a single `generateText` (generate) or `streamText`
 * (stream) call drives as many model steps as it can, with every tool call executed by the run's
 * own call path (`startCall`: `activeTools`, validation with repairs, hooks, approval, transforms),
 * plugged into the SDK as the tools' `execute`. A call that makes the run wait ends the stretch
 * after its step (`stopWhen`); its step stays open in the run's state until the call is answered.
 *
 * Calls the SDK cannot parse (a tool outside `activeTools` or unknown; arguments that are not JSON)
 * go through the same path from `experimental_repairToolCall`, and the SDK's own error text for
 * them is replaced by ours before the model reads it and before it is stored: by `prepareStep` when
 * the run prepares its steps anyway (the caller's `prepareStep`, a step note), else by ending the
 * stretch after that step, so the next stretch starts from messages that hold our answers (a run
 * with nothing to prepare passes the SDK no `prepareStep`, which it would wait for at every step).
 *
 * While streaming, the SDK may execute a call before the reader has passed the chunks that precede
 * its result; what a call reports is therefore queued per call and released when the reader reaches
 * the call's result, so the chunk order is the model's. `data-*` chunks go out at once.
 */
import { generateText, streamText, type ModelMessage, type ToolResultPart } from 'ai';
import {
  createToolInputStream,
  thenOrNow,
  throwsAsRejection,
  type ToolInputStream,
  type ToolModelOutput,
} from '../tools';
import type { LanguageModelLike, StepPreparation } from '../agents/run-types';
import { hasUndeliveredTasks } from './background-tasks';
import type { LoopContext, Segment } from './run-loop';
import { activeNames, startCall, surroundings } from './run-loop';
import type { RunChunk, RunUsage, TranscriptEntry } from './run-types';
import { sdkToolsOf, sharedSdkTools, type SdkToolEnvelope, type SdkToolStretch } from './sdk-tools';
import { shown, type CallMode, type CallOutcome, type CallSurroundings } from './tool-call-runner';

/** Every call the SDK executes is a new one (answers to paused calls never go through the SDK). */
const newCall: CallMode = { kind: 'new' };

export function toRunUsage(usage: { inputTokens?: number; outputTokens?: number; totalTokens?: number }): RunUsage {
  const inputTokens = usage.inputTokens ?? 0;
  const outputTokens = usage.outputTokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: usage.totalTokens ?? inputTokens + outputTokens };
}

function parsedInput(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Replaces the SDK's results of calls the run answered itself (its own texts and validation). */
function withOurOutputs(messages: ModelMessage[], outcomes: ReadonlyMap<string, CallOutcome>): ModelMessage[] {
  if (outcomes.size === 0) return messages;
  return messages.map((message): ModelMessage => {
    if (message.role !== 'tool') return message;
    const content = message.content.map((part) => {
      if (part.type !== 'tool-result') return part;
      const outcome = outcomes.get(part.toolCallId);
      return outcome?.status === 'done' ? outcome.part : part;
    });
    return { ...message, content };
  });
}

/** Runs one stretch; true when it ended early for the model to read our answers to repaired calls. */
export async function runSegment(context: LoopContext, segment: Segment): Promise<boolean> {
  const { record, tools, logger, stream } = context;
  const { state } = record;
  const stepBase = state.stepCount;
  const budget = state.options.maxSteps - stepBase;
  // Whether steps are prepared at all (see the top of this file).
  const prepares = context.prepareStep !== undefined || context.environment.stepNote !== undefined;
  const outcomes = new Map<string, CallOutcome>();
  let paused = false;

  const base = surroundings(context);
  const queued = new Map<string, Array<() => void>>();
  const later = (toolCallId: string, action: () => void) => {
    const list = queued.get(toolCallId);
    if (list) list.push(action);
    else queued.set(toolCallId, [action]);
  };
  const release = (toolCallId: string) => {
    for (const action of queued.get(toolCallId) ?? []) action();
    queued.delete(toolCallId);
  };
  // Calls of one step see the same messages, so they share their surroundings when not streaming.
  let stepMessages: ReadonlyArray<ModelMessage> | undefined;
  let stepSurroundings = base;
  const around = (toolCallId: string, messages: ReadonlyArray<ModelMessage>): CallSurroundings => {
    if (stream) {
      return {
        ...base,
        messages,
        emit: (chunk: RunChunk) =>
          chunk.type.startsWith('data-') ? context.emit(chunk) : later(toolCallId, () => context.emit(chunk)),
        record: (entry: TranscriptEntry) => later(toolCallId, () => state.transcript.push(entry)),
      };
    }
    if (messages !== stepMessages) {
      stepMessages = messages;
      stepSurroundings = { ...base, messages };
    }
    return stepSurroundings;
  };

  /** The `tool-call` chunk and transcript entry (from the reader when streaming, else before running). */
  const announce = (toolCallId: string, toolName: string, input: unknown) => {
    const tool = tools.executable[toolName];
    // A target without a transform shows the input itself.
    const view = (target: 'display' | 'transcript') =>
      shown({ tool, target, phase: 'input', argument: { input }, toolName, toolCallId, logger });
    const transform = tool?.transform;
    const args = transform?.display ? view('display') : input;
    context.emit({ type: 'tool-call', runId: record.runId, payload: { toolCallId, toolName, args } });
    state.transcript.push({
      type: 'tool-call',
      toolCallId,
      toolName,
      args: transform?.transcript ? view('transcript') : input,
    });
  };

  const settle = (outcome: CallOutcome): SdkToolEnvelope => {
    if (outcome.status === 'done') return { modelOutput: outcome.part.output as ToolModelOutput };
    paused = true;
    state.pending.push(outcome.pending);
    return { pending: true };
  };

  const stretch: SdkToolStretch = {
    offered: activeNames(context, state.options.activeTools),
    logger,
    execute: (toolName, input, options) =>
      Promise.resolve(
        throwsAsRejection(() => {
          if (!stream) announce(options.toolCallId, toolName, input);
          const started = startCall({
            context,
            around: around(options.toolCallId, options.messages),
            call: { toolCallId: options.toolCallId, toolName, input },
            offered: stretch.offered,
            mode: newCall,
          });
          return thenOrNow(started, settle);
        }),
      ),
  };
  const sdkTools =
    sharedSdkTools({ tools, stream }) ??
    (await sdkToolsOf({ tools, stream, model: context.environment.model as LanguageModelLike }));

  /** What a step changes: the names offered, the tool choice, the model, our answers to repaired calls. */
  const prepareStep = (prepared: StepPreparation, messages: ModelMessage[]) => {
    const offered = activeNames(context, prepared.activeTools ?? state.options.activeTools);
    stretch.offered = offered;
    const toolChoice = prepared.toolChoice ?? state.options.toolChoice;
    const rewritten = withOurOutputs(messages, outcomes);
    const note = context.environment.stepNote?.({
      ...(record.threadId === undefined ? {} : { threadId: record.threadId }),
    });
    // What is left undefined, the SDK takes from the request (a plain literal: once per step).
    return {
      system: note ? [context.environment.instructions, note].filter(Boolean).join('\n\n') : undefined,
      // Every tool offered is what the SDK does without the list (and it then copies no tool record).
      activeTools: offered === tools.names ? undefined : offered,
      toolChoice: toolChoice || undefined,
      model: prepared.model ? context.models.resolve(prepared.model) : undefined,
      messages: rewritten === messages ? undefined : rewritten,
    };
  };

  const request = {
    model: context.environment.model,
    system: context.environment.instructions || undefined,
    messages: state.messages,
    tools: sdkTools,
    // The run's own tool choice and active tools (a prepared step may change them).
    activeTools: stretch.offered === tools.names ? undefined : stretch.offered,
    toolChoice: state.options.toolChoice || undefined,
    experimental_context: stretch,
    // One condition (the SDK awaits each): the step budget, a call that waits, repaired calls to
    // answer in a new stretch, a background task that ended.
    stopWhen: ({ steps }: { steps: ReadonlyArray<unknown> }) =>
      steps.length >= budget || paused || (!prepares && outcomes.size > 0) || hasUndeliveredTasks(record),
    abortSignal: context.abortSignal,
    // The caller's messages may hold system messages: the runtime API is called by applications.
    allowSystemInMessages: true,
    prepareStep: prepares
      ? ({ stepNumber, messages }: { stepNumber: number; messages: ModelMessage[] }) => {
          // Without the caller's own prepareStep, the step is prepared without waiting for anything.
          const given = context.prepareStep?.({ stepNumber: stepBase + stepNumber, messages });
          return thenOrNow(given, (prepared) => prepareStep(prepared || {}, messages));
        }
      : undefined,
    experimental_repairToolCall: async ({
      toolCall,
      messages,
    }: {
      toolCall: { toolCallId: string; toolName: string; input: string };
      messages: ModelMessage[];
    }) => {
      const input = parsedInput(toolCall.input);
      if (!stream) announce(toolCall.toolCallId, toolCall.toolName, input);
      const call = { toolCallId: toolCall.toolCallId, toolName: toolCall.toolName, input };
      const outcome = await startCall({
        context,
        around: around(toolCall.toolCallId, messages),
        call,
        offered: stretch.offered,
        mode: newCall,
      });
      outcomes.set(toolCall.toolCallId, outcome);
      settle(outcome);
      return null;
    },
  };

  const stepTexts: string[] = [];
  let response: { messages: ModelMessage[] };
  let steps: Array<{ text: string; finishReason: string; usage: Parameters<typeof toRunUsage>[0] }>;
  let totalUsage: Parameters<typeof toRunUsage>[0];
  if (stream) {
    let failure: { error: unknown } | undefined;
    const result = streamText({
      ...(request as Parameters<typeof streamText>[0]),
      onError: ({ error }) => void (failure ??= { error }),
    });
    const inputs = new Map<string, { toolName: string; input: ToolInputStream | undefined }>();
    let stepText = '';
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'start-step':
          stepText = '';
          segment.text = '';
          break;
        case 'text-delta':
          stepText += part.text;
          context.emit({ type: 'text-delta', runId: record.runId, payload: { text: part.text } });
          break;
        case 'tool-input-start': {
          if (part.providerExecuted) break;
          const tool = stretch.offered.includes(part.toolName) ? tools.executable[part.toolName] : undefined;
          inputs.set(part.id, {
            toolName: part.toolName,
            input: tool && createToolInputStream({ tool, toolName: part.toolName, toolCallId: part.id, logger }),
          });
          context.emit({
            type: 'tool-call-input-streaming-start',
            runId: record.runId,
            payload: { toolCallId: part.id, toolName: part.toolName },
          });
          break;
        }
        case 'tool-input-delta': {
          const entry = inputs.get(part.id);
          if (!entry) break;
          const display = entry.input
            ? entry.input.push(part.delta).display
            : { shown: true as const, value: part.delta };
          if (display.shown) {
            context.emit({
              type: 'tool-call-delta',
              runId: record.runId,
              payload: { toolCallId: part.id, toolName: entry.toolName, argsTextDelta: display.value },
            });
          }
          break;
        }
        case 'tool-input-end': {
          const entry = inputs.get(part.id);
          if (!entry) break;
          context.emit({
            type: 'tool-call-input-streaming-end',
            runId: record.runId,
            payload: { toolCallId: part.id, toolName: entry.toolName },
          });
          break;
        }
        case 'tool-call':
          if (!part.providerExecuted) announce(part.toolCallId, part.toolName, part.input);
          break;
        case 'tool-result':
        case 'tool-error':
          release(part.toolCallId);
          break;
        case 'finish-step':
          stepTexts.push(stepText);
          if (stepText) state.transcript.push({ type: 'text', text: stepText });
          context.emit({
            type: 'step-finish',
            runId: record.runId,
            payload: {
              stepNumber: stepBase + stepTexts.length - 1,
              finishReason: part.finishReason,
              usage: toRunUsage(part.usage),
            },
          });
          break;
        case 'error':
          failure ??= { error: part.error };
          break;
        case 'abort':
          context.abortSignal?.throwIfAborted();
          throw new DOMException('The run was aborted.', 'AbortError');
        default:
          break;
      }
    }
    if (failure) throw failure.error;
    for (const toolCallId of [...queued.keys()]) release(toolCallId);
    [response, steps, totalUsage] = await Promise.all([result.response, result.steps, result.totalUsage]);
  } else {
    const result = await generateText(request as Parameters<typeof generateText>[0]);
    response = result.response;
    steps = result.steps;
    totalUsage = result.totalUsage;
    steps.forEach((step, index) => {
      segment.text = '';
      if (step.text) {
        context.emit({ type: 'text-delta', runId: record.runId, payload: { text: step.text } });
        state.transcript.push({ type: 'text', text: step.text });
      }
      if (!context.listening) return;
      context.emit({
        type: 'step-finish',
        runId: record.runId,
        payload: { stepNumber: stepBase + index, finishReason: step.finishReason, usage: toRunUsage(step.usage) },
      });
    });
  }

  // A call stopped by the abort is a tool error to the SDK, which may then end normally.
  context.abortSignal?.throwIfAborted();
  const messages = withOurOutputs(response.messages, outcomes);
  if (paused) {
    const pendingIds = new Set(state.pending.map((call) => call.toolCallId));
    // The last step's calls: answered ones wait in the open step beside the pending ones.
    const last = messages.at(-1)?.role === 'tool' ? (messages.pop() as { content: ToolResultPart[] }) : undefined;
    const assistant = messages.at(-1);
    const callIds =
      assistant?.role === 'assistant' && Array.isArray(assistant.content)
        ? assistant.content.flatMap((part) =>
            part.type === 'tool-call' && !part.providerExecuted ? [part.toolCallId] : [],
          )
        : [];
    const results: Record<string, unknown> = {};
    for (const part of last?.content ?? []) {
      if (part.type === 'tool-result' && !pendingIds.has(part.toolCallId)) results[part.toolCallId] = part;
    }
    state.openStep = { toolCallIds: callIds, results };
  }
  state.messages.push(...messages);
  state.stepCount += steps.length;
  const usage = toRunUsage(totalUsage);
  state.usage = {
    inputTokens: state.usage.inputTokens + usage.inputTokens,
    outputTokens: state.usage.outputTokens + usage.outputTokens,
    totalTokens: state.usage.totalTokens + usage.totalTokens,
  };
  const lastStep = steps.at(-1);
  if (lastStep) state.lastFinishReason = lastStep.finishReason;
  segment.text = stream ? (stepTexts.at(-1) ?? '') : (lastStep?.text ?? '');
  return !prepares && outcomes.size > 0 && !paused && lastStep?.finishReason === 'tool-calls';
}
