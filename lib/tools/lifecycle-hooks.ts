/**
 * Tool-level lifecycle hooks. They observe a call; they never change or fail it: a hook that
 * throws (or rejects) is logged and the call goes on. The runtime decides when each one fires.
 */
import type { Logger } from '../logger';

export interface OnInputStartArguments {
  toolCallId: string;
  messages: ReadonlyArray<unknown>;
  abortSignal: AbortSignal;
}

export interface OnInputDeltaArguments extends OnInputStartArguments {
  inputTextDelta: string;
}

export interface OnInputAvailableArguments<TInput = unknown> extends OnInputStartArguments {
  input: TInput;
}

/** No `messages`: the output belongs to the call, not to the conversation. */
export interface OnOutputArguments<TOutput = unknown> {
  output: TOutput;
  toolName: string;
  toolCallId: string;
  abortSignal: AbortSignal;
}

export interface ToolLifecycleHooks<TInput = unknown, TOutput = unknown> {
  onInputStart?: (argument: OnInputStartArguments) => void | Promise<void>;
  onInputDelta?: (argument: OnInputDeltaArguments) => void | Promise<void>;
  onInputAvailable?: (argument: OnInputAvailableArguments<TInput>) => void | Promise<void>;
  onOutput?: (argument: OnOutputArguments<TOutput>) => void | Promise<void>;
}

export interface LifecycleHookArguments {
  onInputStart: OnInputStartArguments;
  onInputDelta: OnInputDeltaArguments;
  onInputAvailable: OnInputAvailableArguments;
  onOutput: OnOutputArguments;
}

export type LifecycleHookName = keyof LifecycleHookArguments;

export const lifecycleHookNames: ReadonlyArray<LifecycleHookName> = [
  'onInputStart',
  'onInputDelta',
  'onInputAvailable',
  'onOutput',
];

/**
 * Calls one hook of a tool if it has it. Resolves once the hook is done; never rejects.
 */
export async function callLifecycleHook<THook extends LifecycleHookName>({
  tool,
  hook,
  argument,
  logger,
}: {
  tool: { id: string } & { [Name in LifecycleHookName]?: unknown };
  hook: THook;
  argument: LifecycleHookArguments[THook];
  logger: Logger;
}): Promise<void> {
  const run = tool[hook];
  if (typeof run !== 'function') return;
  try {
    await run.call(tool, argument);
  } catch (error) {
    logger.error(`Tool lifecycle hook ${hook} threw; the call goes on`, {
      toolId: tool.id,
      toolCallId: 'toolCallId' in argument ? argument.toolCallId : undefined,
      error,
    });
  }
}
