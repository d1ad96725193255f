/**
 * One model call of a run through the AI SDK (`streamText` when the caller streams, `generateText`
 * otherwise), with tools offered but never executed by the SDK: the run executes calls itself, so
 * it can enforce `activeTools`, pause for approval or suspension and persist between steps. Events
 * are reported as they happen (text and argument deltas only when streaming, as providers do).
 */
import { generateText, streamText, type ModelMessage, type ToolSet } from 'ai';
import type { LanguageModelObject } from './model-registry';
import type { RunUsage, ToolChoice } from './run-types';

export interface ModelToolCall {
  toolCallId: string;
  toolName: string;
  /** Parsed JSON when it parses; the raw text otherwise (validation then reports it). */
  input: unknown;
}

export interface ModelStepEvents {
  onTextDelta(text: string): void | Promise<void>;
  onToolInputStart(call: { toolCallId: string; toolName: string }): void | Promise<void>;
  onToolInputDelta(call: { toolCallId: string; delta: string }): void | Promise<void>;
  onToolInputEnd(call: { toolCallId: string }): void | Promise<void>;
  onToolCall(call: ModelToolCall): void | Promise<void>;
}

export interface ModelStepResult {
  /** What the model said, as messages to append (provider metadata kept). */
  assistantMessages: ModelMessage[];
  toolCalls: ModelToolCall[];
  text: string;
  finishReason: string;
  usage: RunUsage;
}

export function toRunUsage(usage: { inputTokens?: number; outputTokens?: number; totalTokens?: number }): RunUsage {
  const inputTokens = usage.inputTokens ?? 0;
  const outputTokens = usage.outputTokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: usage.totalTokens ?? inputTokens + outputTokens };
}

function assistantOnly(messages: ReadonlyArray<ModelMessage>): ModelMessage[] {
  // The SDK adds a tool message for calls it could not parse; the run answers those itself.
  return messages.filter((message) => message.role === 'assistant');
}

export async function runModelStep({
  model,
  system,
  messages,
  tools,
  toolChoice,
  stream,
  abortSignal,
  events,
}: {
  model: LanguageModelObject;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  toolChoice?: ToolChoice;
  stream: boolean;
  abortSignal?: AbortSignal;
  events: ModelStepEvents;
}): Promise<ModelStepResult> {
  const common = {
    model,
    ...(system ? { system } : {}),
    messages,
    tools,
    ...(toolChoice ? { toolChoice } : {}),
    ...(abortSignal ? { abortSignal } : {}),
  };
  if (!stream) {
    const result = await generateText(common);
    const toolCalls: ModelToolCall[] = [];
    for (const part of result.content) {
      if (part.type === 'text' && part.text) await events.onTextDelta(part.text);
      if (part.type === 'tool-call' && !part.providerExecuted) {
        const call = { toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
        toolCalls.push(call);
        await events.onToolCall(call);
      }
    }
    return {
      assistantMessages: assistantOnly(result.response.messages),
      toolCalls,
      text: result.text,
      finishReason: result.finishReason,
      usage: toRunUsage(result.usage),
    };
  }

  let failure: { error: unknown } | undefined;
  const result = streamText({ ...common, onError: ({ error }) => void (failure ??= { error }) });
  const toolCalls: ModelToolCall[] = [];
  let text = '';
  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'text-delta':
        text += part.text;
        await events.onTextDelta(part.text);
        break;
      case 'tool-input-start':
        if (!part.providerExecuted) await events.onToolInputStart({ toolCallId: part.id, toolName: part.toolName });
        break;
      case 'tool-input-delta':
        await events.onToolInputDelta({ toolCallId: part.id, delta: part.delta });
        break;
      case 'tool-input-end':
        await events.onToolInputEnd({ toolCallId: part.id });
        break;
      case 'tool-call':
        if (!part.providerExecuted) {
          const call = { toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
          toolCalls.push(call);
          await events.onToolCall(call);
        }
        break;
      case 'error':
        failure ??= { error: part.error };
        break;
      case 'abort':
        abortSignal?.throwIfAborted();
        throw new DOMException('The run was aborted.', 'AbortError');
      default:
        break;
    }
  }
  if (failure) throw failure.error;
  const [response, finishReason, usage] = await Promise.all([result.response, result.finishReason, result.usage]);
  return {
    assistantMessages: assistantOnly(response.messages),
    toolCalls,
    text,
    finishReason,
    usage: toRunUsage(usage),
  };
}
