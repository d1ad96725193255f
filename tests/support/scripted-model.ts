/**
 * Scripted language models: the AI SDK's `MockLanguageModelV3`, answering each call with the next
 * scripted step (or with what `respond` decides from the prompt). Streaming calls send text in
 * small deltas and tool arguments as `tool-input-start` / `-delta` / `-end` before the `tool-call`,
 * as real providers do; non-streaming calls answer whole. Tool input is a JSON string (or raw text,
 * to script a model that sends something unparseable).
 */
import type { LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { setTimeout } from 'node:timers/promises';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

export interface ScriptedToolCall {
  toolName: string;
  /** An object (sent as JSON) or raw argument text. */
  input: unknown;
  toolCallId?: string;
}

export interface ScriptedStep {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /**
   * Spaces this step's stream chunks (overrides the model's `delayMs`); a non-streaming call answers
   * this step after waiting as long once, so a generated run stays open for a while too.
   */
  delayMs?: number;
}

/** A mock model that also keeps every prompt it received, streaming or not, in call order. */
export type ScriptedModel = MockLanguageModelV3 & { prompts: LanguageModelV3CallOptions['prompt'][] };

export type Responder = (call: LanguageModelV3CallOptions, callIndex: number) => ScriptedStep;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function chunks(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let index = 0; index < text.length; index += size) parts.push(text.slice(index, index + size));
  return parts.length > 0 ? parts : [''];
}

function argumentText(input: unknown): string {
  return typeof input === 'string' ? input : JSON.stringify(input);
}

function callIds(step: ScriptedStep, callIndex: number) {
  return (step.toolCalls ?? []).map((call, index) => ({
    ...call,
    toolCallId: call.toolCallId ?? `call-${callIndex + 1}-${index + 1}`,
  }));
}

function finishReason(step: ScriptedStep) {
  return (step.toolCalls?.length ?? 0) > 0
    ? { unified: 'tool-calls' as const, raw: 'tool_calls' }
    : { unified: 'stop' as const, raw: 'stop' };
}

export function streamParts(step: ScriptedStep, callIndex: number, chunkSize = 6): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (step.text) {
    parts.push({ type: 'text-start', id: 'text-1' });
    for (const delta of chunks(step.text, chunkSize)) parts.push({ type: 'text-delta', id: 'text-1', delta });
    parts.push({ type: 'text-end', id: 'text-1' });
  }
  for (const call of callIds(step, callIndex)) {
    const text = argumentText(call.input);
    parts.push({ type: 'tool-input-start', id: call.toolCallId, toolName: call.toolName });
    for (const delta of chunks(text, chunkSize)) parts.push({ type: 'tool-input-delta', id: call.toolCallId, delta });
    parts.push({ type: 'tool-input-end', id: call.toolCallId });
    parts.push({ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: text });
  }
  parts.push({ type: 'finish', finishReason: finishReason(step), usage });
  return parts;
}

export function generateContent(step: ScriptedStep, callIndex: number): LanguageModelV3Content[] {
  const content: LanguageModelV3Content[] = [];
  if (step.text) content.push({ type: 'text', text: step.text });
  for (const call of callIds(step, callIndex)) {
    content.push({
      type: 'tool-call',
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      input: argumentText(call.input),
    });
  }
  return content;
}

/**
 * A model answering call N with `steps[N]` (or `respond(call, N)`); past the script it answers
 * `Done.`. `delayMs` spaces stream chunks (to test aborts and first-byte times).
 */
export function createScriptedModel({
  steps = [],
  respond,
  delayMs,
  chunkSize,
  modelId = 'scripted',
}: {
  steps?: ScriptedStep[];
  respond?: Responder;
  delayMs?: number;
  chunkSize?: number;
  modelId?: string;
} = {}): ScriptedModel {
  let calls = 0;
  const prompts: LanguageModelV3CallOptions['prompt'][] = [];
  const next = (options: LanguageModelV3CallOptions) => {
    const index = calls++;
    prompts.push(options.prompt);
    return { index, step: respond ? respond(options, index) : (steps[index] ?? { text: 'Done.' }) };
  };
  const model = new MockLanguageModelV3({
    provider: 'test',
    modelId,
    doGenerate: async (options) => {
      const { index, step } = next(options);
      if (step.delayMs !== undefined) await setTimeout(step.delayMs, undefined, { signal: options.abortSignal });
      return { content: generateContent(step, index), finishReason: finishReason(step), usage, warnings: [] };
    },
    doStream: async (options) => {
      const { index, step } = next(options);
      return {
        stream: simulateReadableStream({
          chunks: streamParts(step, index, chunkSize),
          initialDelayInMs: step.delayMs ?? delayMs ?? null,
          chunkDelayInMs: step.delayMs ?? delayMs ?? null,
        }),
      };
    },
  });
  return Object.assign(model, { prompts });
}
