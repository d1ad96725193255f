/**
 * Everything sign-in needs, built once per studio: API keys (managed whether or not sign-in is
 * required, so keys can be made before it is turned on), and when `STUDIO_AUTH=required` the
 * sign-in library and the credential check the API's access gate asks.
 */
import type { Storage } from '../../db/storage';
import type { Logger } from '../logger';
import type { SecretsKey } from '../secrets';
import { createApiKeys } from './api-keys';
import { createCredentials } from './credentials';
import { createSignIn } from './sign-in';

export function createAccess({
  storage,
  secretsKey,
  settings,
  required,
  logger,
}: {
  storage: Storage;
  secretsKey: SecretsKey;
  settings: { publicUrl?: string | undefined; trustedProxy: number };
  /** Whether callers must sign in (`authMode` of lib/http). */
  required: boolean;
  logger: Logger;
}) {
  const apiKeys = createApiKeys({ storage, logger });
  if (!required) return { apiKeys, signIn: undefined, credentials: undefined };
  const signIn = createSignIn({
    storage,
    secretsKey,
    secureCookies: settings.publicUrl?.startsWith('https:') ?? false,
    publicUrl: settings.publicUrl,
    trustedProxies: settings.trustedProxy,
  });
  const credentials = createCredentials({
    verifyKey: (key) => apiKeys.verify(key),
    session: (headers) => signIn.session(headers),
  });
  return { apiKeys, signIn, credentials };
}

export type Access = ReturnType<typeof createAccess>;
