/**
 * The one optional observer of a run's lifecycle: the run (a new one, or a paused one continued)
 * starts, its model steps start and finish, its tool calls start and finish, and it ends (finished,
 * paused, failed or aborted). `createStudio` passes one in (tracing, `lib/telemetry`); without one
 * the run session does none of this work. An observer watches; it never changes or fails a run, so
 * its methods must not throw.
 */
import type { ToolObserve } from '../tools';
import type { Continuation } from './continuation';
import type { PendingKind, RunUsage } from './run-types';
import type { RunRecord } from './run-record';

/** Which model a step calls. */
export interface ObservedModel {
  provider: string;
  modelId: string;
}

export interface RunObserver {
  /** This process starts driving a run: a new run, or a paused run continued (`continued`). */
  runStarted(start: { record: Readonly<RunRecord>; model: ObservedModel; continued: boolean }): RunObservation;
}

/** One run as its observer follows it, from `runStarted` to `runEnded`. */
export interface RunObservation {
  /** A model step starts (`stepNumber` counts from the run's first step, over continuations). */
  stepStarted(step: { stepNumber: number; model: ObservedModel }): void;
  /** The step finished: the model answered and the tool calls it asked for were handled. */
  stepFinished(step: {
    stepNumber: number;
    finishReason: string;
    usage: RunUsage;
    /** The model's own name for what answered (`response.modelId`), when it differs. */
    responseModelId?: string;
  }): void;
  /**
   * A tool call starts: one the model made in the current step, or, in a continuation, a paused
   * call being answered (`answering` says how). The answer's `observe` is the call's `context.observe`.
   */
  toolCallStarted(call: {
    toolCallId: string;
    toolName: string;
    answering?: Continuation['action'];
  }): ToolCallObservation;
  /** This request's part of the run is over; the run is stored with this status. */
  runEnded(end: ObservedRunEnd): void;
}

export type ObservedRunEnd =
  | { status: 'finished'; finishReason: string }
  | { status: 'paused'; pendingCalls: number }
  | { status: 'failed' | 'aborted'; error: { code: string; message: string } };

export interface ToolCallObservation {
  /** What the tool gets as `context.observe` for this call. */
  observe: ToolObserve;
  finished(outcome: ObservedCallOutcome): void;
}

/**
 * How a call ended: answered (`isError` for error results, with the text the model reads, already
 * redacted like every tool result), pending (the run waits for approval, resume data or a client),
 * or thrown (the run fails or was aborted).
 */
export type ObservedCallOutcome =
  | { status: 'done'; isError: boolean; errorText?: string }
  | { status: 'pending'; kind: PendingKind }
  | { status: 'threw'; error: unknown };
