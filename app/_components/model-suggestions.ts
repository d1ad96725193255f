import { modelProviderLabels } from '@/lib/schemas';
import type { Studio } from '@/lib/studio-handle';

/**
 * Model names offered in the Model field: each built-in provider's current models, those of a
 * provider without a key (or, for OpenAI-compatible servers, a base URL) marked "needs a key"; the
 * names registered in code; and every model the code agents use. The field accepts any
 * `provider/model`; these only save typing, and the mark says before a run which ones would fail.
 */
const currentModels: Record<string, string[]> = {
  openai: ['openai/gpt-4o', 'openai/gpt-4o-mini', 'openai/gpt-4.1'],
  anthropic: ['anthropic/claude-sonnet-4-5', 'anthropic/claude-haiku-4-5'],
  google: ['google/gemini-2.5-pro', 'google/gemini-2.5-flash'],
  xai: ['xai/grok-4'],
  compatible: ['compatible/llama3.1'],
};

export interface ModelSuggestion {
  model: string;
  /** Its provider has no key yet: runs of it fail until an admin saves one (or the variable is set). */
  needsKey: boolean;
}

export interface ModelChoices {
  /** Models that can run first, then those that need a key, each group in name order. */
  suggestions: ModelSuggestion[];
  /** The built-in providers with no key (their models cannot run). */
  keylessProviders: string[];
}

/** Reads the stored provider settings first, so a key saved a moment ago already counts. */
export async function modelChoices(studio: Studio): Promise<ModelChoices> {
  await studio.models.refresh();
  const providers = studio.models.providers();
  const unconfiguredProviders = new Set(
    providers.filter(({ configured }) => !configured).map(({ provider }) => provider),
  );
  const fromProviders = providers.flatMap(({ provider }) => currentModels[provider] ?? []);
  const fromCode = studio.agents.list().flatMap((agent) => (typeof agent.model === 'string' ? [agent.model] : []));
  const names = [...new Set([...fromProviders, ...studio.models.registered(), ...fromCode])].sort();
  const needsKey = (model: string) => unconfiguredProviders.has(model.slice(0, model.indexOf('/')));
  const suggestions = names.map((model) => ({ model, needsKey: needsKey(model) }));
  return {
    suggestions: [...suggestions.filter((entry) => !entry.needsKey), ...suggestions.filter((entry) => entry.needsKey)],
    keylessProviders: [...unconfiguredProviders],
  };
}

/** The built-in provider a model name belongs to when that provider has no key, else undefined. */
export function keylessProviderOf(model: string | null | undefined, keylessProviders: string[]): string | undefined {
  const provider = model?.slice(0, Math.max(0, model.indexOf('/')));
  return provider && keylessProviders.includes(provider) ? provider : undefined;
}

/** A built-in provider as people know it ("OpenAI", not "openai"), for the editor's sentences. */
export function providerLabel(provider: string): string {
  const labels: Partial<Record<string, string>> = modelProviderLabels;
  return labels[provider] ?? provider;
}
