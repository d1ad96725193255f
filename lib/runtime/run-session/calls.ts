/**
 * A tool call inside a run session: how a call of the model starts (not offered, a client tool, a
 * background task, or the tool's own path in `tool-call-runner.ts`), and how a continuation answers
 * a call the run waits on (approve, decline, resume, a client's result).
 */
import { StudioError } from '../../errors';
import { createModelOutput, type Tool, type ToolObserve } from '../../tools';
import { isBackgroundTool, startBackgroundTask } from '../background-tasks';
import type { Continuation } from '../continuation';
import type { ObservedCallOutcome, ToolCallObservation } from '../run-observer';
import type { PendingCall, StoredPendingCall } from '../run-types';
import {
  declinedOutcome,
  notFoundOutcome,
  runCall,
  shown,
  type CallMode,
  type CallOutcome,
  type CallSurroundings,
} from '../tool-call-runner';
import { markCallEnd, markCallStart, recordAnswer } from './recorded-steps';
import { emit, persist, transcribe, type RunSession } from './session';

export interface ModelCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** The names offered for a step: every tool, or the active ones, in record order. */
export function offeredNames(session: RunSession, active: ReadonlyArray<string> | undefined): string[] {
  const { names } = session.tools;
  if (!active) return names;
  const wanted = new Set(active);
  return names.filter((name) => wanted.has(name));
}

/** The `tool-call` chunk and transcript entry of a call the model made. */
export function announceCall(session: RunSession, { toolCallId, toolName, input }: ModelCall): void {
  const tool = session.tools.executable[toolName];
  const view = (target: 'display' | 'transcript') =>
    shown({
      tool,
      target,
      phase: 'input',
      argument: { input },
      toolName,
      toolCallId,
      logger: session.dependencies.logger,
    });
  emit(session, {
    type: 'tool-call',
    runId: session.record.runId,
    payload: { toolCallId, toolName, args: view('display') },
  });
  transcribe(session, { type: 'tool-call', toolCallId, toolName, args: view('transcript') });
}

/** Runs a call's steps with its start and duration read off the clock (for the recorded steps). */
export async function timedCall<TResult>(
  session: RunSession,
  toolCallId: string,
  run: () => Promise<TResult>,
): Promise<TResult> {
  markCallStart(session.recording.timing, toolCallId, session.dependencies.now());
  try {
    return await run();
  } finally {
    markCallEnd(session.recording, toolCallId);
  }
}

/** Records who answered a waiting call, and when. */
function recordAnswered(session: RunSession, toolCallId: string, answer: 'approved' | 'declined' | 'resumed'): void {
  recordAnswer(session.record.state, {
    toolCallId,
    answer,
    answeredBy: session.actor,
    answeredAt: session.dependencies.now(),
  });
}

interface CallRequest {
  session: RunSession;
  around: CallSurroundings;
  call: ModelCall;
  offered: ReadonlyArray<string>;
  mode: CallMode;
}

/** One call of the model, followed by the run's observer when it has one. */
export function startCall(request: CallRequest): Promise<CallOutcome> {
  const { observation } = request.session;
  if (!observation) return callOf(request);
  const { toolCallId, toolName } = request.call;
  return observedCall(observation.toolCallStarted({ toolCallId, toolName }), (observe) =>
    callOf({ ...request, observe }),
  );
}

/** Not offered -> the fixed not-found text; client tool -> pending; background tool -> a task; else run it. */
async function callOf(request: CallRequest & { observe?: ToolObserve }): Promise<CallOutcome> {
  const { session, around, call, offered, mode, observe } = request;
  const { toolCallId, toolName, input } = call;
  if (!offered.includes(toolName)) return notFoundOutcome({ toolCallId, toolName, available: offered, around });
  const tool = session.tools.executable[toolName];
  if (!tool) return { status: 'pending', pending: { toolCallId, toolName, kind: 'client', input } };
  if (mode.kind === 'new' && isBackgroundTool(tool)) {
    return startBackgroundTask({
      record: session.record,
      tool,
      call,
      around,
      live: session.live,
      emit: (chunk) => emit(session, chunk),
      save: () => persist(session),
      now: session.dependencies.now,
    });
  }
  return runCall({ tool, toolCallId, toolName, input, mode, around, observe });
}

/** Runs a call with its observation's `observe`, then tells the observation how it ended. */
async function observedCall(
  observed: ToolCallObservation,
  run: (observe: ToolObserve) => Promise<CallOutcome>,
): Promise<CallOutcome> {
  let outcome: CallOutcome;
  try {
    outcome = await run(observed.observe);
  } catch (error) {
    observed.finished({ status: 'threw', error });
    throw error;
  }
  observed.finished(observedOutcome(outcome));
  return outcome;
}

function observedOutcome(outcome: CallOutcome): ObservedCallOutcome {
  if (outcome.status === 'pending') return { status: 'pending', kind: outcome.pending.kind };
  if (outcome.failure !== undefined) return { status: 'done', isError: true, errorText: outcome.failure };
  const { output } = outcome.part;
  if (output.type === 'error-text') return { status: 'done', isError: true, errorText: output.value };
  if (output.type === 'error-json') return { status: 'done', isError: true, errorText: JSON.stringify(output.value) };
  return { status: 'done', isError: false };
}

/** Puts a finished call into the open step, or back on the pending list. */
export function applyOutcome(session: RunSession, outcome: CallOutcome): void {
  const { state } = session.record;
  if (outcome.status === 'pending') state.pending.push(outcome.pending);
  else if (state.openStep) state.openStep.results[outcome.part.toolCallId] = outcome.part;
}

interface AnswerRequest {
  session: RunSession;
  around: CallSurroundings;
  target: StoredPendingCall;
  continuation: Continuation;
}

/** Answers one call the run waits on, as the continuation says, followed by the run's observer. */
export function answerPendingCall(request: AnswerRequest): Promise<CallOutcome> {
  const { observation } = request.session;
  if (!observation) return answerOf(request);
  const { toolCallId, toolName } = request.target;
  const answering = request.continuation.action;
  return observedCall(observation.toolCallStarted({ toolCallId, toolName, answering }), (observe) =>
    answerOf({ ...request, observe }),
  );
}

async function answerOf(request: AnswerRequest & { observe?: ToolObserve }): Promise<CallOutcome> {
  const { session, around, target, continuation, observe } = request;
  const { toolCallId, toolName, input } = target;
  switch (continuation.action) {
    case 'decline':
      transcribe(session, { type: 'tool-call-decision', toolCallId, toolName, decision: 'declined' });
      recordAnswered(session, toolCallId, 'declined');
      return declinedOutcome({ toolCallId, toolName, around });
    case 'approve':
      transcribe(session, { type: 'tool-call-decision', toolCallId, toolName, decision: 'approved' });
      recordAnswered(session, toolCallId, 'approved');
      return timedCall(session, toolCallId, () =>
        callOf({
          session,
          around,
          call: target,
          offered: session.tools.names,
          mode: { kind: 'approved' },
          observe,
        }),
      );
    case 'resume': {
      const tool = requiredTool(session, toolName);
      transcribe(session, { type: 'tool-call-resumed', toolCallId, toolName, resumeData: continuation.resumeData });
      recordAnswered(session, toolCallId, 'resumed');
      return timedCall(session, toolCallId, () =>
        runCall({
          tool,
          toolCallId,
          toolName,
          input,
          mode: { kind: 'resume', resumeData: continuation.resumeData, suspendPayload: target.suspendPayload },
          around,
          observe,
        }),
      );
    }
    case 'tool-results': {
      const given = continuation.results.find((result) => result.toolCallId === toolCallId)!;
      const output = given.modelOutput ?? (await createModelOutput({ tool: { id: toolName }, output: given.output }));
      emit(session, {
        type: 'tool-result',
        runId: session.record.runId,
        payload: { toolCallId, toolName, result: given.output, isError: false },
      });
      transcribe(session, { type: 'tool-result', toolCallId, toolName, result: given.output, isError: false });
      return { status: 'done', part: { type: 'tool-result', toolCallId, toolName, output: output as never } };
    }
  }
}

function requiredTool(session: RunSession, toolName: string): Tool {
  const tool = session.tools.executable[toolName];
  if (tool) return tool;
  throw new StudioError('conflict', `The tool "${toolName}" is no longer part of this agent.`, { toolName });
}

/** The pending calls as callers see them (display transforms on arguments and suspend payloads). */
export function describePending(session: RunSession): PendingCall[] {
  return session.record.state.pending.map((call) => {
    const tool = session.tools.executable[call.toolName];
    const view = (phase: 'approval' | 'input' | 'suspend', argument: never) =>
      shown({
        tool,
        target: 'display',
        phase,
        argument,
        toolName: call.toolName,
        toolCallId: call.toolCallId,
        logger: session.dependencies.logger,
      });
    const described: PendingCall = {
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      kind: call.kind,
      args: view(call.kind === 'approval' ? 'approval' : 'input', { input: call.input } as never),
    };
    if (call.kind === 'suspended') {
      described.suspendPayload = view('suspend', { payload: call.suspendPayload } as never);
      if (tool?.schemas.resume) described.resumeSchema = tool.schemas.resume.jsonSchema;
    }
    return described;
  });
}

/** A call's argument text as the model sent it: parsed JSON, or the text itself when it is not JSON. */
export function parsedInput(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
