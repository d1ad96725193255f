/**
 * The tool's own steps of one call (docs/tools.md, "One call, step by step"), split in two so
 * the agent runtime can run its own steps (onInputAvailable, approval, beforeToolCall) in between:
 * `prepareToolCall` validates, `executePreparedToolCall` executes and validates what came back.
 */
import {
  callerAbortSignal,
  createToolExecutionContext,
  freezeRequestContext,
  type ToolContextInput,
  type ToolExecutionContext,
} from './execution-context';
import { validateInputWithRepairs } from './repair-input';
import type { Tool, ToolExecution } from './tool-types';
import { createValidationError, type ToolValidationError } from './validation-error';

type ToolParts = Pick<Tool, 'id' | 'schemas' | 'options'>;

/** The input and context ready for execute, or the validation failure that ends the call. */
export type PreparedToolCall =
  { status: 'prepared'; input: unknown; context: ToolExecutionContext } | Extract<ToolExecution, { status: 'invalid' }>;

function isResuming(context: ToolExecutionContext): boolean {
  return context.agent?.resumeData !== undefined || context.workflow?.resumeData !== undefined;
}

/** One call of a tool: the tool, the input as the model sent it, and the call's context. */
interface ToolCallRequest {
  tool: ToolParts;
  input: unknown;
  context?: ToolContextInput;
}

/** Validates the input (skipped on resume, with repairs), the request context and resume data. */
export function prepareToolCall({ tool, input, context }: ToolCallRequest): PreparedToolCall {
  const prepared = createToolExecutionContext(context);
  const resuming = isResuming(prepared);
  let validatedInput = input;
  if (!resuming && tool.schemas.input) {
    const result = validateInputWithRepairs({ schema: tool.schemas.input, input });
    if (!result.success)
      return {
        status: 'invalid',
        error: createValidationError({ kind: 'input', toolId: tool.id, issues: result.issues, value: input }),
      };
    validatedInput = result.value;
  }
  if (tool.schemas.requestContext) {
    const result = tool.schemas.requestContext.validate(prepared.requestContext);
    if (!result.success) {
      return {
        status: 'invalid',
        error: createValidationError({
          kind: 'requestContext',
          toolId: tool.id,
          issues: result.issues,
          value: prepared.requestContext,
        }),
      };
    }
    prepared.requestContext = freezeRequestContext(result.value as Record<string, unknown>);
  }
  if (resuming && tool.schemas.resume) {
    const owner = prepared.agent?.resumeData !== undefined ? 'agent' : 'workflow';
    const resumeData = prepared[owner]!.resumeData;
    const result = tool.schemas.resume.validate(resumeData);
    if (!result.success)
      return {
        status: 'invalid',
        error: createValidationError({ kind: 'resume', toolId: tool.id, issues: result.issues, value: resumeData }),
      };
    if (owner === 'agent') prepared.agent = { ...prepared.agent!, resumeData: result.value };
    else prepared.workflow = { ...prepared.workflow!, resumeData: result.value };
  }
  return { status: 'prepared', input: validatedInput, context: prepared };
}

/** Settles with the promise, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<TValue>(promise: Promise<TValue>, signal: AbortSignal): Promise<TValue> {
  return new Promise<TValue>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Executes, then validates a suspend payload or else the output. Execute errors are rethrown. */
export async function executePreparedToolCall({
  tool,
  input,
  context,
}: {
  tool: ToolParts;
  input: unknown;
  context: ToolExecutionContext;
}): Promise<ToolExecution> {
  const execute = tool.options.execute;
  if (!execute) throw new Error(`Tool ${tool.id} has no execute function: it is executed elsewhere (a client tool).`);

  let suspension: { payload: unknown } | undefined;
  let suspensionError: ToolValidationError | undefined;
  const validatingSuspend =
    (suspend: (payload: unknown) => void | Promise<void>) =>
    async (payload: unknown): Promise<void> => {
      let validPayload = payload;
      if (tool.schemas.suspend) {
        const result = tool.schemas.suspend.validate(payload);
        if (!result.success) {
          // An invalid payload does not pause the run; the call answers with the error instead.
          suspensionError = createValidationError({
            kind: 'suspend',
            toolId: tool.id,
            issues: result.issues,
            value: payload,
          });
          return;
        }
        validPayload = result.value;
      }
      suspension = { payload: validPayload };
      await suspend(validPayload);
    };
  const executionContext: ToolExecutionContext = { ...context };
  if (context.agent) executionContext.agent = { ...context.agent, suspend: validatingSuspend(context.agent.suspend) };
  if (context.workflow)
    executionContext.workflow = { ...context.workflow, suspend: validatingSuspend(context.workflow.suspend) };

  // An aborted run stops the call: before execute starts, and as soon as the signal fires (a tool
  // that ignores its signal must not hold the run). A call given no signal has nothing to race.
  context.abortSignal.throwIfAborted();
  // A throw before execute's first await is the call's error like a rejection (caught below).
  let running: unknown;
  try {
    running = execute(input, executionContext);
  } catch (error) {
    running = Promise.reject(error);
  }
  const output = await (callerAbortSignal(context)
    ? untilAborted(Promise.resolve(running), context.abortSignal)
    : running);

  if (suspensionError) return { status: 'invalid', error: suspensionError };
  if (suspension) return { status: 'suspended', payload: suspension.payload, output };
  if (!tool.schemas.output) return { status: 'output', output };
  const result = tool.schemas.output.validate(output);
  if (!result.success) {
    return {
      status: 'invalid',
      error: createValidationError({ kind: 'output', toolId: tool.id, issues: result.issues, value: output }),
    };
  }
  return { status: 'output', output: result.value };
}

/** A direct call: every step of the tool itself, answering the output or the failed validation. */
export async function executeTool({ tool, input, context }: ToolCallRequest): Promise<ToolExecution> {
  const prepared = prepareToolCall({ tool, input, context });
  if (prepared.status === 'invalid') return prepared;
  return executePreparedToolCall({ tool, input: prepared.input, context: prepared.context });
}
