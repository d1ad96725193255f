/**
 * Signing people in to the editor: email and password with sessions in the database, through
 * Better Auth (docs/decisions.md says why this library). It owns password hashing (scrypt), the
 * session cookie (`HttpOnly`, `SameSite=Lax`, `Secure` behind https), idle expiry (a session
 * unused for `idleHours` ends; each use after an hour pushes the end out) and sign-in rate limits
 * shared by every instance (in the database). This module adds what the library leaves out: an
 * absolute lifetime, ending every session of a user, and the studio's roles.
 *
 * Optionally people also sign in through the company's OpenID Connect provider (`oidc` below):
 * the library's generic OAuth plugin with the provider id `oidc`, callback
 * `/api/auth/callback/oidc`. Its sessions are the same sessions, with the same expiry.
 */
import { hkdfSync } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import { createAccessControl } from 'better-auth/plugins/access';
import { admin } from 'better-auth/plugins/admin';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Storage } from '../../db/storage';
import { isUniqueViolation, StudioError } from '../errors';
import type { SecretsKey } from '../secrets';
import { maximumPasswordLength, minimumPasswordLength } from './password-rules';
import { clientAddress, clientAddressHeader, withClientAddress } from './client-address';
import { isRole, type Role } from './roles';
import { sessionCookiePrefix } from './session-cookie';
import { studioSignInRules } from './sign-in-rules';

/** A session unused this long ends. */
export const idleHours = 8;
/** A session ends this long after sign-in, however much it is used. */
export const absoluteHours = 7 * 24;
/** Sign-in attempts per address within `signInWindowSeconds`, counted by every instance together. */
export const signInAttempts = 5;
export const signInWindowSeconds = 60;
/** Provider sign-ins started per address within `signInWindowSeconds`. */
export const providerSignInStarts = 30;

/** The editor's sign-in page. */
const signInPagePath = '/sign-in';

/** The sign-in library names an address in use with this code. */
const emailInUse = 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';

/**
 * Whether the address is in use: the library's own check found it, or (two requests adding the
 * same address at once, both past that check) the database refused the second row.
 */
function isEmailInUse(error: unknown): boolean {
  if (isAPIError(error)) return (error.body as { code?: unknown } | undefined)?.code === emailInUse;
  return isUniqueViolation(error, { table: 'users', column: 'email' });
}

/** A refusal of an address in use as the studio's `conflict`; anything else as it was. */
function plainRefusal(error: unknown, email: string): unknown {
  if (!isEmailInUse(error)) return error;
  return new StudioError('conflict', `A user with the email ${email} already exists; nothing was changed.`, undefined, {
    cause: error,
  });
}

/** The provider id of OpenID Connect sign-in: its callback is `/api/auth/callback/oidc`. */
export const oidcProviderId = 'oidc';

/** A complete OpenID Connect configuration (`settings.oidc` once its issuer is set). */
export interface OidcOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The role of someone's user made at their first sign-in through the provider. */
  defaultRole: Role;
  /** What the sign-in button names the provider. */
  name: string;
}

/** What the sign-in page needs to offer the provider: "Sign in with <name>". */
export interface OidcButton {
  providerId: typeof oidcProviderId;
  name: string;
}

/**
 * The provider as the library's generic OAuth plugin takes it. An existing user with the same
 * address is linked (not duplicated) only when the provider says the address is verified
 * (`email_verified`): the library's default, kept because it is what stops someone who controls
 * an unverified address at the provider from taking over a password user's account.
 */
function oidcPlugin(oidc: OidcOptions) {
  return genericOAuth({
    config: [
      {
        providerId: oidcProviderId,
        name: oidc.name,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        discoveryUrl: `${oidc.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        // Signed ID tokens are checked against the provider's published keys, or sign-in fails.
        requireIdTokenVerification: true,
      },
    ],
  });
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface SignedInSession {
  user: SignedInUser;
  session: { id: string; expiresAt: Date; createdAt: Date };
}

/** The key that signs session cookies, derived from the secrets key (one setting less to keep in step across instances). */
function cookieSecret(secretsKey: SecretsKey): string {
  return Buffer.from(
    hkdfSync('sha256', secretsKey.hashKey, Buffer.alloc(0), 'agent-studio session cookies', 32),
  ).toString('hex');
}

/**
 * The studio's roles as the library knows them. What each may do is decided by the studio's own
 * table of scopes (lib/api/operation-scopes.ts), so the library's permissions stay empty.
 */
function libraryRoles() {
  const control = createAccessControl({});
  return { control, roles: { admin: control.newRole({}), editor: control.newRole({}), viewer: control.newRole({}) } };
}

/** Sign-in attempts per address, counted in the database so that every instance counts them together. */
function rateLimits() {
  return {
    enabled: true,
    storage: 'database',
    modelName: 'rateLimits',
    window: signInWindowSeconds,
    max: 100,
    customRules: {
      '/sign-in/email': { window: signInWindowSeconds, max: signInAttempts },
      // Starting a provider sign-in checks no secret (the provider does), so it is not held to
      // the password attempts: a generous limit per address still bounds the state rows it writes.
      '/sign-in/social': { window: signInWindowSeconds, max: providerSignInStarts },
      // Reading the session is every page's first request, not an attempt at anything.
      '/get-session': false,
    },
  } as const;
}

/**
 * The request with the studio's own `Origin` when it names none. Every request reaches the library
 * through the studio's request gate (lib/api/request-gate.ts), which has refused other sites (a
 * foreign or `null` Origin, `Sec-Fetch-Site: cross-site`) and lets callers that send no Origin
 * through: the CLI, servers, curl. The library refuses a session cookie without an Origin ("Missing
 * or null Origin"), so such a caller could not sign out or change its password; it is given the
 * origin the library trusts, the public URL's or else the request's own.
 */
function withOwnOrigin(request: Request, publicUrl: string | undefined): Request {
  if (request.headers.has('origin')) return request;
  const headers = new Headers(request.headers);
  headers.set('origin', new URL(publicUrl ?? request.url).origin);
  return new Request(request, { headers });
}

/**
 * Told of each call into the sign-in library while it runs: the production server switches the
 * library's async-local storages off between calls (lib/http/library-storages.ts).
 */
export interface LibraryCalls {
  /** A call has started; the answer is called once it has ended. */
  started(): () => void;
}

/** A call into the library, told to `calls` while it runs. */
async function toldOf<T>(calls: LibraryCalls | undefined, call: () => Promise<T>): Promise<T> {
  const ended = calls?.started();
  try {
    return await call();
  } finally {
    ended?.();
  }
}

export async function createSignIn({
  storage,
  secretsKey,
  secureCookies,
  publicUrl,
  trustedProxies = 0,
  oidc,
  calls,
  now = () => new Date(),
}: {
  storage: Storage;
  secretsKey: SecretsKey;
  /** Behind https: cookies marked `Secure` (and named with the `__Secure-` prefix). */
  secureCookies: boolean;
  /** Where people reach the studio (`STUDIO_PUBLIC_URL`); without it the library takes each request's origin. */
  publicUrl?: string | undefined;
  /** Reverse proxies in front of the studio (`STUDIO_TRUSTED_PROXY`): whether and how far `X-Forwarded-For` is read. */
  trustedProxies?: number;
  /** Sign-in through an OpenID Connect provider too; none when undefined. */
  oidc?: OidcOptions | undefined;
  calls?: LibraryCalls | undefined;
  now?: () => Date;
}) {
  const { control, roles } = libraryRoles();
  const auth = betterAuth({
    basePath: '/api/auth',
    baseURL: publicUrl || undefined,
    // Only its errors: without a public URL it warns at every start that it takes the request's origin.
    logger: { level: 'error' },
    secret: cookieSecret(secretsKey),
    database: await storage.signInAdapter(),
    telemetry: { enabled: false },
    user: { modelName: 'users' },
    session: {
      modelName: 'sessions',
      expiresIn: idleHours * 3600,
      updateAge: 3600,
    },
    // The provider's tokens are kept (the library needs a row per linked provider) but never used:
    // sealed with the library's secret (from the secrets key), so a copy of the database does not hand them out.
    account: { modelName: 'accounts', encryptOAuthTokens: true },
    verification: { modelName: 'verifications' },
    // People are added by an admin, an invitation or the CLI, never by signing themselves up.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: minimumPasswordLength,
      maxPasswordLength: maximumPasswordLength,
    },
    rateLimit: rateLimits(),
    advanced: {
      // The library skips its checks of `Origin` and of where to redirect after a provider sign-in
      // when it thinks it runs under tests; the studio keeps them everywhere (tests included).
      disableOriginCheck: false,
      cookiePrefix: sessionCookiePrefix,
      useSecureCookies: secureCookies,
      // Its default reads `X-Forwarded-For`, which any client can send; the studio's handler below
      // puts the address it trusts in a header of its own instead.
      ipAddress: { ipAddressHeaders: [clientAddressHeader] },
      database: { generateId: () => crypto.randomUUID() },
    },
    // Errors of a provider sign-in land on the sign-in page (`?error=<code>`), not the library's own page.
    onAPIError: { errorURL: signInPagePath },
    plugins: [
      // Users added by an admin, an invitation or the CLI always come with a role; the default
      // role is only given to people a provider's sign-in adds.
      admin({ ac: control, roles, defaultRole: oidc?.defaultRole ?? 'viewer', adminRoles: ['admin'] }),
      studioSignInRules(),
      ...(oidc ? [oidcPlugin(oidc)] : []),
    ],
  });

  const counted = <T>(call: () => Promise<T>) => toldOf(calls, call);

  /** The session a request's cookie carries, if it is live: unexpired, within its absolute lifetime, user not disabled. */
  async function session(headers: Headers): Promise<SignedInSession | undefined> {
    const found = await counted(() => auth.api.getSession({ headers }));
    if (!found) return undefined;
    const { user, session: stored } = found;
    const ageHours = (now().getTime() - stored.createdAt.getTime()) / 3_600_000;
    if (ageHours >= absoluteHours) {
      await counted(() => auth.api.revokeSession({ headers, body: { token: stored.token } })).catch(() => undefined);
      return undefined;
    }
    const role = (user as { role?: unknown }).role;
    if ((user as { banned?: boolean | null }).banned || !isRole(role)) return undefined;
    return {
      user: { id: user.id, email: user.email, name: user.name, role },
      session: { id: stored.id, expiresAt: stored.expiresAt, createdAt: stored.createdAt },
    };
  }

  return {
    /**
     * Better Auth's own routes under `/api/auth/*` (sign-in, sign-out, OpenID Connect callbacks);
     * `socketAddress` is where the connection comes from (unknown in process).
     */
    handler: (request: Request, socketAddress?: string) => {
      const forwardedFor = request.headers.get('x-forwarded-for') ?? undefined;
      const address = clientAddress({ socketAddress, forwardedFor, trustedProxies });
      return counted(() => auth.handler(withOwnOrigin(withClientAddress(request, address), publicUrl)));
    },
    /** The provider the sign-in page offers besides passwords, when one is configured. */
    oidc: oidc ? ({ providerId: oidcProviderId, name: oidc.name } satisfies OidcButton) : undefined,
    session,
    /**
     * Adds a user who signs in with a password (no request needed: the CLI and the setup page call
     * this). An address in use is a `conflict`.
     */
    async createUser({
      email,
      name,
      password,
      role,
    }: {
      email: string;
      name: string;
      password: string;
      role: Role;
    }): Promise<SignedInUser> {
      const created = await counted(() =>
        auth.api.createUser({ body: { email, name, password, role, data: { emailVerified: true } } }),
      ).catch((error: unknown) => {
        throw plainRefusal(error, email);
      });
      return { id: created.user.id, email: created.user.email, name: created.user.name, role };
    },
    /**
     * Signs a user in with their password and answers the `Set-Cookie` values of the new session:
     * how the setup and invitation pages leave the person they just added signed in.
     */
    async sessionCookies({
      email,
      password,
      headers,
    }: {
      email: string;
      password: string;
      headers: Headers;
    }): Promise<string[]> {
      const answer = await counted(() =>
        auth.api.signInEmail({ body: { email, password }, headers, asResponse: true }),
      );
      if (!answer.ok) throw new StudioError('internal_error', `Could not sign ${email} in after adding them.`);
      return answer.headers.getSetCookie();
    },
  };
}

export type SignIn = Awaited<ReturnType<typeof createSignIn>>;

/** What the services over the library's users (first admin, invitations, the user directory) are built from. */
export interface UserServiceParts {
  storage: Storage;
  signIn: SignIn;
  now?: () => Date;
}
