import type { LanguageModelV3 } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { parseSettings } from '@/lib/env';
import { createModelRegistry } from '@/lib/runtime';
import { LazyLanguageModel } from '@/lib/runtime/lazy-language-model';
import { createScriptedModel } from '@/tests/support/scripted-model';

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }];

describe('a language model loaded on its first call', () => {
  it('creates the real model once, on the first call, and hands every call to it', async () => {
    const real = createScriptedModel({ steps: [{ text: 'one' }, { text: 'two' }] });
    let loads = 0;
    const lazy = new LazyLanguageModel({
      provider: 'scripted.chat',
      modelId: 'm',
      load: async () => {
        loads += 1;
        return real as unknown as LanguageModelV3;
      },
    });
    expect(lazy).toMatchObject({ specificationVersion: 'v3', provider: 'scripted.chat', modelId: 'm' });
    expect(loads).toBe(0);
    await lazy.doGenerate({ prompt });
    await lazy.doGenerate({ prompt });
    expect(loads).toBe(1);
    expect(real.doGenerateCalls).toHaveLength(2);
    expect(await lazy.supportedUrls).toEqual(await real.supportedUrls);
  });

  it('tries the load again after it failed', async () => {
    let attempts = 0;
    const lazy = new LazyLanguageModel({
      provider: 'scripted.chat',
      modelId: 'm',
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('not installed');
        return createScriptedModel({ steps: [{ text: 'ok' }] }) as unknown as LanguageModelV3;
      },
    });
    await expect(lazy.doGenerate({ prompt })).rejects.toThrow('not installed');
    await expect(lazy.doGenerate({ prompt })).resolves.toMatchObject({ content: [{ type: 'text', text: 'ok' }] });
    expect(attempts).toBe(2);
  });

  it('reports, before loading, the provider the real model of each built-in provider reports', async () => {
    const models = createModelRegistry({
      settings: parseSettings({
        modelKeys: { openai: 'a', anthropic: 'b', google: 'c', xai: 'd' },
        openaiCompatibleBaseUrl: 'http://127.0.0.1:11434/v1',
      }),
      fetch: async () => {
        throw new Error('no network in unit tests');
      },
    });
    for (const name of ['openai/m', 'anthropic/m', 'google/m', 'xai/m', 'compatible/m']) {
      const lazy = models.resolve(name) as LazyLanguageModel;
      expect(lazy).toBeInstanceOf(LazyLanguageModel);
      const real = await lazy.model();
      expect(lazy.provider, name).toBe(real.provider);
      expect(real.modelId).toBe('m');
    }
  });
});
