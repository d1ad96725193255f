/**
 * A run's tools as the AI SDK gets them. Every call goes through the run's own call path, so what
 * the SDK holds is only the tool's description, schema and options and a function that hands the
 * call to the stretch of the run in progress. That stretch arrives with every call through the
 * SDK's `experimental_context`; the SDK tools themselves hold nothing of a run, so they are made
 * once per tool record and mode (generate or stream) and shared by every run of that record.
 *
 * The provider's own web search belongs to the run's model rather than to the record, so a record
 * with one is made again for each stretch.
 */
import { jsonSchema, tool as sdkTool, type ModelMessage, type ToolSet } from 'ai';
import { isNativeWebSearch } from '../builtin-tools/web-search';
import type { LanguageModelLike } from '../agents/run-types';
import type { Logger } from '../logger';
import { callLifecycleHook, type JsonSchema, type ToolModelOutput } from '../tools';
import { nativeWebSearchTool } from './native-tools';
import type { RunTools } from './run-tools';

/** What a call answers inside the SDK: the model's view of its result, or that it waits. */
export type SdkToolEnvelope = { modelOutput: ToolModelOutput } | { pending: true };

/** The options the SDK passes to a tool's functions. */
interface SdkCallOptions {
  toolCallId: string;
  messages: ModelMessage[];
  abortSignal?: AbortSignal;
  inputTextDelta?: string;
  experimental_context?: unknown;
}

/** The stretch of a run the SDK is driving: passed as `experimental_context`. */
export interface SdkToolStretch {
  /** The names offered in the current step (lifecycle hooks of other tools do not fire). */
  offered: ReadonlyArray<string>;
  logger: Logger;
  execute(toolName: string, input: unknown, options: SdkCallOptions): Promise<SdkToolEnvelope>;
}

const emptyObjectSchema: JsonSchema = { type: 'object', properties: {} };

/** Never sent to a model: a pending call's step ends the stretch. */
const pendingOutput: ToolModelOutput = { type: 'text', value: 'Waiting for an answer.' };

const modelOutputOf = ({ output }: { output: unknown }): ToolModelOutput =>
  'pending' in (output as SdkToolEnvelope) ? pendingOutput : (output as { modelOutput: ToolModelOutput }).modelOutput;

const stretchOf = (options: SdkCallOptions) => options.experimental_context as SdkToolStretch;

/**
 * The SDK's wrapper of each input schema, made once per schema object: a tool's schema is fixed
 * when the tool is created.
 */
const sdkSchemas = new WeakMap<JsonSchema, ReturnType<typeof jsonSchema>>();
function sdkSchema(schema: JsonSchema) {
  let wrapped = sdkSchemas.get(schema);
  if (!wrapped) {
    wrapped = jsonSchema(schema);
    sdkSchemas.set(schema, wrapped);
  }
  return wrapped;
}

type LifecycleHook = 'onInputStart' | 'onInputDelta';

/** Fires a tool's hook while its input streams, when the tool is offered in this step. */
function lifecycleHook(name: string, hook: LifecycleHook, tool: RunTools['executable'][string]) {
  return async (options: SdkCallOptions) => {
    const stretch = stretchOf(options);
    if (!stretch.offered.includes(name)) return;
    const abortSignal = options.abortSignal ?? new AbortController().signal;
    const argument = { toolCallId: options.toolCallId, messages: options.messages, abortSignal };
    if (hook === 'onInputStart') {
      await callLifecycleHook({ tool, hook, argument, logger: stretch.logger });
    } else {
      await callLifecycleHook({
        tool,
        hook,
        argument: { ...argument, inputTextDelta: options.inputTextDelta ?? '' },
        logger: stretch.logger,
      });
    }
  };
}

function sdkToolOf(tools: RunTools, name: string, stream: boolean) {
  const executable = tools.executable[name];
  const client = tools.client[name];
  const onInputStart = stream && executable?.onInputStart ? lifecycleHook(name, 'onInputStart', executable) : undefined;
  const onInputDelta = stream && executable?.onInputDelta ? lifecycleHook(name, 'onInputDelta', executable) : undefined;
  return sdkTool({
    description: executable?.description ?? client?.description ?? name,
    // No validator: the run validates (with repairs) in its own call path.
    inputSchema: sdkSchema(executable?.inputJsonSchema ?? client?.inputSchema ?? emptyObjectSchema),
    ...(executable?.providerOptions ? { providerOptions: executable.providerOptions as never } : {}),
    ...(executable?.strict === undefined ? {} : { strict: executable.strict }),
    ...(executable?.inputExamples ? { inputExamples: executable.inputExamples as never } : {}),
    ...(onInputStart ? { onInputStart } : {}),
    ...(onInputDelta ? { onInputDelta } : {}),
    execute: (input: unknown, options: SdkCallOptions) => stretchOf(options).execute(name, input, options),
    toModelOutput: modelOutputOf,
  } as never);
}

const shared = new WeakMap<RunTools, { generate?: ToolSet; stream?: ToolSet }>();

/** The SDK tools of a tool record, in record order. */
export async function sdkToolsOf({
  tools,
  stream,
  model,
}: {
  tools: RunTools;
  stream: boolean;
  /** The run's model, for the provider's own web search. */
  model: LanguageModelLike;
}): Promise<ToolSet> {
  const mode = stream ? 'stream' : 'generate';
  const kept = shared.get(tools)?.[mode];
  if (kept) return kept;
  const made: ToolSet = {};
  let ownedByModel = false;
  for (const name of tools.names) {
    const executable = tools.executable[name];
    if (isNativeWebSearch(executable)) {
      made[name] = await nativeWebSearchTool({ toolName: name, model });
      ownedByModel = true;
    } else made[name] = sdkToolOf(tools, name, stream);
  }
  if (!ownedByModel) {
    const entry = shared.get(tools) ?? {};
    entry[mode] = made;
    shared.set(tools, entry);
  }
  return made;
}
