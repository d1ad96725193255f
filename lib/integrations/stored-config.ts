/**
 * Stored integration configs: the body of `PUT /api/integrations/:id` (one zod schema for the API
 * and the editor) and how its credentials are kept. Credential secrets are treated like MCP `env`
 * values: encrypted at rest with the studio's secrets key, shown only masked (`••••` + last 4), and
 * a save that sends back the mask keeps the stored secret.
 */
import { z } from 'zod';
import {
  decryptSecret,
  encryptSecret,
  maskSecret,
  SecretDecryptionError,
  secretMask,
  type SecretsKey,
} from '../secrets';
import type { Issue } from '../errors';
import type { OpenApiCredentials } from './openapi/credentials';

/** The same id rule as agents: a slug agents can reference in `integrationTools`. */
export const integrationIdPattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

// An HTTP header name is a "token" (RFC 9110); anything else would make every call fail.
const headerToken = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const openApiCredentialsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bearer'), token: z.string().min(1) }).strict(),
  z
    .object({
      type: z.literal('apiKey'),
      in: z.enum(['header', 'query']),
      name: z.string().min(1).max(256),
      value: z.string().min(1),
    })
    .strict()
    .refine((credentials) => credentials.in === 'query' || headerToken.test(credentials.name), {
      message: 'must be a valid HTTP header name',
      path: ['name'],
    }),
  z.object({ type: z.literal('basic'), username: z.string().min(1), password: z.string() }).strict(),
]);

export const integrationConfigInputSchema = z
  .object({
    type: z.literal('openapi'),
    name: z.string().trim().min(1).max(200).optional(),
    document: z.record(z.string(), z.unknown()),
    baseUrl: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional(),
    credentials: openApiCredentialsSchema.optional(),
  })
  .strict();

export type IntegrationConfigInput = z.infer<typeof integrationConfigInputSchema>;

/** What the `config` column holds: the input with credential secrets encrypted. */
export type StoredIntegrationConfig = IntegrationConfigInput;

const secretField = { bearer: 'token', apiKey: 'value', basic: 'password' } as const;

function secretOf(credentials: OpenApiCredentials): string {
  switch (credentials.type) {
    case 'bearer':
      return credentials.token;
    case 'apiKey':
      return credentials.value;
    case 'basic':
      return credentials.password;
  }
}

function withSecret<T extends OpenApiCredentials>(credentials: T, secret: string): T {
  return { ...credentials, [secretField[credentials.type]]: secret };
}

/** The credentials with their one secret value replaced by `transform(secret)` (sealing, unsealing). */
export function mapCredentialSecret<T extends OpenApiCredentials>(
  credentials: T,
  transform: (secret: string) => string,
): T {
  return withSecret(credentials, transform(secretOf(credentials)));
}

/** Where the secret sits in a config: `credentials.token`, `credentials.value` or `credentials.password`. */
export function credentialSecretPath(credentials: OpenApiCredentials): string {
  return `credentials.${secretField[credentials.type]}`;
}

export function decryptCredentials({
  credentials,
  key,
}: {
  credentials: OpenApiCredentials;
  key: SecretsKey;
}): OpenApiCredentials {
  return withSecret(credentials, decryptSecret({ key, value: secretOf(credentials) }));
}

/** The stored secret in clear, or undefined when it cannot be decrypted (the key changed). */
function readableSecret(credentials: OpenApiCredentials, key: SecretsKey): string | undefined {
  try {
    return decryptSecret({ key, value: secretOf(credentials) });
  } catch (error) {
    if (error instanceof SecretDecryptionError) return undefined;
    throw error;
  }
}

/** Credentials as responses show them: the secret masked, everything else as it is. */
export function maskCredentials({
  credentials,
  key,
}: {
  credentials: OpenApiCredentials;
  key: SecretsKey;
}): OpenApiCredentials {
  const secret = readableSecret(credentials, key);
  return withSecret(credentials, secret === undefined ? secretMask : maskSecret(secret));
}

/**
 * The credentials to store for a save: a secret equal to the mask of the stored one (the editor
 * sends back what it was shown) keeps the stored secret; anything else is encrypted as given.
 */
export function credentialsToStore({
  given,
  stored,
  key,
}: {
  given: OpenApiCredentials | undefined;
  stored: OpenApiCredentials | undefined;
  key: SecretsKey;
}): { ok: true; credentials: OpenApiCredentials | undefined } | { ok: false; issues: Issue[] } {
  if (!given) return { ok: true, credentials: undefined };
  const secret = secretOf(given);
  const storedSecret = stored && stored.type === given.type ? readableSecret(stored, key) : undefined;
  if (stored && storedSecret !== undefined && secret === maskSecret(storedSecret)) {
    return { ok: true, credentials: withSecret(given, secretOf(stored)) };
  }
  if (secret.startsWith(secretMask)) {
    return {
      ok: false,
      issues: [
        {
          path: `credentials.${secretField[given.type]}`,
          message: 'is a masked value that matches no stored secret: send the secret itself',
        },
      ],
    };
  }
  return { ok: true, credentials: withSecret(given, encryptSecret({ key, plaintext: secret })) };
}
