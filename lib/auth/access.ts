/**
 * Everything sign-in needs, built once per studio: API keys (managed whether or not sign-in is
 * required, so keys can be made before it is turned on), and when `STUDIO_AUTH=required` the
 * sign-in library and the credential check the API's access gate asks.
 */
import type { Storage } from '../../db/storage';
import type { Logger } from '../logger';
import type { SecretsKey } from '../secrets';
import { createApiKeys } from './api-keys';
import { createCredentials, localPrincipal, type Principal } from './credentials';
import { createSignIn } from './sign-in';

type Identify = (headers: {
  authorization?: string | undefined;
  cookie?: string | undefined;
}) => Promise<Principal | undefined>;

/** With sign-in off every caller is the local user, whatever the request carries. */
const identifyLocal: Identify = () => Promise.resolve(localPrincipal);

/**
 * `identify` names the caller of a request from its headers (the editor's pages and server actions
 * ask it; the API's gate asks `credentials`): undefined when they name nobody live.
 */
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
  if (!required) return { apiKeys, signIn: undefined, credentials: undefined, identify: identifyLocal };
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
  return { apiKeys, signIn, credentials, identify: credentials.identify };
}

export type Access = ReturnType<typeof createAccess>;
