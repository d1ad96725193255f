/**
 * Stored integration configs: the body of `PUT /api/integrations/:id` (one zod schema for the API
 * and the editor) and how its credentials are kept. Credential secrets are treated like MCP `env`
 * values: encrypted at rest with the studio's secrets key and bound to the integration's row, shown
 * only masked (`••••` + last 4), and a save that sends back the mask keeps the stored secret, as
 * long as the set of origins the integration can call is unchanged (./openapi/server-origins).
 */
import { credentialSecret, type IntegrationConfigInput } from '../schemas';
import {
  decryptSecret,
  encryptSecret,
  maskSecret,
  SecretDecryptionError,
  secretMask,
  type SecretsKey,
} from '../secrets';
import { checkFailed, type CheckResult } from '../errors';
import type { OpenApiCredentials } from './openapi/credentials';

// The body schema lives in lib/schemas so the editor's form can validate with it in the browser.
export {
  integrationConfigInputSchema,
  integrationIdPattern,
  openApiCredentialsSchema,
  type IntegrationConfigInput,
} from '../schemas';

/** What the `config` column holds: the input with credential secrets encrypted. */
export type StoredIntegrationConfig = IntegrationConfigInput;

const secretField = { bearer: 'token', apiKey: 'value', basic: 'password' } as const;

function withSecret<T extends OpenApiCredentials>(credentials: T, secret: string): T {
  return { ...credentials, [secretField[credentials.type]]: secret };
}

/** The credentials with their one secret value replaced by `transform(secret)` (sealing, unsealing). */
export function mapCredentialSecret<T extends OpenApiCredentials>(
  credentials: T,
  transform: (secret: string) => string,
): T {
  return withSecret(credentials, transform(credentialSecret(credentials)));
}

/** Where the secret sits in a config: `credentials.token`, `credentials.value` or `credentials.password`. */
export function credentialSecretPath(credentials: OpenApiCredentials): string {
  return `credentials.${secretField[credentials.type]}`;
}

/** The associated data a credential's ciphertext is bound to: this integration's row and field. */
const locationOf = (integrationId: string, credentials: OpenApiCredentials) =>
  `integration_config|${integrationId}|${credentialSecretPath(credentials)}`;

/** One integration's credentials and the key their secret is sealed with. */
interface IntegrationCredentials {
  credentials: OpenApiCredentials;
  key: SecretsKey;
  integrationId: string;
}

export function decryptCredentials({
  credentials,
  key,
  integrationId,
  legacy = false,
}: IntegrationCredentials & {
  /** Also read values written before they were bound to their row (the start-up upgrade). */
  legacy?: boolean;
}): OpenApiCredentials {
  const value = credentialSecret(credentials);
  return withSecret(
    credentials,
    decryptSecret({ key, value, location: locationOf(integrationId, credentials), legacy }),
  );
}

export function encryptCredentials({ credentials, key, integrationId }: IntegrationCredentials): OpenApiCredentials {
  const plaintext = credentialSecret(credentials);
  return withSecret(credentials, encryptSecret({ key, plaintext, location: locationOf(integrationId, credentials) }));
}

/** The stored secret in clear, or undefined when it cannot be decrypted (the key changed). */
function readableSecret(credentials: OpenApiCredentials, key: SecretsKey, integrationId: string): string | undefined {
  try {
    return credentialSecret(decryptCredentials({ credentials, key, integrationId }));
  } catch (error) {
    if (error instanceof SecretDecryptionError) return undefined;
    throw error;
  }
}

/** Whether this key can read the stored secret (false: it was stored with another key). */
export const credentialsReadable = ({ credentials, key, integrationId }: IntegrationCredentials): boolean =>
  readableSecret(credentials, key, integrationId) !== undefined;

/** Credentials as responses show them: the secret masked, everything else as it is. */
export function maskCredentials({ credentials, key, integrationId }: IntegrationCredentials): OpenApiCredentials {
  const secret = readableSecret(credentials, key, integrationId);
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
  integrationId,
  sameDestination,
}: {
  given: OpenApiCredentials | undefined;
  stored: OpenApiCredentials | undefined;
  key: SecretsKey;
  integrationId: string;
  /** Whether the integration can call exactly the origins it could: only then may a mask keep the stored secret. */
  sameDestination: boolean;
}): CheckResult<OpenApiCredentials | undefined> {
  if (!given) return { ok: true, value: undefined };
  const secret = credentialSecret(given);
  const storedSecret = stored && stored.type === given.type ? readableSecret(stored, key, integrationId) : undefined;
  if (stored && storedSecret !== undefined && secret === maskSecret(storedSecret)) {
    if (!sameDestination)
      return checkFailed(
        'The origins this integration can call changed (its baseUrl, or a server or server variable of the document), so the stored secret is not sent there: enter the secret again instead of the masked value',
        `credentials.${secretField[given.type]}`,
      );
    // The ciphertext is bound to this integration's id, which a save never changes.
    return { ok: true, value: withSecret(given, credentialSecret(stored)) };
  }
  if (secret.startsWith(secretMask)) {
    return checkFailed(
      'is a masked value that matches no stored secret: send the secret itself',
      `credentials.${secretField[given.type]}`,
    );
  }
  return { ok: true, value: encryptCredentials({ credentials: given, key, integrationId }) };
}
