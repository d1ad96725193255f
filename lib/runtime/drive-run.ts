/**
 * Drives a run: answered calls close the open step, then the model goes on (`runSegment`) until the
 * run finishes or waits; the run is saved either way.
 */
import type { ModelMessage, ToolModelMessage, ToolResultPart } from 'ai';
import { describePending, persist, type LoopContext, type Segment } from './run-loop';
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
  context.emit({ type: 'finish', runId: record.runId, payload: outcome });
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

/** Runs until the run finishes or waits; saves the run either way. */
export async function driveRun(context: LoopContext, segment: Segment): Promise<RunResult> {
  const { state } = context.record;
  for (;;) {
    if (state.pending.length > 0) return settle(context, segment, 'paused');
    if (state.openStep) closeStep(context.record);
    if (state.stepCount >= state.options.maxSteps) return settle(context, segment, 'finished');
    await runSegment(context, segment);
    if (state.pending.length === 0) return settle(context, segment, 'finished');
  }
}
