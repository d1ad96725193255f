/**
 * A run as it is stored: its state (messages, pending calls, open step, background tasks, the
 * recorded steps) and its record. Plain JSON, so a paused run continues in another process.
 */
import type { ModelMessage } from 'ai';
import type { ErrorBody } from '../errors';
import type { JsonSchema } from '../tools';
import type { CallSettings } from '../snapshots';
import type {
  ClientToolDefinition,
  RunIdentity,
  RunStatus,
  RunUsage,
  StoredPendingCall,
  ToolChoice,
  TranscriptEntry,
} from './run-types';

/** A `background` tool's task, stored with its run. */
export interface BackgroundTask {
  taskId: string;
  toolCallId: string;
  toolName: string;
  status: 'running' | 'completed' | 'failed';
  /** What the UI was shown (display transform applied). */
  result?: unknown;
  /** What the model reads (`toModelOutput` applied), once the task ended. */
  modelText?: string;
  /** The model has read the result. */
  delivered?: boolean;
  startedAt: string;
  endedAt?: string;
}

/** The calls of the step being answered: results gathered so far, in the model's call order. */
export interface OpenStep {
  toolCallIds: string[];
  results: Record<string, unknown>;
}

/** How a call waiting for an answer was answered, and by whom (the actor of the continuation request). */
export interface RecordedAnswer<TState extends string> {
  state: TState;
  /** `user:<email>`, `key:<name>` or `local`; absent when code in the process answered. */
  answeredBy?: string;
  answeredAt?: string;
}

/** One tool call of a recorded step, as the run showed it (display transforms and redaction applied). */
export interface RecordedToolCall {
  toolCallId: string;
  toolName: string;
  /** Where the tool came from, as the resolution names sources (`code`, `mcp`, `integration`, ...). */
  source: string;
  args: unknown;
  /** Absent while the call waits. */
  result?: unknown;
  isError: boolean;
  error?: string;
  /** When the tool's own steps began (null for a call that never ran, such as one waiting for approval). */
  startedAt: string | null;
  durationMs: number | null;
  approval?: RecordedAnswer<'pending' | 'approved' | 'declined'>;
  suspended?: RecordedAnswer<'pending' | 'resumed'>;
}

/** One model step of a run as the runs pages show it: the model call and the tool calls it made. */
export interface RecordedStep {
  startedAt: string;
  /** From the model call's start until the step's last tool call ended. */
  durationMs: number;
  model: {
    startedAt: string;
    /** Until the step's first tool call started, or the step ended. */
    durationMs: number;
    finishReason: string | null;
    usage: { inputTokens: number; outputTokens: number };
  };
  toolCalls: RecordedToolCall[];
}

/** Everything a paused run needs to continue anywhere (stored as JSON). */
export interface RunState {
  messages: ModelMessage[];
  /** Model calls made so far. */
  stepCount: number;
  openStep?: OpenStep;
  pending: StoredPendingCall[];
  clientTools: Record<string, ClientToolDefinition>;
  /**
   * `output`: the JSON Schema form of the run's structured output; `settings`: the version's model
   * call settings (temperature, ...), passed to every model call.
   */
  options: {
    toolChoice?: ToolChoice;
    activeTools?: string[];
    maxSteps: number;
    output?: JsonSchema;
    settings?: CallSettings;
  };
  transcript: TranscriptEntry[];
  usage: RunUsage;
  lastFinishReason?: string;
  backgroundTasks?: BackgroundTask[];
  /** Files kept with the run, by path (a plan submitted with `submit_plan`). */
  files?: Record<string, string>;
  /** The model steps as recorded for the runs pages (absent in runs stored before steps were recorded). */
  steps?: RecordedStep[];
}

/** How many tool calls the run's recorded steps hold. */
export function countToolCalls(state: RunState): number {
  let count = 0;
  for (const step of state.steps ?? []) count += step.toolCalls.length;
  return count;
}

export interface RunRecord extends RunIdentity {
  status: RunStatus;
  threadId?: string;
  resourceId?: string;
  /** The `RunCaller.id` of who started the run; absent for code, and with sign-in off. */
  createdBy?: string;
  /** `evaluation` for a replay of a test case (docs/testing-agents.md); absent for every other run. */
  kind?: 'evaluation';
  /** Without the caller's MCP token, which is kept encrypted beside it. */
  requestContext: Record<string, unknown>;
  state: RunState;
  /** Raised on every write: a continuation claims the run by its revision. */
  revision: number;
  error?: ErrorBody['error'];
  /** When the run started. */
  createdAt: string;
  updatedAt: string;
  /** When the run finished or failed (absent while it runs or waits). */
  finishedAt?: string;
}
