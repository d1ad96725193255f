import { describe, expect, it } from 'vitest';
import { Agent } from '@/lib/agents';
import { webSearchTool } from '@/lib/builtin-tools';
import type { RunChunk } from '@/lib/runtime';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { readChunks } from './run-fixture';

/** A scripted model that says it is of `provider` (as the AI SDK's provider models do). */
function modelOf(provider: string, modelId: string) {
  const model = createScriptedModel({ steps: [{ text: 'Searched.' }], modelId });
  Object.defineProperty(model, 'provider', { value: provider });
  return model;
}

describe('webSearchTool', () => {
  it.each([
    ['openai.responses', 'gpt-4o', 'openai.web_search'],
    ['anthropic.messages', 'claude-sonnet-4-5', 'anthropic.web_search_20250305'],
    ['google.generative-ai', 'gemini-2.5-pro', 'google.google_search'],
    ['xai.responses', 'grok-4', 'xai.web_search'],
  ])('becomes the native search tool of %s', async (provider, modelId, nativeId) => {
    const model = modelOf(provider, modelId);
    const agent = new Agent({
      id: 'searcher',
      name: 'Searcher',
      instructions: 'x',
      model,
      tools: { web_search: webSearchTool },
    });
    const result = await agent.generate('What happened today?');
    expect(result.text).toBe('Searched.');
    expect(model.doGenerateCalls[0]!.tools).toEqual([
      expect.objectContaining({ type: 'provider', id: nativeId, name: 'web_search' }),
    ]);
  });

  it('fails the run with a clear error naming any other provider, before the model is called', async () => {
    const model = modelOf('compatible.chat', 'llama3');
    const agent = new Agent({
      id: 'searcher',
      name: 'Searcher',
      instructions: 'x',
      model,
      tools: { search: webSearchTool },
    });
    const stream = agent.stream('What happened today?');
    const chunks = await readChunks(stream.fullStream);
    await expect(stream.result).rejects.toMatchObject({
      code: 'invalid_input',
      message:
        'The tool "search" is web search by the model\'s provider, and the provider "compatible.chat" (model "llama3") has none: use a model of openai, anthropic, google, xai, or remove the tool.',
      details: { provider: 'compatible.chat' },
    });
    expect((chunks.at(-1) as Extract<RunChunk, { type: 'error' }>).payload.error.code).toBe('invalid_input');
    expect(model.doStreamCalls).toHaveLength(0);
  });
});
