/**
 * The state of one run while this process drives it: the stored record, what the run runs with
 * (environment, tools, hooks), who listens, and what this request's part of the run produced. Every
 * step of the run session (open, stretch, call, settle) reads and changes this one object.
 */
import type { Logger } from '../../logger';
import type { RequestContext } from '../../tools';
import type { AgentHooks, PrepareStep } from '../run-types';
import type { LiveTasks } from '../background-tasks';
import type { ModelRegistry } from '../model-registry';
import type { RunObservation, RunObserver } from '../run-observer';
import type { RunEnvironment } from '../run-environment';
import type { RunStore } from '../run-store';
import type { RunTools } from '../run-tools';
import { identityOf, type RunChunk, type RunToolCall, type RunToolResult, type TranscriptEntry } from '../run-types';
import type { RunRecord } from '../run-record';
import type { CallSurroundings } from '../tool-call-runner';
import { recordChunk, type StepRecording } from './recorded-steps';

/** What every run session of one runner shares. */
export interface RunDependencies {
  store: RunStore;
  models: Pick<ModelRegistry, 'resolve' | 'excerpt'>;
  logger: Logger;
  /** The current time as ISO text. */
  now(): string;
  /** Follows every run's lifecycle (tracing); absent, runs do no such work. */
  observer?: RunObserver;
}

/** What this request's part of the run produced: its result reports only these. */
export interface RunReply {
  toolCalls: RunToolCall[];
  toolResults: RunToolResult[];
  /** The text of the last model step. */
  text: string;
}

export interface RunSession {
  dependencies: RunDependencies;
  record: RunRecord;
  environment: RunEnvironment;
  tools: RunTools;
  /** The agent's hooks overridden per key by the run's. */
  hooks: AgentHooks;
  prepareStep: PrepareStep | undefined;
  abortSignal: AbortSignal | undefined;
  /** The request context as tools get it (frozen); the record keeps a plain copy. */
  requestContext: RequestContext;
  /** Whether the record was written once: its first write is an insert. */
  stored: boolean;
  /** Who reads the chunks as they happen (a stream, an `onChunk`); a generated run has nobody. */
  listener: ((chunk: RunChunk) => void) | undefined;
  reply: RunReply;
  /** The run's background tasks still working in this process. */
  live: LiveTasks;
  /** This run as the studio's observer follows it; `undefined` without an observer. */
  observation: RunObservation | undefined;
  /** The steps being recorded for the runs pages, with this session's clock readings. */
  recording: StepRecording;
  /** Who answers the run's waiting calls in this session (a continuation's actor), when known. */
  actor: string | undefined;
}

/** Sends a chunk to the listener, keeping the calls and results the reply reports and the recorded steps. */
export function emit(session: RunSession, chunk: RunChunk): void {
  recordChunk(session.recording, chunk);
  const { reply } = session;
  if (chunk.type === 'tool-call') reply.toolCalls.push(chunk.payload);
  else if (chunk.type === 'tool-result') reply.toolResults.push(chunk.payload);
  else if (chunk.type === 'tool-error') {
    const { toolCallId, toolName, error } = chunk.payload;
    reply.toolResults.push({ toolCallId, toolName, result: error, isError: true });
  }
  session.listener?.(chunk);
}

/** Adds an entry to the run's transcript. */
export function transcribe(session: RunSession, entry: TranscriptEntry): void {
  session.record.state.transcript.push(entry);
}

/**
 * Writes the run. A streamed run is stored when it starts (its id is in the `start` chunk, so it can
 * be looked up while it runs); a generated one when it first pauses, finishes or fails.
 */
export async function persist(session: RunSession): Promise<void> {
  if (session.stored) await session.dependencies.store.save(session.record);
  else {
    await session.dependencies.store.insert(session.record);
    session.stored = true;
  }
}

/** The `start` chunk: which run, of which version, with which tools. */
export function startChunk(record: RunRecord): RunChunk {
  return { type: 'start', runId: record.runId, payload: identityOf(record) };
}

/** What a tool call sees of its run, and where its reports go. */
export function callSurroundings(session: RunSession): CallSurroundings {
  const { record } = session;
  const { state } = record;
  return {
    runId: record.runId,
    agentId: record.agentId,
    requestContext: session.requestContext,
    threadId: record.threadId,
    resourceId: record.resourceId,
    abortSignal: session.abortSignal,
    messages: state.messages,
    hooks: session.hooks,
    toolApprovals: session.environment.toolApprovals,
    logger: session.dependencies.logger,
    emit: (chunk) => emit(session, chunk),
    record: (entry) => transcribe(session, entry),
    files: {
      write({ path, content }) {
        (state.files ??= {})[path] = content;
        return path;
      },
      read: (path) => state.files?.[path],
    },
  };
}
