import type { Studio } from '@/lib/studio-handle';

/**
 * Model names offered in the Model field: the built-in providers' current models, the
 * OpenAI-compatible server when one is configured, and every model the code agents use. The field
 * accepts any `provider/model`; these only save typing.
 */
const builtInModels = [
  'openai/gpt-4o',
  'openai/gpt-4o-mini',
  'openai/gpt-4.1',
  'anthropic/claude-sonnet-4-5',
  'anthropic/claude-haiku-4-5',
  'google/gemini-2.5-pro',
  'google/gemini-2.5-flash',
  'xai/grok-4',
];

export function modelSuggestions(studio: Studio): string[] {
  const fromCode = studio.agents.list().flatMap((agent) => (typeof agent.model === 'string' ? [agent.model] : []));
  const compatible = studio.settings.openaiCompatibleBaseUrl ? ['compatible/llama3.1'] : [];
  return [...new Set([...builtInModels, ...compatible, ...fromCode])].sort();
}
