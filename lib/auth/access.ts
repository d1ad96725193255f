/**
 * Everything sign-in needs, built once per studio: API keys (managed whether or not sign-in is
 * required, so keys can be made before it is turned on), and when `STUDIO_AUTH=required` the
 * sign-in library, the credential check the API's access gate asks, the first admin's setup link
 * and invitations. The sign-in library is loaded only then: a studio without sign-in does not
 * hold it in memory.
 */
import type { Storage } from '../../db/storage';
import type { Logger } from '../logger';
import type { SecretsKey } from '../secrets';
import { createApiKeys } from './api-keys';
import { createCredentials, localPrincipal, type Principal } from './credentials';
import { createFirstAdminSetup } from './first-admin';
import { createInvitations } from './invitations';
import type { Role } from './roles';
import type { LibraryCalls, OidcOptions } from './sign-in';

/** `settings.oidc` as the environment gives it (see lib/env.ts). */
interface OidcSettings {
  issuer?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  defaultRole: Role;
  name?: string | undefined;
}

/** The provider to offer, once its settings are complete (lib/env.ts refuses half of them). */
function oidcOptionsOf(oidc: OidcSettings | undefined): OidcOptions | undefined {
  if (!oidc?.issuer || !oidc.clientId || !oidc.clientSecret) return undefined;
  return {
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    defaultRole: oidc.defaultRole,
    name: oidc.name ?? new URL(oidc.issuer).hostname,
  };
}

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
export async function createAccess({
  storage,
  secretsKey,
  settings,
  required,
  logger,
  libraryCalls,
}: {
  storage: Storage;
  secretsKey: SecretsKey;
  settings: { publicUrl?: string | undefined; trustedProxy?: number; oidc?: OidcSettings | undefined };
  /** Whether callers must sign in (`authMode` of lib/http). */
  required: boolean;
  logger: Logger;
  /** Told of each call into the sign-in library while it runs. */
  libraryCalls?: LibraryCalls | undefined;
}) {
  const apiKeys = createApiKeys({ storage, logger });
  const oidc = oidcOptionsOf(settings.oidc);
  if (!required) {
    // Not refused: without sign-in nobody signs in at all, so nothing is opened by the setting.
    if (oidc)
      logger.warn(
        'STUDIO_OIDC_ISSUER is set but sign-in is off (STUDIO_AUTH=off), so OpenID Connect sign-in is not offered; ' +
          'set STUDIO_AUTH=required to use it.',
      );
    return {
      apiKeys,
      signIn: undefined,
      credentials: undefined,
      firstAdmin: undefined,
      invitations: undefined,
      identify: identifyLocal,
    };
  }
  if (oidc && !settings.publicUrl)
    logger.warn(
      'STUDIO_OIDC_ISSUER is set without STUDIO_PUBLIC_URL: the redirect URI sent to the provider follows each ' +
        "request's host, so it may not be the one registered; set STUDIO_PUBLIC_URL.",
    );
  const { createSignIn } = await import('./sign-in');
  const signIn = await createSignIn({
    storage,
    secretsKey,
    secureCookies: settings.publicUrl?.startsWith('https:') ?? false,
    publicUrl: settings.publicUrl,
    trustedProxies: settings.trustedProxy,
    oidc,
    calls: libraryCalls,
  });
  const credentials = createCredentials({
    verifyKey: (key) => apiKeys.verify(key),
    session: (headers) => signIn.session(headers),
  });
  const firstAdmin = createFirstAdminSetup({ storage, signIn });
  const invitations = createInvitations({ storage, signIn, publicUrl: settings.publicUrl });
  return { apiKeys, signIn, credentials, firstAdmin, invitations, identify: credentials.identify };
}

export type Access = Awaited<ReturnType<typeof createAccess>>;
