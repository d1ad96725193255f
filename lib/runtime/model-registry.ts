/**
 * `provider/model` names to AI SDK language models. Names registered with `createStudio({ models })`
 * are looked up first (tests register scripted mock models this way); then the built-in providers,
 * each created once with the key from the settings (`lib/env.ts` reads the environment). A provider
 * with no key fails with `model_not_configured` naming the variable, before any call is made.
 *
 * A built-in provider's package is loaded by the first call of one of its models, not at start:
 * a name resolves to a `LazyLanguageModel` (see lazy-language-model.ts), so a studio whose runs
 * use one provider (or none, when it only serves resolves) holds no other provider's code.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { LanguageModel } from 'ai';
import type { Settings } from '../env';
import { isModelProviderConfigured, type ProviderSettingsSnapshot } from '../schemas/model-provider-bodies';
import { StudioError } from '../errors';
import { loadOnce } from '../load-once';
import { remoteExcerpt, type FetchFunction } from '../net';
import { LazyLanguageModel } from './lazy-language-model';

/** An AI SDK language model object (not a model id string). */
export type LanguageModelObject = Exclude<LanguageModel, string>;

export interface ModelRegistry {
  /** The model for a `provider/model` name or a model object; throws `model_not_configured`. */
  resolve(model: string | LanguageModelObject): LanguageModelObject;
  /** A provider's words (an error message) as our errors may carry them: short, the keys blanked. */
  excerpt(text: string): string;
  /** The built-in providers, each with the variable that enables it and whether it is set. */
  providers(): Array<{ provider: string; variable: string; configured: boolean }>;
  /** The names registered with `createStudio({ models })`. */
  registered(): string[];
  /** Reads the provider settings again if they may have changed (before a run). */
  refresh(): Promise<void>;
}

type ModelKeys = Settings['modelKeys'];

type ProviderModels = (modelId: string) => LanguageModelV3;

interface BuiltInProvider {
  /** The environment variable a person sets to enable it. */
  variable: string;
  /** What its models report as `provider` (the default model kind of the provider's package). */
  modelProvider: string;
  /** Loads the provider's package and creates the provider. */
  create(settings: { key: string; baseUrl?: string; fetch: FetchFunction }): Promise<ProviderModels>;
}

/** A provider that needs an API key, created by its package's factory. */
function keyedProvider(
  key: keyof ModelKeys,
  variable: string,
  modelProvider: string,
  factory: () => Promise<(options: { apiKey: string; baseURL?: string; fetch: FetchFunction }) => ProviderModels>,
): BuiltInProvider & { key: keyof ModelKeys } {
  return {
    key,
    variable,
    modelProvider,
    create: async ({ key: apiKey, baseUrl, fetch }) =>
      (await factory())({ apiKey, fetch, baseURL: baseUrl || undefined }),
  };
}

const builtInProviders: Record<string, BuiltInProvider & { key: keyof ModelKeys | 'baseUrl' }> = {
  openai: keyedProvider(
    'openai',
    'OPENAI_API_KEY',
    'openai.responses',
    async () => (await import('@ai-sdk/openai')).createOpenAI,
  ),
  anthropic: keyedProvider(
    'anthropic',
    'ANTHROPIC_API_KEY',
    'anthropic.messages',
    async () => (await import('@ai-sdk/anthropic')).createAnthropic,
  ),
  google: keyedProvider(
    'google',
    'GOOGLE_GENERATIVE_AI_API_KEY',
    'google.generative-ai',
    async () => (await import('@ai-sdk/google')).createGoogleGenerativeAI,
  ),
  xai: keyedProvider('xai', 'XAI_API_KEY', 'xai.chat', async () => (await import('@ai-sdk/xai')).createXai),
  // Local servers (Ollama, vLLM) need no key: the base URL is what makes the provider usable.
  compatible: {
    key: 'baseUrl',
    variable: 'OPENAI_COMPATIBLE_BASE_URL',
    modelProvider: 'compatible.chat',
    create: async ({ key, baseUrl, fetch }) =>
      (await import('@ai-sdk/openai-compatible')).createOpenAICompatible({
        name: 'compatible',
        baseURL: baseUrl!,
        fetch,
        apiKey: key || undefined,
        // Servers that follow OpenAI's API (vLLM, ...) report a streamed run's tokens only when asked.
        includeUsage: true,
      }),
  },
};

export const builtInProviderNames = Object.keys(builtInProviders);

function splitName(name: string): { provider: string; modelId: string } | undefined {
  const slash = name.indexOf('/');
  if (slash <= 0 || slash === name.length - 1) return undefined;
  return { provider: name.slice(0, slash), modelId: name.slice(slash + 1) };
}

/**
 * Where the registry reads each provider's key and base URL. The studio passes its editor's stored
 * settings (Settings → Model providers, over the environment); without one, the environment's.
 */
export interface ProviderSettingsSource {
  /** The settings in force now; a new `revision` drops every provider made with older ones. */
  current(): ProviderSettingsSnapshot;
  /** Brings `current()` up to date with storage (called before each run). */
  refresh(): Promise<void>;
}

/** The environment's keys and compatible base URL as a source that never changes. */
export function environmentProviderSettings(
  settings: Pick<Settings, 'modelKeys' | 'openaiCompatibleBaseUrl'>,
): ProviderSettingsSource {
  const providers = Object.fromEntries(
    Object.entries(builtInProviders).map(([name, builtIn]) => {
      const apiKey = builtIn.key === 'baseUrl' ? settings.modelKeys.compatible : settings.modelKeys[builtIn.key];
      const baseUrl = builtIn.key === 'baseUrl' ? settings.openaiCompatibleBaseUrl : undefined;
      return [name, { apiKey, baseUrl }];
    }),
  );
  const snapshot: ProviderSettingsSnapshot = { revision: 0, providers };
  return { current: () => snapshot, refresh: async () => {} };
}

export function createModelRegistry({
  models = {},
  settings,
  providerSettings = environmentProviderSettings(settings),
  fetch,
}: {
  models?: Record<string, LanguageModelObject>;
  settings: Pick<Settings, 'modelKeys' | 'openaiCompatibleBaseUrl'>;
  /** Keys and base URLs in force (default: the environment's, from `settings`). */
  providerSettings?: ProviderSettingsSource;
  /**
   * How providers reach their APIs: the outbound guard's `configured.fetch` (docs/security.md), so
   * a base URL pointing at a metadata address is refused and redirects never carry the key away.
   */
  fetch: FetchFunction;
}): ModelRegistry {
  for (const [name, model] of Object.entries(models)) {
    if (!splitName(name))
      throw new TypeError(`models[${JSON.stringify(name)}]: model names are "provider/model", e.g. "test/scripted".`);
    if (typeof model !== 'object' || model === null || typeof (model as { modelId?: unknown }).modelId !== 'string')
      throw new TypeError(`models[${JSON.stringify(name)}] is not an AI SDK language model object.`);
  }
  const providers = new Map<string, (modelId: string) => LanguageModelObject>();
  const cache = new Map<string, LanguageModelObject>();
  let revision = providerSettings.current().revision;

  /** The settings in force; providers and models made with older ones are dropped. */
  function inForce(): ProviderSettingsSnapshot {
    const snapshot = providerSettings.current();
    if (snapshot.revision !== revision) {
      revision = snapshot.revision;
      providers.clear();
      cache.clear();
    }
    return snapshot;
  }

  function providerFor(name: string, provider: string): (modelId: string) => LanguageModelObject {
    const setting = inForce().providers[provider];
    const existing = providers.get(provider);
    if (existing) return existing;
    const builtIn = builtInProviders[provider];
    if (!builtIn) {
      throw new StudioError(
        'model_not_configured',
        `Unknown model provider "${provider}" in "${name}": use one of ${builtInProviderNames.join(', ')}, or register the name with createStudio({ models }).`,
        { model: name, provider },
      );
    }
    if (!isModelProviderConfigured(provider, setting)) {
      throw new StudioError('model_not_configured', `Set ${builtIn.variable} to run ${name}.`, {
        model: name,
        provider,
        variable: builtIn.variable,
      });
    }
    const { apiKey, baseUrl } = setting ?? {};
    const load = loadOnce(() => builtIn.create({ key: apiKey ?? '', fetch, baseUrl: baseUrl || undefined }));
    const created = (modelId: string) =>
      new LazyLanguageModel({
        provider: builtIn.modelProvider,
        modelId,
        load: async () => (await load())(modelId),
      });
    providers.set(provider, created);
    return created;
  }

  return {
    providers: () => {
      const snapshot = inForce();
      return Object.entries(builtInProviders).map(([provider, builtIn]) => ({
        provider,
        variable: builtIn.variable,
        configured: isModelProviderConfigured(provider, snapshot.providers[provider]),
      }));
    },
    registered: () => Object.keys(models),
    refresh: () => providerSettings.refresh(),
    resolve(model) {
      if (typeof model !== 'string') return model;
      const registered = models[model];
      if (registered) return registered;
      inForce();
      const cached = cache.get(model);
      if (cached) return cached;
      const parts = splitName(model);
      if (!parts) {
        throw new StudioError(
          'model_not_configured',
          `"${model}" is not a provider/model name such as openai/gpt-4o.`,
          {
            model,
          },
        );
      }
      const resolved = providerFor(model, parts.provider)(parts.modelId);
      cache.set(model, resolved);
      return resolved;
    },
    // Providers echo keys back in their errors ("Incorrect API key provided: sk-...").
    excerpt: (text) =>
      remoteExcerpt(text, {
        secrets: Object.values(inForce().providers).flatMap((setting) => (setting?.apiKey ? [setting.apiKey] : [])),
      }),
  };
}
