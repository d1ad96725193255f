/**
 * Drives a run: answered calls close the open step, then the model goes on (`runSegment`) until the
 * run finishes or waits; the run is saved either way.
 */
import type { ModelMessage, ToolModelMessage, ToolResultPart } from 'ai';
import { describePending, persist, type LoopContext, type Segment } from './run-loop';
import { deliverBackgroundResults, hasUndeliveredTasks } from './background-tasks';
import { runSegment } from './run-segment';
import type { RunRecord, RunResult } from './run-types';

function closeStep(record: RunRecord) {
  const step = record.state.openStep;
  if (!step) return;
  const content = step.toolCallIds
    .map((id) => step.results[id] as ToolResultPart | undefined)
    .filter((part): part is ToolResultPart => part !== undefined);
  const message: ToolModelMessage = { role: 'tool', content };
  record.state.messages.push(message as ModelMessage);
  delete record.state.openStep;
}

function settle(context: LoopContext, segment: Segment, status: 'finished' | 'paused'): RunResult {
  const { record } = context;
  record.status = status;
  record.updatedAt = context.now();
  persist(context);
  const pending = status === 'paused' ? describePending(context, record.state.pending) : undefined;
  const outcome = {
    status,
    finishReason: status === 'paused' ? 'tool-calls' : (record.state.lastFinishReason ?? 'stop'),
    text: segment.text,
    toolCalls: segment.toolCalls,
    toolResults: segment.toolResults,
    ...(pending ? { pending } : {}),
    usage: record.state.usage,
  };
  if (context.listening) context.emit({ type: 'finish', runId: record.runId, payload: outcome });
  const { runId, agentId, versionId, versionNumber, label, resolvedToolsHash } = record;
  return {
    runId,
    agentId,
    versionId,
    versionNumber,
    ...(label === undefined ? {} : { label }),
    resolvedToolsHash,
    ...outcome,
  };
}

/**
 * Runs until the run finishes or waits; saves the run either way. Background tasks are waited for
 * before the run settles; an ended task's result goes to the model before its next step.
 */
export async function driveRun(context: LoopContext, segment: Segment): Promise<RunResult> {
  const { record } = context;
  const { state } = record;
  for (;;) {
    if (state.pending.length > 0) {
      await context.live.settled();
      return settle(context, segment, 'paused');
    }
    if (state.openStep) closeStep(record);
    deliverBackgroundResults(record);
    if (state.stepCount >= state.options.maxSteps) {
      await context.live.settled();
      return settle(context, segment, 'finished');
    }
    const goesOn = await runSegment(context, segment);
    if (state.pending.length > 0 || goesOn) continue;
    const working = (state.backgroundTasks ?? []).some((task) => task.status === 'running');
    if (!working && !hasUndeliveredTasks(record)) return settle(context, segment, 'finished');
    await context.live.settled();
  }
}
