import type { Studio } from '@/lib/studio-handle';

/**
 * Model names offered in the Model field: the current models of the providers that have a key (or,
 * for OpenAI-compatible servers, a base URL), the names registered in code, and every model the
 * code agents use. The field accepts any `provider/model`; these only save typing, and offering a
 * model nobody can run would only lead to a failed run.
 */
const currentModels: Record<string, string[]> = {
  openai: ['openai/gpt-4o', 'openai/gpt-4o-mini', 'openai/gpt-4.1'],
  anthropic: ['anthropic/claude-sonnet-4-5', 'anthropic/claude-haiku-4-5'],
  google: ['google/gemini-2.5-pro', 'google/gemini-2.5-flash'],
  xai: ['xai/grok-4'],
  compatible: ['compatible/llama3.1'],
};

export interface ModelChoices {
  suggestions: string[];
  /** The variables that would enable more providers, for the hint under the field. */
  unconfigured: string[];
}

export function modelChoices(studio: Studio): ModelChoices {
  const providers = studio.models.providers();
  const fromProviders = providers.flatMap(({ provider, configured }) =>
    configured ? (currentModels[provider] ?? []) : [],
  );
  const fromCode = studio.agents.list().flatMap((agent) => (typeof agent.model === 'string' ? [agent.model] : []));
  return {
    suggestions: [...new Set([...fromProviders, ...studio.models.registered(), ...fromCode])].sort(),
    unconfigured: providers.filter(({ configured }) => !configured).map(({ variable }) => variable),
  };
}

export function modelSuggestions(studio: Studio): string[] {
  return modelChoices(studio).suggestions;
}
