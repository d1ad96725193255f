/**
 * One tool call inside a run: the runtime's steps around the tool's own (see docs/runtime.md):
 * `activeTools` enforcement, approval, agent-level hooks, suspension, client tools, and
 * what the UI stream and the transcript show (transforms). The model gets `toModelOutput`; the run
 * keeps the raw output. A call that pauses the run comes back as a stored pending call.
 */
import type { ModelMessage, ToolResultPart } from 'ai';
import type { AgentHooks } from './run-types';
import type { Logger } from '../logger';
import { definedFields } from '../defined-fields';
import { policyAsksApproval, type ApprovalRequirement } from '../resolver';
import {
  resolveTransform,
  runToolCall,
  type AgentToolContext,
  type RunFiles,
  type Tool,
  type ToolModelOutput,
  type ToolObserve,
  type TransformPhase,
  type TransformPhaseArguments,
  validationSummary,
} from '../tools';
import type { RunChunk, StoredPendingCall, TranscriptEntry } from './run-types';
import { errorMessage } from '../errors';

export const declinedMessage = 'Tool call was not approved by the user';

export type CallMode =
  { kind: 'new' } | { kind: 'approved' } | { kind: 'resume'; resumeData: unknown; suspendPayload?: unknown };

export interface CallSurroundings {
  runId: string;
  agentId: string;
  requestContext: Readonly<Record<string, unknown>>;
  threadId?: string;
  resourceId?: string;
  abortSignal?: AbortSignal;
  messages: ReadonlyArray<ModelMessage>;
  hooks: AgentHooks;
  /** The version's approval policies by tool name; the stricter of a policy and the tool's own wins. */
  toolApprovals?: Readonly<Record<string, ApprovalRequirement>>;
  logger: Logger;
  emit(chunk: RunChunk): void;
  record(entry: TranscriptEntry): void;
  /** The run's files (kept with the stored run). */
  files?: RunFiles;
}

export type CallOutcome =
  | {
      status: 'done';
      part: ToolResultPart;
      /**
       * Why the call failed when the model's output does not say it as an error (a validation
       * failure is a value the model reads), without the refused value: for the run's observer.
       */
      failure?: string;
    }
  | { status: 'pending'; pending: StoredPendingCall };

class ApprovalRequired {}

/** A tool's `suspend` before its own steps wrap it: they record the payload, the run pauses after execute. */
const suspendRecordedByTool = () => undefined;

type ShowRequest<TPhase extends TransformPhase> = Omit<Parameters<typeof resolveTransform<TPhase>>[0], 'transform'> & {
  tool: Tool | undefined;
};

/** Shows one phase of a call on a target (a placeholder when the tool's transform hides it). */
export function shown<TPhase extends TransformPhase>({ tool, ...request }: ShowRequest<TPhase>): unknown {
  const outcome = resolveTransform({ transform: tool?.transform, ...request });
  return outcome.shown ? outcome.value : undefined;
}

const errorValue = (error: unknown) => ({ message: errorMessage(error) });

function resultPart(toolCallId: string, toolName: string, output: ToolModelOutput): ToolResultPart {
  return { type: 'tool-result', toolCallId, toolName, output: output as ToolResultPart['output'] };
}

/** The version's policy for a tool name, when it has one. */
function policyOf(around: CallSurroundings, toolName: string): ApprovalRequirement | undefined {
  const approvals = around.toolApprovals;
  return approvals && Object.hasOwn(approvals, toolName) ? approvals[toolName] : undefined;
}

/** Whether the tool's own `requireApproval` or the version's policy asks (the stricter wins). */
async function needsApproval({ tool, toolName, around }: CallIdentity, input: unknown) {
  const { requestContext } = around;
  const requirement = policyOf(around, toolName);
  if (policyAsksApproval({ requirement, args: input, context: requestContext })) return true;
  const rule = tool.requireApproval;
  if (typeof rule === 'function') return Boolean(await rule(input, { requestContext }));
  return rule === true;
}

/** The call of a name outside the offered set: answered with this exact text, never executed. */
export function notFoundOutcome({
  toolCallId,
  toolName,
  available,
  around,
}: {
  toolCallId: string;
  toolName: string;
  available: ReadonlyArray<string>;
  around: CallSurroundings;
}): CallOutcome {
  const message = `Tool "${toolName}" not found. Available tools: ${available.join(', ')}`;
  around.emit({ type: 'tool-error', runId: around.runId, payload: { toolCallId, toolName, error: { message } } });
  around.record({ type: 'tool-result', toolCallId, toolName, result: { message }, isError: true });
  return { status: 'done', part: resultPart(toolCallId, toolName, { type: 'error-text', value: message }) };
}

/** Who a call is, for what it reports. */
interface CallIdentity {
  tool: Tool;
  toolCallId: string;
  toolName: string;
  around: CallSurroundings;
}

/** One phase of a call as a target shows it. */
function viewOf<TPhase extends TransformPhase>(
  { tool, toolCallId, toolName, around }: CallIdentity,
  target: 'display' | 'transcript',
  phase: TPhase,
  argument: TransformPhaseArguments[TPhase],
) {
  return shown({ tool, target, phase, argument, toolName, toolCallId, logger: around.logger });
}

/**
 * Reports a finished call. `threw`: execute or a hook threw (a `tool-error` chunk); otherwise a
 * `tool-result`, with `isError` for validation failures and error-shaped model outputs.
 */
function done(
  call: CallIdentity,
  result: unknown,
  phase: 'output' | 'error',
  output: ToolModelOutput,
  threw = false,
): Extract<CallOutcome, { status: 'done' }> {
  const { toolCallId, toolName, around } = call;
  const isError = phase === 'error' || output.type === 'error-text' || output.type === 'error-json';
  const argument = (phase === 'output' ? { output: result } : { error: result }) as never;
  const display = viewOf(call, 'display', phase, argument);
  around.emit(
    threw
      ? { type: 'tool-error', runId: around.runId, payload: { toolCallId, toolName, error: display } }
      : { type: 'tool-result', runId: around.runId, payload: { toolCallId, toolName, result: display, isError } },
  );
  const recorded = viewOf(call, 'transcript', phase, argument);
  around.record({ type: 'tool-result', toolCallId, toolName, result: recorded, isError });
  return { status: 'done', part: resultPart(toolCallId, toolName, output) };
}

/** What the tool's own `execute` gets as `context.agent`: who calls, the run's files, its writer. */
function agentContext({ toolCallId, toolName, around }: CallIdentity, mode: CallMode): AgentToolContext {
  const { runId } = around;
  const agent: AgentToolContext = {
    agentId: around.agentId,
    runId,
    toolCallId,
    messages: around.messages,
    suspend: suspendRecordedByTool,
    threadId: around.threadId,
    resourceId: around.resourceId,
    files: around.files,
    writer: {
      write(part: unknown) {
        const { type, data, id } = (typeof part === 'object' && part !== null ? part : {}) as {
          type?: unknown;
          data?: unknown;
          id?: unknown;
        };
        const named = typeof type === 'string' && type.startsWith('data-') ? (type as `data-${string}`) : 'data-tool';
        // `id` names who wrote the part when it is not the tool itself (a sub-agent's own id).
        const writer = typeof id === 'string' ? id : undefined;
        around.emit({
          type: named,
          runId,
          payload: definedFields({ toolCallId, toolName, id: writer, data: data ?? part }),
        });
      },
    },
  };
  if (mode.kind === 'resume') {
    agent.resumeData = mode.resumeData;
    agent.suspendPayload = mode.suspendPayload;
  }
  return agent;
}

/**
 * The step between validation and execute: approval (asked only for a new call; an approved or
 * resumed one was asked before it paused), then the agent-level `beforeToolCall`.
 */
function beforeExecute(call: CallIdentity, mode: CallMode) {
  const { tool, toolCallId, toolName, around } = call;
  const { beforeToolCall } = around.hooks;
  const hasRequirement = tool.requireApproval !== undefined || policyOf(around, toolName) !== undefined;
  const asksApproval = mode.kind === 'new' && hasRequirement;
  if (!asksApproval && !beforeToolCall) return undefined;
  return async ({ input }: { input: unknown }) => {
    if (asksApproval && (await needsApproval(call, input))) throw new ApprovalRequired();
    if (!beforeToolCall) return { proceed: true as const };
    const decision = (await beforeToolCall({ toolName, input, context: hookContext(around, toolCallId) })) as
      { proceed?: unknown; output?: unknown } | undefined;
    if (decision && typeof decision === 'object' && decision.proceed === false) {
      return { proceed: false as const, output: decision.output };
    }
    return { proceed: true as const };
  };
}

const hookContext = (around: CallSurroundings, toolCallId: string) => ({
  requestContext: around.requestContext,
  runId: around.runId,
  agentId: around.agentId,
  toolCallId,
});

/** A call that asked for approval: reported, then pending until someone answers. */
function waitForApproval(call: CallIdentity, input: unknown): CallOutcome {
  const { toolCallId, toolName, around } = call;
  const args = viewOf(call, 'display', 'approval', { input });
  around.emit({ type: 'tool-call-approval', runId: around.runId, payload: { toolCallId, toolName, args } });
  around.record({
    type: 'tool-call-approval',
    toolCallId,
    toolName,
    args: viewOf(call, 'transcript', 'approval', { input }),
  });
  return { status: 'pending', pending: { toolCallId, toolName, kind: 'approval', input } };
}

/** A call whose tool suspended: reported with its payload, then pending until resumed. */
function suspendCall(call: CallIdentity, input: unknown, payload: unknown): CallOutcome {
  const { tool, toolCallId, toolName, around } = call;
  around.emit({
    type: 'tool-call-suspended',
    runId: around.runId,
    payload: definedFields({
      toolCallId,
      toolName,
      suspendPayload: viewOf(call, 'display', 'suspend', { payload }),
      resumeSchema: tool.schemas.resume?.jsonSchema,
    }),
  });
  around.record({
    type: 'tool-call-suspended',
    toolCallId,
    toolName,
    suspendPayload: viewOf(call, 'transcript', 'suspend', { payload }),
  });
  return { status: 'pending', pending: { toolCallId, toolName, kind: 'suspended', input, suspendPayload: payload } };
}

/** Runs one call of a tool through the runtime's steps and reports what came of it. */
export async function runCall({
  tool,
  toolCallId,
  toolName,
  input,
  mode,
  around,
  observe,
}: {
  tool: Tool;
  toolCallId: string;
  toolName: string;
  input: unknown;
  mode: CallMode;
  around: CallSurroundings;
  /** The call's `context.observe` when the run is traced. */
  observe?: ToolObserve;
}): Promise<CallOutcome> {
  const call: CallIdentity = { tool, toolCallId, toolName, around };
  if (!tool.execute) return { status: 'pending', pending: { toolCallId, toolName, kind: 'client', input } };
  const { afterToolCall } = around.hooks;
  let outcome;
  try {
    outcome = await runToolCall({
      tool,
      input,
      toolCallId,
      toolName,
      messages: around.messages,
      logger: around.logger,
      inputAnnounced: mode.kind !== 'new',
      context: {
        requestContext: around.requestContext,
        abortSignal: around.abortSignal,
        agent: agentContext(call, mode),
        observe,
      },
      beforeExecute: beforeExecute(call, mode),
      afterExecute: afterToolCall
        ? async (result) => {
            await afterToolCall({ toolName, context: hookContext(around, toolCallId), ...result });
          }
        : undefined,
    });
  } catch (error) {
    if (error instanceof ApprovalRequired) return waitForApproval(call, input);
    if (around.abortSignal?.aborted) throw error;
    // An agent-level hook threw: that call fails, the run goes on.
    around.logger.warn('An agent-level tool hook threw; the call fails', { toolName, toolCallId, error });
    const value = errorValue(error);
    return done(call, value, 'error', { type: 'error-text', value: value.message }, true);
  }
  switch (outcome.status) {
    case 'output':
    case 'skipped':
      return done(call, outcome.output, 'output', outcome.modelOutput);
    case 'invalid':
      return { ...done(call, outcome.error, 'error', outcome.modelOutput), failure: validationSummary(outcome.error) };
    case 'error':
      return done(call, errorValue(outcome.error), 'error', outcome.modelOutput, true);
    case 'suspended':
      return suspendCall(call, input, outcome.payload);
  }
}

/** A declined approval: the model reads the fixed message; the tool never runs. */
export function declinedOutcome({
  toolCallId,
  toolName,
  around,
}: {
  toolCallId: string;
  toolName: string;
  around: CallSurroundings;
}): CallOutcome {
  const result = declinedMessage;
  around.emit({ type: 'tool-result', runId: around.runId, payload: { toolCallId, toolName, result, isError: false } });
  around.record({ type: 'tool-result', toolCallId, toolName, result, isError: false });
  return { status: 'done', part: resultPart(toolCallId, toolName, { type: 'text', value: result }) };
}
