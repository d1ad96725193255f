/**
 * Signing people in to the editor: email and password with sessions in the database, through
 * Better Auth (docs/decisions.md says why this library). It owns password hashing (scrypt), the
 * session cookie (`HttpOnly`, `SameSite=Lax`, `Secure` behind https), idle expiry (a session
 * unused for `idleHours` ends; each use after an hour pushes the end out) and sign-in rate limits
 * shared by every instance (in the database). This module adds what the library leaves out: an
 * absolute lifetime, ending every session of a user, and the studio's roles.
 */
import { hkdfSync } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import { createAccessControl } from 'better-auth/plugins/access';
import { admin } from 'better-auth/plugins/admin';
import type { Storage } from '../../db/storage';
import { StudioError } from '../errors';
import type { SecretsKey } from '../secrets';
import { maximumPasswordLength, minimumPasswordLength } from './password-rules';
import { isRole, type Role } from './roles';

/** A session unused this long ends. */
export const idleHours = 8;
/** A session ends this long after sign-in, however much it is used. */
export const absoluteHours = 7 * 24;
/** Sign-in attempts per address within `signInWindowSeconds`, counted by every instance together. */
export const signInAttempts = 5;
export const signInWindowSeconds = 60;

/** The sign-in library names an address in use with this code. */
const emailInUse = 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';

/** The library's refusal of an address in use as the studio's `conflict`; anything else as it was. */
function plainRefusal(error: unknown, email: string): unknown {
  if (!isAPIError(error) || (error.body as { code?: unknown } | undefined)?.code !== emailInUse) return error;
  return new StudioError('conflict', `A user with the email ${email} already exists; nothing was changed.`, undefined, {
    cause: error,
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

export function createSignIn({
  storage,
  secretsKey,
  secureCookies,
  publicUrl,
  now = () => new Date(),
}: {
  storage: Storage;
  secretsKey: SecretsKey;
  /** Behind https: cookies marked `Secure` (and named with the `__Secure-` prefix). */
  secureCookies: boolean;
  /** Where people reach the studio (`STUDIO_PUBLIC_URL`); without it the library takes each request's origin. */
  publicUrl?: string | undefined;
  now?: () => Date;
}) {
  const { control, roles } = libraryRoles();
  const auth = betterAuth({
    basePath: '/api/auth',
    ...(publicUrl ? { baseURL: publicUrl } : {}),
    // Only its errors: without a public URL it warns at every start that it takes the request's origin.
    logger: { level: 'error' },
    secret: cookieSecret(secretsKey),
    database: storage.signInAdapter(),
    telemetry: { enabled: false },
    user: { modelName: 'users' },
    session: {
      modelName: 'sessions',
      expiresIn: idleHours * 3600,
      updateAge: 3600,
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    // People are added by an admin, an invitation or the CLI, never by signing themselves up.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: minimumPasswordLength,
      maxPasswordLength: maximumPasswordLength,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimits',
      window: signInWindowSeconds,
      max: 100,
      customRules: {
        '/sign-in/email': { window: signInWindowSeconds, max: signInAttempts },
        // Reading the session is every page's first request, not an attempt at anything.
        '/get-session': false,
      },
    },
    advanced: {
      cookiePrefix: 'studio',
      useSecureCookies: secureCookies,
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [admin({ ac: control, roles, defaultRole: 'viewer', adminRoles: ['admin'] })],
  });

  /** The session a request's cookie carries, if it is live: unexpired, within its absolute lifetime, user not disabled. */
  async function session(headers: Headers): Promise<SignedInSession | undefined> {
    const found = await auth.api.getSession({ headers });
    if (!found) return undefined;
    const { user, session: stored } = found;
    const ageHours = (now().getTime() - stored.createdAt.getTime()) / 3_600_000;
    if (ageHours >= absoluteHours) {
      await auth.api.revokeSession({ headers, body: { token: stored.token } }).catch(() => undefined);
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
    /** Better Auth's own routes under `/api/auth/*` (sign-in, sign-out, OpenID Connect callbacks). */
    handler: (request: Request) => auth.handler(request),
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
      const created = await auth.api
        .createUser({ body: { email, name, password, role, data: { emailVerified: true } } })
        .catch((error: unknown) => {
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
      const answer = await auth.api.signInEmail({ body: { email, password }, headers, asResponse: true });
      if (!answer.ok) throw new StudioError('internal_error', `Could not sign ${email} in after adding them.`);
      return answer.headers.getSetCookie();
    },
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
