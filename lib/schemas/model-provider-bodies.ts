/**
 * The built-in model providers as Settings shows them, and the body of
 * `PUT /api/settings/model-providers` (one schema for the API, the service and the Settings form).
 * Pure: the base URL check classifies a literal address without resolving anything.
 */
import { z } from 'zod';
import { classifyAddress, classifyName, describeClass, isAllowed } from '../net/address-classes';

export const modelProviderNames = ['openai', 'anthropic', 'google', 'xai', 'compatible'] as const;
export type ModelProviderName = (typeof modelProviderNames)[number];

/** The names people know the providers by (Settings' field names use them). */
export const modelProviderLabels: Record<ModelProviderName, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  xai: 'xAI',
  compatible: 'OpenAI-compatible',
};

/** The providers whose address can be changed: a gateway for OpenAI, a local server for the compatible one. */
export const providersTakingBaseUrl: readonly ModelProviderName[] = ['openai', 'compatible'];

/** The provider settings from the environment (`lib/env.ts`): keys, and the compatible server's address. */
export interface ModelProviderEnvironment {
  modelKeys: Partial<Record<ModelProviderName, string>>;
  openaiCompatibleBaseUrl?: string;
}

export type SettingSource = 'stored' | 'env';

/** What a provider runs with now. */
export interface ProviderSettingInForce {
  apiKey?: string;
  baseUrl?: string;
  keySource?: SettingSource;
  baseUrlSource?: SettingSource;
}

/** Every provider's settings in force; `revision` changes whenever any of them does. */
export interface ProviderSettingsSnapshot {
  revision: number;
  providers: Partial<Record<string, ProviderSettingInForce>>;
}

/** Whether a provider's models can run: a key, or for the compatible provider a base URL. */
export const isModelProviderConfigured = (name: string, setting: ProviderSettingInForce | undefined): boolean =>
  name === 'compatible' ? setting?.baseUrl !== undefined : setting?.apiKey !== undefined;

/**
 * Why a base URL is refused, as a sentence the Settings form shows beside the field, or undefined:
 * http(s) only, no credentials, no address no configured URL may reach.
 */
export function baseUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a web address such as https://api.example.com/v1.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `Enter a web address starting with http:// or https:// (this one starts with ${url.protocol}).`;
  if (url.username || url.password)
    return 'Leave the user name and password out of the address: put the key in the API key field.';
  if (url.search || url.hash) return 'Leave out the part from "?" or "#" on: the address ends with its path.';
  const addressClass = classifyAddress(url.hostname) ?? classifyName(url.hostname);
  if (addressClass && !isAllowed(addressClass, { allowInternal: true }))
    return `This address points at a ${describeClass(addressClass)} address, which the studio never calls.`;
  return undefined;
}

const baseUrlSchema = z
  .string()
  .trim()
  .max(2_000)
  .superRefine((value, context) => {
    const problem = baseUrlProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const providerChangeSchema = z
  .object({
    /** A new key to store (replaces a stored one). Keys are never sent back. */
    apiKey: z.string().trim().min(1, 'is empty: leave it out to keep the key').max(4_096).optional(),
    /** Removes the stored key (the environment variable, if set, applies again). */
    clearKey: z.literal(true).optional(),
    /** A base URL to store, or null to remove the stored one. */
    baseUrl: baseUrlSchema.nullable().optional(),
  })
  .strict();

export type ModelProviderChange = z.infer<typeof providerChangeSchema>;

export const modelProvidersBodySchema = z
  .object({
    providers: z
      .object(
        Object.fromEntries(modelProviderNames.map((name) => [name, providerChangeSchema.optional()])) as Record<
          ModelProviderName,
          z.ZodOptional<typeof providerChangeSchema>
        >,
      )
      .strict(),
  })
  .strict()
  .superRefine(({ providers }, context) => {
    for (const name of modelProviderNames) {
      const change = providers[name];
      if (!change) continue;
      if (change.apiKey !== undefined && change.clearKey)
        context.addIssue({
          code: 'custom',
          path: ['providers', name, 'clearKey'],
          message: 'cannot be given with apiKey: send one or the other',
        });
      if (change.baseUrl !== undefined && change.baseUrl !== null && !providersTakingBaseUrl.includes(name))
        context.addIssue({
          code: 'custom',
          path: ['providers', name, 'baseUrl'],
          message: `${modelProviderLabels[name]} takes no base URL here (only ${providersTakingBaseUrl.join(', ')})`,
        });
    }
  });

export type ModelProvidersBody = z.infer<typeof modelProvidersBodySchema>;
