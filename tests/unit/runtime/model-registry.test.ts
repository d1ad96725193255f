import type { LanguageModelV3 } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { parseSettings } from '@/lib/env';
import { isStudioError } from '@/lib/errors';
import type { FetchFunction } from '@/lib/net';
import { createModelRegistry } from '@/lib/runtime';
import { createScriptedModel } from '@/tests/support/scripted-model';

// Nothing here reaches a network: a fetch that refuses everything stands in for the outbound guard.
const refuseAll: FetchFunction = async () => {
  throw new Error('no network in unit tests');
};
const registry = (settings = {}, models = {}, fetch = refuseAll) =>
  createModelRegistry({ settings: parseSettings(settings), models, fetch });

function failureOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isStudioError(error)) return { code: error.code, message: error.message, details: error.details };
  }
  throw new Error('expected a StudioError');
}

describe('the model registry', () => {
  it.each([
    ['openai/gpt-4o', 'OPENAI_API_KEY'],
    ['anthropic/claude-sonnet-4-5', 'ANTHROPIC_API_KEY'],
    ['google/gemini-2.5-pro', 'GOOGLE_GENERATIVE_AI_API_KEY'],
    ['xai/grok-4', 'XAI_API_KEY'],
    ['compatible/llama3', 'OPENAI_COMPATIBLE_BASE_URL'],
  ])('answers model_not_configured naming the variable for %s without a key', (name, variable) => {
    expect(failureOf(() => registry().resolve(name))).toEqual({
      code: 'model_not_configured',
      message: `Set ${variable} to run ${name}.`,
      details: expect.objectContaining({ model: name, variable }),
    });
  });

  it('says which providers are configured and which names are registered', () => {
    const models = registry(
      { modelKeys: { anthropic: 'sk-ant' }, openaiCompatibleBaseUrl: 'http://127.0.0.1:11434/v1' },
      { 'test/scripted': createScriptedModel({ steps: [] }) },
    );
    expect(models.providers()).toEqual([
      { provider: 'openai', variable: 'OPENAI_API_KEY', configured: false },
      { provider: 'anthropic', variable: 'ANTHROPIC_API_KEY', configured: true },
      { provider: 'google', variable: 'GOOGLE_GENERATIVE_AI_API_KEY', configured: false },
      { provider: 'xai', variable: 'XAI_API_KEY', configured: false },
      { provider: 'compatible', variable: 'OPENAI_COMPATIBLE_BASE_URL', configured: true },
    ]);
    expect(models.registered()).toEqual(['test/scripted']);
  });

  it('creates a provider model once a key is set', () => {
    const models = registry({ modelKeys: { openai: 'sk-test', anthropic: 'sk-ant' } });
    expect(models.resolve('openai/gpt-4o')).toMatchObject({ modelId: 'gpt-4o' });
    expect(models.resolve('openai/gpt-4o')).toBe(models.resolve('openai/gpt-4o'));
    expect(models.resolve('anthropic/claude-sonnet-4-5')).toMatchObject({ modelId: 'claude-sonnet-4-5' });
    const local = registry({ openaiCompatibleBaseUrl: 'http://127.0.0.1:11434/v1' });
    expect(local.resolve('compatible/llama3')).toMatchObject({ modelId: 'llama3' });
  });

  it('looks registered names up before the built-in providers', () => {
    const scripted = createScriptedModel();
    const shadowing = createScriptedModel();
    const models = registry({}, { 'test/scripted': scripted, 'openai/gpt-4o': shadowing });
    expect(models.resolve('test/scripted')).toBe(scripted);
    expect(models.resolve('openai/gpt-4o')).toBe(shadowing);
    expect(models.resolve(scripted)).toBe(scripted);
  });

  it('rejects unknown providers and names that are not provider/model', () => {
    expect(failureOf(() => registry().resolve('mystery/model')).message).toMatch(
      /^Unknown model provider "mystery" in "mystery\/model": use one of openai, anthropic, google, xai, compatible/,
    );
    expect(failureOf(() => registry().resolve('gpt-4o')).message).toBe(
      '"gpt-4o" is not a provider/model name such as openai/gpt-4o.',
    );
    expect(() => registry({}, { scripted: createScriptedModel() })).toThrow(/model names are "provider\/model"/);
  });

  it('reads provider keys from the environment through the settings', async () => {
    const { settingsFromEnvironment } = await import('@/lib/env');
    const settings = settingsFromEnvironment({ OPENAI_API_KEY: 'sk-env', XAI_API_KEY: 'xai-env' });
    expect(settings.modelKeys).toEqual({ openai: 'sk-env', xai: 'xai-env' });
  });
  it('gives every built-in provider the fetch it was created with (the outbound guard), never the global one', async () => {
    const seen: string[] = [];
    const recording: FetchFunction = async (input) => {
      seen.push(String(input instanceof Request ? input.url : input));
      throw new Error('recorded');
    };
    const models = registry(
      {
        modelKeys: { openai: 'sk-a', anthropic: 'sk-b', google: 'sk-c', xai: 'sk-d' },
        openaiCompatibleBaseUrl: 'http://127.0.0.1:11434/v1',
      },
      {},
      recording,
    );
    for (const name of [
      'openai/gpt-4o',
      'anthropic/claude-sonnet-4-5',
      'google/gemini-2.5-pro',
      'xai/grok-4',
      'compatible/llama3',
    ]) {
      const model = models.resolve(name) as LanguageModelV3;
      await expect(
        model.doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] }),
        name,
      ).rejects.toThrow('recorded');
    }
    expect(seen.map((url) => new URL(url).host)).toEqual([
      'api.openai.com',
      'api.anthropic.com',
      'generativelanguage.googleapis.com',
      'api.x.ai',
      '127.0.0.1:11434',
    ]);
  });

  it("blanks the configured keys in a provider's words and keeps them short", () => {
    const models = registry({ modelKeys: { openai: 'sk-secret-value' } });
    const excerpt = models.excerpt(`Incorrect API key provided: sk-secret-value.\n${'More. '.repeat(100)}`);
    expect(excerpt).toMatch(/^Incorrect API key provided: \[redacted\]\. More\./);
    expect(excerpt).not.toContain('sk-secret-value');
    expect(excerpt.length).toBeLessThanOrEqual(201);
  });
});
