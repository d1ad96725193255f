/**
 * The vocabulary of an agent run: options, chunks, pending calls and results. The run as it is
 * stored is in ./run-record.ts; stored shapes are plain JSON, so a paused run can continue in
 * another process.
 */
import type { LanguageModel, ModelMessage } from 'ai';
import type { ErrorBody } from '../errors';
import type { JsonSchema, Tool, TransformFunction, TransformTarget } from '../tools';
import type { Workflow } from '../workflows';
import type { DefaultOptions, Instructions } from '../snapshots';
import { definedFields } from '../defined-fields';

/** An AI SDK model object (or anything shaped like one); only its identity is read here. */
export interface LanguageModelLike {
  readonly provider: string;
  readonly modelId: string;
}

export type AgentModel = string | LanguageModelLike;

/**
 * What running a code agent on its own reads from it. The runtime takes this shape rather than the
 * `Agent` class, so `Agent` can load the runtime on first run without the two importing each other.
 */
export interface StandaloneAgentDefinition {
  readonly id: string;
  readonly description?: string;
  readonly instructions: Instructions;
  readonly model: AgentModel;
  readonly tools: Readonly<Record<string, Tool>>;
  /** Sub-agents, offered as `agent-<key>` tools. */
  readonly agents?: Readonly<Record<string, StandaloneAgentDefinition>>;
  /** Workflows, offered as `workflow-<key>` tools. */
  readonly workflows?: Readonly<Record<string, Workflow>>;
  readonly hooks?: AgentHooks;
  readonly defaultOptions?: DefaultOptions;
  /** What the UI stream and the transcript show for tools without a transform of their own. */
  readonly transform?: AgentTransformPolicy;
  /** The built-in task tools, with the thread's list shown to the model at every step. */
  readonly taskTools?: boolean;
}

/**
 * The agent-level transform policy: applies to every tool that has no transform of its own for
 * that phase (`targets`: where it applies, default both).
 */
export interface AgentTransformPolicy {
  targets?: TransformTarget[];
  input?: TransformFunction<'input'>;
  output?: TransformFunction<'output'>;
  error?: TransformFunction<'error'>;
}

/** `beforeToolCall` / `afterToolCall`, on the agent and per run (the run's override the agent's per key). */
export interface AgentHooks {
  beforeToolCall?(call: { toolName: string; input: unknown; context: unknown }): unknown;
  afterToolCall?(call: {
    toolName: string;
    input: unknown;
    context: unknown;
    output?: unknown;
    error?: unknown;
  }): unknown;
}

export type ToolChoice = 'auto' | 'none' | 'required' | { type: 'tool'; toolName: string };

/** What `prepareStep` may change for one step. */
export interface StepPreparation {
  activeTools?: string[];
  toolChoice?: ToolChoice;
  /** A `provider/model` name or a model object, for this step only. */
  model?: string | Exclude<LanguageModel, string>;
}

export type PrepareStep = (step: {
  stepNumber: number;
  messages: ReadonlyArray<ModelMessage>;
}) => StepPreparation | undefined | void | Promise<StepPreparation | undefined | void>;

/** A tool the caller executes: offered to the model, answered through `submitToolResults`. */
export interface ClientToolDefinition {
  description: string;
  /** JSON Schema of the input (default: an object with no declared fields). */
  inputSchema?: JsonSchema;
}

/**
 * Who asks for a run or a continuation, when the API knows (a signed-in user or an API key). Code in
 * the process passes none: it is trusted like the server itself.
 */
export interface RunCaller {
  /** `user:<id>` or `key:<id>`; kept with the runs the caller starts. */
  id: string;
  /** An admin user or key, which may continue anybody's runs. */
  admin: boolean;
}

export interface RunOptions {
  /** A plain JSON object; `mastra__authToken` is the caller's token for HTTP MCP servers. */
  requestContext?: Record<string, unknown>;
  toolChoice?: ToolChoice;
  /** Restricts what the model is offered, and what may run. */
  activeTools?: string[];
  /** Model calls at most (default: the version's `defaultOptions.maxSteps`, else 5). */
  maxSteps?: number;
  /**
   * The final answer as an object of this schema (a JSON Schema, or a Standard Schema such as zod);
   * the result carries it as `object` (default: the version's `defaultOptions.output`).
   */
  output?: unknown;
  /** Override the agent's hooks per key. */
  hooks?: AgentHooks;
  /** Extra executable tools for this run, grouped by set; names must not collide with the agent's. */
  toolsets?: Record<string, Record<string, Tool>>;
  /** Tools executed by the caller: `createTool` objects (their execute is not used) or definitions. */
  clientTools?: Record<string, Tool | ClientToolDefinition>;
  prepareStep?: PrepareStep;
  /** An id chosen by the caller; one that exists or is running is refused with 409 `conflict`. */
  runId?: string;
  threadId?: string;
  /** Who the run is for; its continuations must name the same one (else 403 `forbidden`). */
  resourceId?: string;
  /** Who starts the run (recorded; with sign-in on, only they or an admin may continue it). */
  caller?: RunCaller;
  /**
   * With a `threadId`: when the newest paused run of this thread and resource waits for resume data, read that data
   * from this message (one model call) and resume that run instead of starting a new one. Only
   * data the message clearly gives is used; approvals are never inferred.
   */
  autoResumeSuspendedTools?: boolean;
  abortSignal?: AbortSignal;
}

/** Per-call options a continuation may pass again (they are code, so they are not stored). */
export type ContinuationOptions = Pick<
  RunOptions,
  'hooks' | 'toolsets' | 'clientTools' | 'prepareStep' | 'abortSignal'
>;

export type PendingKind = 'approval' | 'suspended' | 'client';

/** A call the run waits for, as callers see it (display transforms applied). */
export interface PendingCall {
  toolCallId: string;
  toolName: string;
  kind: PendingKind;
  args: unknown;
  suspendPayload?: unknown;
  resumeSchema?: JsonSchema;
}

/** The same call as stored: the raw input, so it can run after a restart. */
export interface StoredPendingCall {
  toolCallId: string;
  toolName: string;
  kind: PendingKind;
  input: unknown;
  suspendPayload?: unknown;
}

export interface RunToolCall {
  toolCallId: string;
  toolName: string;
  args: unknown;
}

export interface RunToolResult {
  toolCallId: string;
  toolName: string;
  result: unknown;
  isError: boolean;
}

export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export type RunStatus = 'running' | 'paused' | 'finished' | 'failed' | 'aborted';

/** Where an answer came from: the exact version and tool set. */
export interface RunIdentity {
  runId: string;
  agentId: string;
  /** `null` for a code agent running as defined in code, and for an unsaved draft. */
  versionId: string | null;
  versionNumber: number | null;
  label?: string;
  /** A run of an unsaved draft: no version holds its configuration, so it never pauses. */
  draft?: true;
  resolvedToolsHash: string;
}

export interface RunResult extends RunIdentity {
  status: 'finished' | 'paused';
  /** `tool-calls` when the run paused on calls it waits for. */
  finishReason: string;
  /** The text of the last step. */
  text: string;
  toolCalls: RunToolCall[];
  toolResults: RunToolResult[];
  pending?: PendingCall[];
  usage: RunUsage;
  /** The finished run's structured output, validated against the run's `output` schema. */
  object?: unknown;
}

/**
 * One chunk of a run's stream. Payloads carry what the UI may show (display transforms applied).
 * `start` (the run's identity) opens every stream; `finish` or `error` closes it.
 */
export type RunChunk = { runId: string } & (
  | { type: 'start'; payload: RunIdentity }
  | { type: 'text-delta'; payload: { text: string } }
  | { type: 'tool-call-input-streaming-start'; payload: { toolCallId: string; toolName: string } }
  | { type: 'tool-call-delta'; payload: { toolCallId: string; toolName: string; argsTextDelta: unknown } }
  | { type: 'tool-call-input-streaming-end'; payload: { toolCallId: string; toolName: string } }
  | { type: 'tool-call'; payload: RunToolCall }
  | { type: 'tool-result'; payload: RunToolResult }
  | { type: 'tool-error'; payload: { toolCallId: string; toolName: string; error: unknown } }
  | { type: 'tool-call-approval'; payload: { toolCallId: string; toolName: string; args: unknown } }
  | {
      type: 'tool-call-suspended';
      payload: { toolCallId: string; toolName: string; suspendPayload: unknown; resumeSchema?: JsonSchema };
    }
  | { type: `data-${string}`; payload: { toolCallId: string; toolName: string; id?: string; data: unknown } }
  | { type: 'background-task-started'; payload: { taskId: string; toolCallId: string; toolName: string } }
  | {
      type: 'background-task-completed';
      payload: {
        taskId: string;
        toolCallId: string;
        toolName: string;
        status: 'completed' | 'failed';
        result: unknown;
        isError: boolean;
      };
    }
  | { type: 'step-finish'; payload: { stepNumber: number; finishReason: string; usage: RunUsage } }
  | { type: 'finish'; payload: Omit<RunResult, keyof RunIdentity> }
  | { type: 'error'; payload: ErrorBody }
);

export type RunChunkType = RunChunk['type'];

/** What the stored transcript shows (transcript transforms applied). */
export type TranscriptEntry =
  | { type: 'user'; content: unknown }
  | { type: 'text'; text: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; args: unknown }
  | { type: 'tool-result'; toolCallId: string; toolName: string; result: unknown; isError: boolean }
  | { type: 'tool-call-approval'; toolCallId: string; toolName: string; args: unknown }
  | { type: 'tool-call-decision'; toolCallId: string; toolName: string; decision: 'approved' | 'declined' }
  | { type: 'tool-call-suspended'; toolCallId: string; toolName: string; suspendPayload: unknown }
  | { type: 'tool-call-resumed'; toolCallId: string; toolName: string; resumeData: unknown }
  | {
      type: 'background-task-completed';
      taskId: string;
      toolCallId: string;
      toolName: string;
      status: 'completed' | 'failed';
      result: unknown;
    };

export interface AgentStream {
  runId: string;
  /** Every chunk of the run, ending with `finish` or `error`; cancelling it aborts the run. */
  fullStream: ReadableStream<RunChunk>;
  /** The run's result (rejects when the run fails). */
  result: Promise<RunResult>;
}

/**
 * Who continues a run: the `resourceId` must be the run's when it has one, and the caller the one
 * who started it (or an admin) when it was started by a known caller; else 403 `forbidden`.
 */
export interface ContinuationParty {
  resourceId?: string;
  caller?: RunCaller;
  /** How the audit log names who answers (`user:<email>`, `key:<name>`, `local`): recorded with the answer. */
  actor?: string;
}

export type ContinueRequest = { runId: string } & ContinuationOptions & ContinuationParty;

/** An agent ready to run: `generate()` answers when the run finishes or pauses, `stream()` hands out chunks. */
export interface RunnableAgent {
  readonly id: string;
  generate(input: string | ModelMessage[], options?: RunOptions): Promise<RunResult>;
  stream(input: string | ModelMessage[], options?: RunOptions): AgentStream;
  approveToolCall(request: ContinueRequest & { toolCallId: string }): Promise<RunResult>;
  declineToolCall(request: ContinueRequest & { toolCallId: string }): Promise<RunResult>;
  resumeGenerate(resumeData: unknown, request: ContinueRequest & { toolCallId?: string }): Promise<RunResult>;
  resumeStream(resumeData: unknown, request: ContinueRequest & { toolCallId?: string }): AgentStream;
  submitToolResults(
    request: ContinueRequest & { results: Array<{ toolCallId: string; output: unknown; modelOutput?: unknown }> },
  ): Promise<RunResult>;
}

/** Which agent and version an answer speaks of: a run's and a resolution's alike. */
export type VersionIdentity = Pick<RunIdentity, 'agentId' | 'versionId' | 'versionNumber' | 'label' | 'draft'>;

/** The agent and version as answers report them (what is absent is left out, not `undefined`). */
export function versionIdentityOf({
  agentId,
  versionId,
  versionNumber,
  label,
  draft,
}: VersionIdentity): VersionIdentity {
  return definedFields({ agentId, versionId, versionNumber, label, draft });
}

/** A run's identity as its answers report it (what is absent is left out, not `undefined`). */
export function identityOf(record: RunIdentity): RunIdentity {
  return { runId: record.runId, ...versionIdentityOf(record), resolvedToolsHash: record.resolvedToolsHash };
}
