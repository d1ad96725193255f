/**
 * Driving a run session: answered calls close the open step, ended background tasks are handed to
 * the model, then stretches of model steps run (`runStretch`) until the run finishes or waits. The
 * run is stored either way, and the result reports what this request's part of the run produced.
 */
import type { ModelMessage, ToolResultPart } from 'ai';
import { StudioError } from '../../errors';
import { definedFields } from '../../defined-fields';
import { deliverBackgroundResults, hasUndeliveredTasks } from '../background-tasks';
import { identityOf, type RunResult } from '../run-types';
import type { RunRecord } from '../run-record';
import { structuredObject } from '../structured-output';
import { describePending } from './calls';
import { emit, persist, type RunSession } from './session';
import { runStretch } from './stretch';

/** Writes the open step's tool message once every call in it is answered. */
function closeOpenStep(record: RunRecord): void {
  const step = record.state.openStep;
  if (!step) return;
  const content = step.toolCallIds
    .map((id) => step.results[id] as ToolResultPart | undefined)
    .filter((part): part is ToolResultPart => part !== undefined);
  record.state.messages.push({ role: 'tool', content } as ModelMessage);
  delete record.state.openStep;
}

function hasRunningTasks(record: RunRecord): boolean {
  return (record.state.backgroundTasks ?? []).some((task) => task.status === 'running');
}

/**
 * Runs until the run finishes or waits. Background tasks are waited for before the run settles;
 * an ended task's result goes to the model before its next step.
 */
export async function driveSession(session: RunSession): Promise<RunResult> {
  const { record } = session;
  const { state } = record;
  for (;;) {
    if (state.pending.length > 0) {
      await session.live.settled();
      return settleSession(session, 'paused');
    }
    closeOpenStep(record);
    deliverBackgroundResults(record);
    if (state.stepCount >= state.options.maxSteps) {
      await session.live.settled();
      return settleSession(session, 'finished');
    }
    await runStretch(session);
    if (state.pending.length > 0) continue;
    if (!hasRunningTasks(record) && !hasUndeliveredTasks(record)) return settleSession(session, 'finished');
    await session.live.settled();
  }
}

/**
 * A run of an unsaved draft does not pause: a continuation resolves the version the run pinned, and
 * a draft is no version (docs/runs.md, "Runs of an unsaved draft"). The run fails with 409
 * `draft_cannot_pause` instead, the calls it waits for named.
 */
function draftCannotPause(record: RunRecord): StudioError {
  const waiting = [...new Set(record.state.pending.map((call) => call.toolName))];
  return new StudioError(
    'draft_cannot_pause',
    `This run of an unsaved draft stopped: ${waiting.join(', ')} waits for an answer (an approval or more ` +
      'data), and only a run of a saved version can wait. Save the draft as a version, then run that version.',
    { runId: record.runId, toolNames: waiting },
  );
}

/** Stores the run as finished or paused, sends the `finish` chunk and answers the result. */
async function settleSession(session: RunSession, status: 'finished' | 'paused'): Promise<RunResult> {
  const { record } = session;
  if (status === 'paused' && record.draft) throw draftCannotPause(record);
  const schema = record.state.options.output;
  // A finished run with an output schema answers its object, or fails if the answer is not one.
  const object = status === 'finished' && schema ? structuredObject(session.reply.text, schema) : undefined;
  record.status = status;
  record.updatedAt = session.dependencies.now();
  if (status === 'finished') record.finishedAt = record.updatedAt;
  await persist(session);
  const outcome = definedFields({
    status,
    finishReason: status === 'paused' ? 'tool-calls' : (record.state.lastFinishReason ?? 'stop'),
    text: session.reply.text,
    toolCalls: session.reply.toolCalls,
    toolResults: session.reply.toolResults,
    pending: status === 'paused' ? describePending(session) : undefined,
    usage: record.state.usage,
    object,
  });
  session.observation?.runEnded(
    status === 'paused'
      ? { status, pendingCalls: record.state.pending.length }
      : { status, finishReason: outcome.finishReason },
  );
  emit(session, { type: 'finish', runId: record.runId, payload: outcome });
  return { ...identityOf(record), ...outcome };
}
