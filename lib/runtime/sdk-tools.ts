/**
 * A run's tools as the AI SDK gets them, made for each stretch of the run. Every call goes through
 * the run's own call path, so the SDK holds only the tool's description, schema and options and a
 * function that hands the call on. The provider's own web search belongs to the run's model.
 */
import { jsonSchema, tool as sdkTool, type ModelMessage, type ToolSet } from 'ai';
import { isNativeWebSearch } from '../builtin-tools/web-search';
import type { LanguageModelLike } from './run-types';
import type { Logger } from '../logger';
import { callLifecycleHook, type JsonSchema, type Tool, type ToolModelOutput } from '../tools';
import { nativeWebSearchTool } from './native-tools';
import type { RunTools } from './run-tools';

/** What a call answers inside the SDK: the model's view of its result, or that it waits. */
export type SdkToolEnvelope = { modelOutput: ToolModelOutput } | { pending: true };

/** The options the SDK passes to a tool's functions. */
export interface SdkCallOptions {
  toolCallId: string;
  messages: ModelMessage[];
  abortSignal?: AbortSignal;
  inputTextDelta?: string;
}

interface SdkToolCalls {
  /** The names offered in the current step (lifecycle hooks of other tools do not fire). */
  offered(): ReadonlyArray<string>;
  logger: Logger;
  execute(toolName: string, input: unknown, options: SdkCallOptions): Promise<SdkToolEnvelope>;
}

const emptyObjectSchema: JsonSchema = { type: 'object', properties: {} };

/** Never sent to a model: a pending call's step ends the stretch. */
const pendingOutput: ToolModelOutput = { type: 'text', value: 'Waiting for an answer.' };

const modelOutputOf = ({ output }: { output: SdkToolEnvelope }): ToolModelOutput =>
  'pending' in output ? pendingOutput : output.modelOutput;

/** Fires a tool's hooks while its input streams, when the tool is offered in this step. */
function lifecycleHooks(name: string, tool: Tool | undefined, calls: SdkToolCalls) {
  const argumentOf = (options: SdkCallOptions) => ({
    toolCallId: options.toolCallId,
    messages: options.messages,
    abortSignal: options.abortSignal ?? new AbortController().signal,
  });
  const offered = () => calls.offered().includes(name);
  return {
    onInputStart: tool?.onInputStart
      ? async (options: SdkCallOptions) => {
          if (!offered()) return;
          await callLifecycleHook({ tool, hook: 'onInputStart', argument: argumentOf(options), logger: calls.logger });
        }
      : undefined,
    onInputDelta: tool?.onInputDelta
      ? async (options: SdkCallOptions) => {
          if (!offered()) return;
          const argument = { ...argumentOf(options), inputTextDelta: options.inputTextDelta ?? '' };
          await callLifecycleHook({ tool, hook: 'onInputDelta', argument, logger: calls.logger });
        }
      : undefined,
  };
}

function sdkToolOf(tools: RunTools, name: string, calls: SdkToolCalls) {
  const executable = tools.executable[name];
  const client = tools.client[name];
  return sdkTool({
    description: executable?.description ?? client?.description ?? name,
    // No validator: the run validates (with repairs) in its own call path.
    inputSchema: jsonSchema(executable?.inputJsonSchema ?? client?.inputSchema ?? emptyObjectSchema),
    providerOptions: executable?.providerOptions,
    strict: executable?.strict,
    inputExamples: executable?.inputExamples,
    ...lifecycleHooks(name, executable, calls),
    execute: (input: unknown, options: SdkCallOptions) => calls.execute(name, input, options),
    toModelOutput: modelOutputOf,
  } as never);
}

/** The SDK tools of a run's tool record, in record order. */
export async function sdkToolsOf({
  tools,
  model,
  ...calls
}: SdkToolCalls & {
  tools: RunTools;
  /** The run's model, for the provider's own web search. */
  model: LanguageModelLike;
}): Promise<ToolSet> {
  const made: ToolSet = {};
  for (const name of tools.names) {
    const executable = tools.executable[name];
    made[name] = isNativeWebSearch(executable)
      ? await nativeWebSearchTool({ toolName: name, model })
      : sdkToolOf(tools, name, calls);
  }
  return made;
}
