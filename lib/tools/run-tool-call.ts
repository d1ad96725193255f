/**
 * One tool call from "input available" to "what the model sees", with the lifecycle hooks in the
 * order of docs/tools.md ("One call, step by step"). The agent runtime calls this after the streamed input has
 * completed (it calls `onInputStart` / `onInputDelta` itself while the arguments stream) and plugs
 * approval and its agent-level hooks into `beforeExecute` / `afterExecute`.
 */
import type { Logger } from '../logger';
import type { ToolContextInput } from './execution-context';
import { executePreparedToolCall, prepareToolCall } from './execute-tool';
import { callLifecycleHook } from './lifecycle-hooks';
import { createModelOutput, modelOutputForError, type ToolModelOutput } from './model-output';
import type { Tool, ToolExecution } from './tool-types';
import type { ToolValidationError } from './validation-error';

export type ToolCallOutcome =
  /** execute returned a valid output. */
  | { status: 'output'; output: unknown; modelOutput: ToolModelOutput }
  /** A validation failed (input, request context, resume data, suspend payload or output). */
  | { status: 'invalid'; error: ToolValidationError; modelOutput: ToolModelOutput }
  /** `beforeExecute` answered `{ proceed: false, output }` (a declined approval, a skipping hook). */
  | { status: 'skipped'; output: unknown; modelOutput: ToolModelOutput }
  /** The tool called `suspend(payload)`; the run pauses. */
  | { status: 'suspended'; payload: unknown; output: unknown }
  /** execute threw; the model sees the message as a tool error. */
  | { status: 'error'; error: unknown; modelOutput: ToolModelOutput };

export type BeforeExecute = (argument: {
  input: unknown;
}) => Promise<{ proceed: true } | { proceed: false; output: unknown }>;
export type AfterExecute = (argument: { input: unknown } & ({ output: unknown } | { error: unknown })) => Promise<void>;

async function invalid(error: ToolValidationError, tool: Tool): Promise<ToolCallOutcome> {
  return { status: 'invalid', error, modelOutput: await createModelOutput({ tool, output: error }) };
}

/**
 * Runs one call. Lifecycle hooks never fail it; `beforeExecute` / `afterExecute` errors propagate
 * (agent-level hooks fail the call). An aborted signal rejects with its reason: the run stops.
 * `onOutput` fires only for a valid output: not when execute throws, when the call is skipped or
 * declined, when it suspends, or when a validation fails.
 */
export async function runToolCall({
  tool,
  input,
  toolCallId,
  toolName = tool.id,
  messages = [],
  context,
  logger,
  beforeExecute,
  afterExecute,
  inputAnnounced = false,
}: {
  tool: Tool;
  input: unknown;
  toolCallId: string;
  /** The name the model sees (the key in the agent's tools record). */
  toolName?: string;
  messages?: ReadonlyArray<unknown>;
  context?: ToolContextInput;
  logger: Logger;
  beforeExecute?: BeforeExecute;
  afterExecute?: AfterExecute;
  /**
   * `onInputAvailable` already fired for this call: it is continuing after an approval or a
   * suspension, so the hook does not fire twice for one call.
   */
  inputAnnounced?: boolean;
}): Promise<ToolCallOutcome> {
  const prepared = prepareToolCall({ tool, input, context });
  if (prepared.status === 'invalid') return invalid(prepared.error, tool);
  const { abortSignal } = prepared.context;

  // A hook the tool does not have is not waited for (each wait is a turn of the event loop).
  if (!inputAnnounced && tool.onInputAvailable) {
    await callLifecycleHook({
      tool,
      hook: 'onInputAvailable',
      argument: { input: prepared.input, toolCallId, messages, abortSignal },
      logger,
    });
  }

  if (beforeExecute) {
    const decision = await beforeExecute({ input: prepared.input });
    if (!decision.proceed) {
      return {
        status: 'skipped',
        output: decision.output,
        modelOutput: await createModelOutput({ tool, output: decision.output }),
      };
    }
  }

  let result: ToolExecution;
  try {
    result = await executePreparedToolCall({ tool, input: prepared.input, context: prepared.context });
  } catch (error) {
    if (abortSignal.aborted) throw error;
    if (afterExecute) await afterExecute({ input: prepared.input, error });
    return { status: 'error', error, modelOutput: modelOutputForError(error) };
  }
  if (result.status === 'suspended') return result;
  // Agent-level hooks see a failed output validation as the output: the value the model is given.
  if (afterExecute)
    await afterExecute({ input: prepared.input, output: result.status === 'invalid' ? result.error : result.output });
  if (result.status === 'invalid') return invalid(result.error, tool);

  if (tool.onOutput) {
    await callLifecycleHook({
      tool,
      hook: 'onOutput',
      argument: { output: result.output, toolName, toolCallId, abortSignal },
      logger,
    });
  }
  try {
    const modelOutput = await createModelOutput({ tool, output: result.output });
    return { status: 'output', output: result.output, modelOutput };
  } catch (error) {
    logger.error('toModelOutput failed; the model sees the error instead of the output', {
      toolId: tool.id,
      toolCallId,
      error,
    });
    return { status: 'error', error, modelOutput: modelOutputForError(error) };
  }
}
