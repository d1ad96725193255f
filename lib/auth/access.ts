/**
 * Everything sign-in needs, built once per studio: API keys (managed whether or not sign-in is
 * required, so keys can be made before it is turned on), and when `STUDIO_AUTH=required` the
 * sign-in library, the credential check the API's access gate asks, the first admin's setup link
 * and invitations.
 */
import type { Storage } from '../../db/storage';
import type { Logger } from '../logger';
import type { SecretsKey } from '../secrets';
import { createApiKeys } from './api-keys';
import { createCredentials } from './credentials';
import { createFirstAdminSetup } from './first-admin';
import { createInvitations } from './invitations';
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
  settings: { publicUrl?: string | undefined };
  /** Whether callers must sign in (`authMode` of lib/http). */
  required: boolean;
  logger: Logger;
}) {
  const apiKeys = createApiKeys({ storage, logger });
  if (!required)
    return { apiKeys, signIn: undefined, credentials: undefined, firstAdmin: undefined, invitations: undefined };
  const signIn = createSignIn({
    storage,
    secretsKey,
    secureCookies: settings.publicUrl?.startsWith('https:') ?? false,
    publicUrl: settings.publicUrl,
  });
  const credentials = createCredentials({
    verifyKey: (key) => apiKeys.verify(key),
    session: (headers) => signIn.session(headers),
  });
  const firstAdmin = createFirstAdminSetup({ storage, signIn });
  const invitations = createInvitations({ storage, signIn, publicUrl: settings.publicUrl });
  return { apiKeys, signIn, credentials, firstAdmin, invitations };
}

export type Access = ReturnType<typeof createAccess>;
