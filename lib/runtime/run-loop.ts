/**
 * The run loop: model steps and their tool calls (`run-segment.ts`), until the model stops calling
 * tools, the step budget is spent, or a call makes the run wait (approval, suspension, client
 * tools). The loop works on the run's stored state only, so it continues the same way after a pause
 * in another process: answered calls close the open step, then the model goes on.
 */
import type { AgentHooks } from '../agents/run-types';
import type { Logger } from '../logger';
import type { RequestContext, Tool } from '../tools';
import { isBackgroundTool, startBackgroundTask, type LiveTasks } from './background-tasks';
import type { ModelRegistry } from './model-registry';
import type { RunEnvironment } from './run-environment';
import type { RunStore } from './run-store';
import type { RunTools } from './run-tools';
import type {
  PendingCall,
  PrepareStep,
  RunChunk,
  RunRecord,
  RunToolCall,
  RunToolResult,
  StoredPendingCall,
  TranscriptEntry,
} from './run-types';
import {
  notFoundOutcome,
  runCall,
  shown,
  type CallMode,
  type CallOutcome,
  type CallSurroundings,
} from './tool-call-runner';

export interface LoopContext {
  record: RunRecord;
  environment: RunEnvironment;
  tools: RunTools;
  hooks: AgentHooks;
  prepareStep?: PrepareStep;
  models: Pick<ModelRegistry, 'resolve' | 'excerpt'>;
  stream: boolean;
  abortSignal?: AbortSignal;
  store: RunStore;
  /**
   * The run's request context as its tools get it: one frozen copy per stretch of the run (the
   * record keeps a plain copy, which is stored and read back).
   */
  requestContext: RequestContext;
  /** `value: true` until the run's first write (see `persist`). */
  unstored?: { value: boolean };
  logger: Logger;
  now(): string;
  emit(chunk: RunChunk): void;
  /**
   * Whether anyone reads the chunks beyond the run's result (a stream, an `onChunk`): without,
   * chunks the result does not collect (`step-finish`, `finish`) are not made.
   */
  listening: boolean;
  /** The run's background tasks still working in this process. */
  live: LiveTasks;
}

/** What this part of the run produced (a continuation reports only its own calls and text). */
export interface Segment {
  toolCalls: RunToolCall[];
  toolResults: RunToolResult[];
  text: string;
}

/** Wraps `emit` so the segment's calls, results and current step text are collected on the way. */
export function collectingEmit(emit: (chunk: RunChunk) => void): { emit: (chunk: RunChunk) => void; segment: Segment } {
  const segment: Segment = { toolCalls: [], toolResults: [], text: '' };
  return {
    segment,
    emit(chunk) {
      if (chunk.type === 'tool-call') segment.toolCalls.push(chunk.payload);
      else if (chunk.type === 'tool-result') segment.toolResults.push(chunk.payload);
      else if (chunk.type === 'tool-error') {
        const { toolCallId, toolName, error } = chunk.payload;
        segment.toolResults.push({ toolCallId, toolName, result: error, isError: true });
      } else if (chunk.type === 'text-delta') segment.text += chunk.payload.text;
      emit(chunk);
    },
  };
}

export function surroundings(context: LoopContext): CallSurroundings {
  const { record } = context;
  return {
    runId: record.runId,
    agentId: record.agentId,
    requestContext: context.requestContext,
    ...(record.threadId === undefined ? {} : { threadId: record.threadId }),
    ...(record.resourceId === undefined ? {} : { resourceId: record.resourceId }),
    ...(context.abortSignal ? { abortSignal: context.abortSignal } : {}),
    messages: record.state.messages,
    hooks: context.hooks,
    logger: context.logger,
    emit: context.emit,
    record: (entry: TranscriptEntry) => record.state.transcript.push(entry),
    files: {
      write({ path, content }) {
        (record.state.files ??= {})[path] = content;
        return path;
      },
      read: (path) => record.state.files?.[path],
    },
  };
}

/** The pending calls as callers see them (display transforms on arguments and suspend payloads). */
export function describePending(
  context: Pick<LoopContext, 'tools' | 'logger'>,
  pending: StoredPendingCall[],
): PendingCall[] {
  return pending.map((call) => {
    const tool: Tool | undefined = context.tools.executable[call.toolName];
    const common = {
      tool,
      target: 'display' as const,
      toolName: call.toolName,
      toolCallId: call.toolCallId,
      logger: context.logger,
    };
    return {
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      kind: call.kind,
      args: shown({
        ...common,
        phase: call.kind === 'approval' ? 'approval' : 'input',
        argument: { input: call.input },
      }),
      ...(call.kind === 'suspended'
        ? { suspendPayload: shown({ ...common, phase: 'suspend', argument: { payload: call.suspendPayload } }) }
        : {}),
      ...(call.kind === 'suspended' && tool?.schemas.resume ? { resumeSchema: tool.schemas.resume.jsonSchema } : {}),
    };
  });
}

/** Puts a finished call into the open step, or back on the pending list. */
export function applyOutcome(record: RunRecord, outcome: CallOutcome) {
  if (outcome.status === 'pending') record.state.pending.push(outcome.pending);
  else if (record.state.openStep) record.state.openStep.results[outcome.part.toolCallId] = outcome.part;
}

/** The names offered for a step: every tool, or the active ones, in record order. */
export function activeNames(context: Pick<LoopContext, 'tools'>, active: ReadonlyArray<string> | undefined): string[] {
  if (!active) return context.tools.names;
  const wanted = new Set(active);
  return context.tools.names.filter((name) => wanted.has(name));
}

/** One call of the model: not offered -> the fixed not-found text; client tool -> pending; else run it. */
export function startCall({
  context,
  around,
  call,
  offered,
  mode,
}: {
  context: LoopContext;
  around: CallSurroundings;
  call: { toolCallId: string; toolName: string; input: unknown };
  offered: ReadonlyArray<string>;
  mode: CallMode;
}): Promise<CallOutcome> | CallOutcome {
  const { toolCallId, toolName, input } = call;
  if (!offered.includes(toolName)) return notFoundOutcome({ toolCallId, toolName, available: offered, around });
  const tool = context.tools.executable[toolName];
  if (!tool) return { status: 'pending', pending: { toolCallId, toolName, kind: 'client', input } };
  if (mode.kind === 'new' && isBackgroundTool(tool)) {
    return startBackgroundTask({
      record: context.record,
      tool,
      call,
      around,
      live: context.live,
      emit: context.emit,
      save: () => persist(context),
      now: context.now,
    });
  }
  return runCall({ tool, toolCallId, toolName, input, mode, around });
}

/**
 * Writes the run: the first write of a run that was not stored when it started is an insert. A
 * streamed run is stored at once (its id is visible in the `start` chunk, so it can be looked up
 * while it runs); a generated one only when it pauses, finishes or fails, which saves a write on
 * the hot path (nobody can ask for its id before the answer).
 */
export function persist(context: Pick<LoopContext, 'store' | 'record' | 'unstored'>) {
  if (context.unstored?.value) {
    context.unstored.value = false;
    context.store.insert(context.record);
  } else context.store.save(context.record);
}
