/**
 * Everything sign-in needs, built once per studio when `STUDIO_AUTH=required`: API keys, the
 * sign-in library, and the credential check the API's access gate asks.
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
  logger,
}: {
  storage: Storage;
  secretsKey: SecretsKey;
  settings: { publicUrl?: string | undefined };
  logger: Logger;
}) {
  const apiKeys = createApiKeys({ storage, logger });
  const signIn = createSignIn({
    storage,
    secretsKey,
    secureCookies: settings.publicUrl?.startsWith('https:') ?? false,
  });
  const credentials = createCredentials({
    verifyKey: (key) => apiKeys.verify(key),
    session: (headers) => signIn.session(headers),
  });
  return { apiKeys, signIn, credentials };
}

export type Access = ReturnType<typeof createAccess>;
