/**
 * The run both sides of the concurrent-streams figure serve: a scripted model that takes 50 ms per
 * step, and two tools that answer at once. Step 1 calls one tool, step 2 the other, step 3 answers
 * in text, so a run is 3 model steps and 2 tool calls. The studio's configuration and the bare
 * `streamText` server both build their model and tools from here, so they serve the same run.
 */
import type { LanguageModelV3, LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { streamParts, type ScriptedStep } from '../tests/support/scripted-model';

export const streamedRunModelId = 'bench/streamed';
export const streamedRunStepMs = 50;
export const streamedRunPrompt = 'Find order 42 and quote its shipping.';
export const streamedRunInstructions = 'Look the order up, then quote its shipping.';

export interface StreamedRunTool {
  id: string;
  description: string;
  inputJsonSchema: { type: 'object'; properties: Record<string, { type: 'string' }>; required: string[] };
  execute(input: { value: string }): Promise<Record<string, string>>;
}

export const streamedRunTools: readonly StreamedRunTool[] = [
  {
    id: 'lookup-order',
    description: 'Looks an order up by its number',
    inputJsonSchema: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
    execute: async ({ value }) => ({ order: value, status: 'packed' }),
  },
  {
    id: 'quote-shipping',
    description: 'Quotes the shipping of an order',
    inputJsonSchema: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
    execute: async ({ value }) => ({ order: value, price: '4.90 EUR' }),
  },
];

/** The step a call is at, read from the tool results already in its prompt (one model serves every run). */
function stepFor(prompt: LanguageModelV3CallOptions['prompt']): ScriptedStep {
  const toolMessages = prompt.filter((message) => message.role === 'tool').length;
  const tool = streamedRunTools[toolMessages];
  if (tool) return { toolCalls: [{ toolName: tool.id, input: { value: '42' } }] };
  return { text: 'Order 42 is packed; shipping costs 4.90 EUR.' };
}

/**
 * A language model that waits 50 ms and then sends the step's chunks at once (it only streams). It
 * keeps none of its calls (the SDK's mock model records every call, which would count as memory
 * held per run), and its tool call ids are unique per call so concurrent runs never share one.
 */
export function createStreamedRunModel(): LanguageModelV3 {
  let calls = 0;
  return {
    specificationVersion: 'v3',
    provider: 'bench',
    modelId: 'streamed',
    supportedUrls: {},
    doGenerate: async () => {
      throw new Error('The bench model only streams.');
    },
    doStream: async (options) => ({
      stream: simulateReadableStream({
        chunks: streamParts(stepFor(options.prompt), calls++),
        initialDelayInMs: streamedRunStepMs,
        chunkDelayInMs: null,
      }),
    }),
  };
}
