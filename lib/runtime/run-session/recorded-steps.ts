/**
 * The steps a run records for the runs pages (`GET /api/runs/:runId`): per model step its model call
 * (start, duration, usage, finish reason) and its tool calls, each as the run showed it.
 *
 * What a step holds comes from the chunks the run emits (so arguments and results are exactly what
 * the stream and the transcript's readers were shown: display transforms applied, secrets
 * redacted), read in the model's order. When things happened comes from a few clock readings taken
 * as they happen (a step starts, a tool call starts and ends, a step ends), kept in the session
 * only: a generated run's chunks are read after the SDK is done, so their reading time says
 * nothing. Recording adds no read or write of the run; the steps go out with the run's state.
 */
import type { RunChunk, RunUsage } from '../run-types';
import type { RecordedAnswer, RecordedStep, RecordedToolCall, RunState } from '../run-record';

interface StepClock {
  startedAt: string;
  startMs: number;
  /** When the step's first tool call started: the model's part of the step is over. */
  modelEndMs?: number;
  endMs?: number;
}

interface CallClock {
  startedAt: string;
  startMs: number;
  durationMs?: number;
}

/** The clock readings of one session, and the step whose chunks are being read. Not stored. */
export interface RunTiming {
  steps: Map<number, StepClock>;
  /** The step the model is on now. */
  current: number | undefined;
  calls: Map<string, CallClock>;
  /** The recorded step that the chunks read now belong to (made at its first chunk). */
  reading: RecordedStep | undefined;
}

export function createRunTiming(): RunTiming {
  return { steps: new Map(), current: undefined, calls: new Map(), reading: undefined };
}

const elapsed = (fromMs: number, toMs: number) => Math.max(0, Math.round(toMs - fromMs));

/** A model step begins (its number counts every step of the run). */
export function markStepStart(timing: RunTiming, stepNumber: number, now: string): void {
  timing.steps.set(stepNumber, { startedAt: now, startMs: performance.now() });
  timing.current = stepNumber;
}

/** The step under way has ended (its tool calls included). */
export function markStepEnd(timing: RunTiming): void {
  const step = timing.current === undefined ? undefined : timing.steps.get(timing.current);
  if (step) step.endMs = performance.now();
}

/** A tool call starts running; the first one of a step ends the step's model call. */
export function markCallStart(timing: RunTiming, toolCallId: string, now: string): void {
  const startMs = performance.now();
  timing.calls.set(toolCallId, { startedAt: now, startMs });
  const step = timing.current === undefined ? undefined : timing.steps.get(timing.current);
  if (step && step.modelEndMs === undefined) step.modelEndMs = startMs;
}

/**
 * A tool call has ended. A call answered in a continuation reports its result before this (nothing
 * holds its chunks back): its recorded entry gets the duration now.
 */
export function markCallEnd(recording: StepRecording, toolCallId: string): void {
  const clock = recording.timing.calls.get(toolCallId);
  if (!clock) return;
  clock.durationMs = elapsed(clock.startMs, performance.now());
  const recorded = findCall(recording.state, toolCallId);
  if (recorded && recorded.startedAt === clock.startedAt) recorded.durationMs = clock.durationMs;
}

/** The steps of a run, made when the run records its first one. */
const stepsOf = (state: RunState): RecordedStep[] => (state.steps ??= []);

function openStep(state: RunState, timing: RunTiming, now: string): RecordedStep {
  if (timing.reading) return timing.reading;
  const step: RecordedStep = {
    startedAt: now,
    durationMs: 0,
    model: { startedAt: now, durationMs: 0, finishReason: null, usage: { inputTokens: 0, outputTokens: 0 } },
    toolCalls: [],
  };
  stepsOf(state).push(step);
  timing.reading = step;
  return step;
}

/** A call recorded before (in this step, or an earlier one when a continuation answers it). */
function findCall(state: RunState, toolCallId: string): RecordedToolCall | undefined {
  const steps = state.steps ?? [];
  for (let index = steps.length - 1; index >= 0; index--) {
    const found = steps[index]!.toolCalls.find((call) => call.toolCallId === toolCallId);
    if (found) return found;
  }
  return undefined;
}

/** What a session's recording needs: the run's state, its clock, and where its tools came from. */
export interface StepRecording {
  state: RunState;
  timing: RunTiming;
  sources: Readonly<Record<string, string>>;
  now(): string;
}

function newCall(recording: StepRecording, toolCallId: string, toolName: string, args: unknown): RecordedToolCall {
  const call: RecordedToolCall = {
    toolCallId,
    toolName,
    source: recording.sources[toolName] ?? 'unknown',
    args: args ?? null,
    isError: false,
    startedAt: null,
    durationMs: null,
  };
  openStep(recording.state, recording.timing, recording.now()).toolCalls.push(call);
  return call;
}

function callOf(recording: StepRecording, toolCallId: string, toolName: string): RecordedToolCall {
  return findCall(recording.state, toolCallId) ?? newCall(recording, toolCallId, toolName, undefined);
}

/** The clock readings of a call that ran. */
function timeCall(recording: StepRecording, call: RecordedToolCall): void {
  const clock = recording.timing.calls.get(call.toolCallId);
  if (!clock) return;
  call.startedAt = clock.startedAt;
  call.durationMs = clock.durationMs ?? null;
}

/** The text of a shown error: its message when it has one. */
function errorText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string') {
    return (value as { message: string }).message;
  }
  return JSON.stringify(value) ?? 'The tool call failed.';
}

function finishStep(
  recording: StepRecording,
  { stepNumber, finishReason, usage }: { stepNumber: number; finishReason: string; usage: RunUsage },
): void {
  const { timing } = recording;
  const step = openStep(recording.state, timing, recording.now());
  const clock = timing.steps.get(stepNumber);
  if (clock) {
    const endMs = clock.endMs ?? performance.now();
    step.startedAt = clock.startedAt;
    step.durationMs = elapsed(clock.startMs, endMs);
    step.model.startedAt = clock.startedAt;
    step.model.durationMs = elapsed(clock.startMs, clock.modelEndMs ?? endMs);
  }
  step.model.finishReason = finishReason;
  step.model.usage = { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens };
  timing.reading = undefined;
}

/** Records what one chunk of the run says about its steps. */
export function recordChunk(recording: StepRecording, chunk: RunChunk): void {
  switch (chunk.type) {
    case 'tool-call': {
      const { toolCallId, toolName, args } = chunk.payload;
      newCall(recording, toolCallId, toolName, args);
      return;
    }
    case 'tool-result': {
      const { toolCallId, toolName, result, isError } = chunk.payload;
      const call = callOf(recording, toolCallId, toolName);
      call.result = result;
      call.isError = isError;
      if (isError) call.error = errorText(result);
      timeCall(recording, call);
      return;
    }
    case 'tool-error': {
      const { toolCallId, toolName, error } = chunk.payload;
      const call = callOf(recording, toolCallId, toolName);
      call.result = error;
      call.isError = true;
      call.error = errorText(error);
      timeCall(recording, call);
      return;
    }
    case 'tool-call-approval':
      // The tool has not run: asking for approval comes before it.
      callOf(recording, chunk.payload.toolCallId, chunk.payload.toolName).approval = { state: 'pending' };
      return;
    case 'tool-call-suspended': {
      const call = callOf(recording, chunk.payload.toolCallId, chunk.payload.toolName);
      call.suspended = { state: 'pending' };
      timeCall(recording, call);
      return;
    }
    case 'step-finish':
      finishStep(recording, chunk.payload);
      return;
    default:
      return;
  }
}

/** Records the answer to a call that waited: approved, declined or resumed, by whom and when. */
export function recordAnswer(
  state: RunState,
  {
    toolCallId,
    answer,
    answeredBy,
    answeredAt,
  }: {
    toolCallId: string;
    answer: 'approved' | 'declined' | 'resumed';
    answeredBy: string | undefined;
    answeredAt: string;
  },
): void {
  const call = findCall(state, toolCallId);
  if (!call) return;
  if (answer === 'resumed') {
    call.suspended = { state: 'resumed', answeredBy, answeredAt } satisfies RecordedAnswer<'resumed'>;
  } else call.approval = { state: answer, answeredBy, answeredAt };
}
