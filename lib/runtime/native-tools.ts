/**
 * Tools the model provider runs itself. `webSearchTool` becomes the search tool of the run's model
 * provider; the provider is read from the model object (`openai.responses`, `anthropic.messages`,
 * `google.generative-ai`, `xai.chat`, ...), so it follows `prepareStep` only for the first model.
 * The provider's package is loaded when a run first offers its search tool.
 */
import type { Tool as SdkTool } from 'ai';
import { StudioError } from '../errors';

const webSearchByProvider: Record<string, () => Promise<SdkTool>> = {
  openai: async () => (await import('@ai-sdk/openai')).openai.tools.webSearch({}) as SdkTool,
  anthropic: async () => (await import('@ai-sdk/anthropic')).anthropic.tools.webSearch_20250305({}) as SdkTool,
  google: async () => (await import('@ai-sdk/google')).google.tools.googleSearch({}) as SdkTool,
  xai: async () => (await import('@ai-sdk/xai')).xai.tools.webSearch({}) as SdkTool,
};

export const webSearchProviders = Object.keys(webSearchByProvider);

/** The provider family of a model object: `openai.responses` -> `openai`. */
export function providerFamily(provider: string): string {
  return provider.split('.')[0]!.toLowerCase();
}

/** The provider's own web search tool; a provider without one is a clear error naming it. */
export async function nativeWebSearchTool({
  toolName,
  model,
}: {
  toolName: string;
  model: { provider: string; modelId: string };
}): Promise<SdkTool> {
  const family = providerFamily(model.provider);
  const create = webSearchByProvider[family];
  if (!create) {
    throw new StudioError(
      'invalid_input',
      `The tool "${toolName}" is web search by the model's provider, and the provider "${model.provider}" (model "${model.modelId}") has none: use a model of ${webSearchProviders.join(', ')}, or remove the tool.`,
      { toolName, provider: model.provider, modelId: model.modelId, supportedProviders: webSearchProviders },
    );
  }
  return create();
}
