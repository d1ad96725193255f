/**
 * `background` tools: the model gets `Background task started. Task ID: <id>` at once and the run
 * goes on while the tool runs. The task is stored with the run; when it ends, its result is stored
 * too, a `background-task-completed` chunk goes out, and the model reads the result at its next
 * step (a user message after the step in which the task ended). A run does not finish or pause
 * while its tasks run: it waits for them, so a stored run never holds a live task, unless the
 * process stopped; such a task is marked failed when a studio next opens the database.
 */
import { randomUUID } from 'node:crypto';
import type { ModelMessage } from 'ai';
import type { Tool, ToolModelOutput } from '../tools';
import type { TranscriptEntry } from './run-types';
import type { BackgroundTask, RunRecord } from './run-record';
import { runCall, type CallOutcome, type CallSurroundings } from './tool-call-runner';

export const backgroundStartedText = (taskId: string) => `Background task started. Task ID: ${taskId}`;
export const interruptedMessage = 'The server stopped before the background task finished.';

/** The tasks of this process's runs that are still working, by task id. */
export interface LiveTasks {
  add(taskId: string, work: Promise<void>): void;
  /** Resolves once every task started so far has ended. */
  settled(): Promise<void>;
}

export function createLiveTasks(): LiveTasks {
  const running = new Map<string, Promise<void>>();
  return {
    add(taskId, work) {
      running.set(
        taskId,
        work.finally(() => running.delete(taskId)),
      );
    },
    async settled() {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}

export function isBackgroundTool(tool: Tool): boolean {
  const option = tool.background as unknown;
  return (
    option === true ||
    (typeof option === 'object' && option !== null && (option as { enabled?: unknown }).enabled === true)
  );
}

function modelText(output: ToolModelOutput): string {
  if (output.type === 'text' || output.type === 'error-text') return output.value;
  return JSON.stringify((output as { value?: unknown }).value ?? output);
}

const outcomeIsError = (outcome: CallOutcome) =>
  outcome.status === 'done' && ['error-text', 'error-json'].includes((outcome.part.output as ToolModelOutput).type);

/**
 * Starts the tool in the background and answers the call at once. `save` stores the run, so the
 * task is on record even if the process stops before the run's next write.
 */
export async function startBackgroundTask({
  record,
  tool,
  call,
  around,
  live,
  emit,
  save,
  now,
}: {
  record: RunRecord;
  tool: Tool;
  call: { toolCallId: string; toolName: string; input: unknown };
  around: CallSurroundings;
  live: LiveTasks;
  /** The run's own emit (the task ends whenever; its chunk goes out then). */
  emit: CallSurroundings['emit'];
  save(): Promise<void>;
  now(): string;
}): Promise<CallOutcome> {
  const { toolCallId, toolName, input } = call;
  const taskId = randomUUID();
  const task: BackgroundTask = { taskId, toolCallId, toolName, status: 'running', startedAt: now() };
  (record.state.backgroundTasks ??= []).push(task);
  const { runId } = record;
  around.emit({ type: 'background-task-started', runId, payload: { taskId, toolCallId, toolName } });
  const started = backgroundStartedText(taskId);
  around.emit({ type: 'tool-result', runId, payload: { toolCallId, toolName, result: started, isError: false } });
  around.record({ type: 'tool-result', toolCallId, toolName, result: started, isError: false });
  await save();

  const options = (typeof tool.background === 'object' ? tool.background : {}) as {
    timeoutMs?: number;
    maxRetries?: number;
  };
  const work = async () => {
    let shown: { result: unknown; isError: boolean } = { result: undefined, isError: true };
    let entry: TranscriptEntry | undefined;
    let text = '';
    const attempts = 1 + Math.max(0, options.maxRetries ?? 0);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const signals = [around.abortSignal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined];
      const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
      const abortSignal = present.length > 0 ? AbortSignal.any(present) : undefined;
      const inner: CallSurroundings = {
        ...around,
        abortSignal,
        emit(chunk) {
          if (chunk.type === 'tool-result') shown = { result: chunk.payload.result, isError: chunk.payload.isError };
          else if (chunk.type === 'tool-error') shown = { result: chunk.payload.error, isError: true };
          else if (chunk.type.startsWith('data-')) emit(chunk);
        },
        record(given) {
          entry = given;
        },
      };
      let outcome: CallOutcome;
      try {
        outcome = await runCall({ tool, toolCallId, toolName, input, mode: { kind: 'new' }, around: inner });
      } catch (error) {
        const timedOut = options.timeoutMs !== undefined && !around.abortSignal?.aborted;
        const message = timedOut
          ? `The background task timed out after ${options.timeoutMs} ms.`
          : error instanceof Error
            ? error.message
            : String(error);
        shown = { result: { message }, isError: true };
        text = message;
        entry = undefined;
        if (around.abortSignal?.aborted) break;
        continue;
      }
      if (outcome.status === 'pending') {
        const message = `The background tool "${toolName}" asked to wait for ${outcome.pending.kind === 'approval' ? 'an approval' : 'resume data'}, which a background task cannot do.`;
        shown = { result: { message }, isError: true };
        text = message;
        entry = undefined;
        break;
      }
      text = modelText(outcome.part.output as ToolModelOutput);
      if (!outcomeIsError(outcome)) break;
    }
    task.status = shown.isError ? 'failed' : 'completed';
    task.result = shown.result;
    task.modelText = text;
    task.endedAt = now();
    record.state.transcript.push({
      type: 'background-task-completed',
      taskId,
      toolCallId,
      toolName,
      status: task.status,
      result: entry?.type === 'tool-result' ? entry.result : shown.result,
    });
    emit({
      type: 'background-task-completed',
      runId,
      payload: { taskId, toolCallId, toolName, status: task.status, result: shown.result, isError: shown.isError },
    });
  };
  live.add(taskId, work());
  return {
    status: 'done',
    part: { type: 'tool-result', toolCallId, toolName, output: { type: 'text', value: started } },
  };
}

/** Ended tasks whose result the model has not read yet. */
export function hasUndeliveredTasks(record: RunRecord): boolean {
  return (record.state.backgroundTasks ?? []).some((task) => task.status !== 'running' && !task.delivered);
}

/** Hands the ended tasks' results to the model: one user message, read at its next step. */
export function deliverBackgroundResults(record: RunRecord): void {
  const ended = (record.state.backgroundTasks ?? []).filter((task) => task.status !== 'running' && !task.delivered);
  if (ended.length === 0) return;
  const lines = ended.map(
    (task) =>
      `Background task ${task.taskId} (${task.toolName}) ${task.status === 'completed' ? 'completed' : 'failed'}: ${task.modelText ?? ''}`,
  );
  for (const task of ended) task.delivered = true;
  record.state.messages.push({ role: 'user', content: lines.join('\n') } as ModelMessage);
}

/** Marks the running tasks of a run failed (their process stopped); false when it had none. */
export function failInterruptedTasks(record: RunRecord, now: string): boolean {
  const running = (record.state.backgroundTasks ?? []).filter((task) => task.status === 'running');
  for (const task of running) {
    task.status = 'failed';
    task.result = { message: interruptedMessage };
    task.modelText = interruptedMessage;
    task.endedAt = now;
    record.state.transcript.push({
      type: 'background-task-completed',
      taskId: task.taskId,
      toolCallId: task.toolCallId,
      toolName: task.toolName,
      status: 'failed',
      result: { message: interruptedMessage },
    });
  }
  return running.length > 0;
}
