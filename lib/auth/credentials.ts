/**
 * Who is calling: the credentials of a request (an API key in `Authorization: Bearer`, or the
 * session cookie of a signed-in user) turned into a principal, and what that principal may do.
 * With sign-in off every caller is the local user, who may do everything.
 *
 * Only the Bearer scheme names a key. Another scheme (`Basic`, which a reverse proxy with basic
 * auth makes the browser send on every request) is the proxy's business, not the studio's: it is
 * ignored, and the session cookie decides.
 */
import { checkFailed, type CheckResult } from '../errors';
import type { ApiKeyCheck } from './api-keys';
import { roleScope, scopeIncludes, sessionScope, type RequiredScope, type Role, type Scope } from './roles';
import type { SignedInSession } from './sign-in';

export type Principal =
  | { kind: 'local' }
  | { kind: 'user'; id: string; email: string; name: string; role: Role }
  | { kind: 'key'; id: string; name: string; scope: Scope };

export const localPrincipal: Principal = Object.freeze({ kind: 'local' });

/** How the audit log and versions name who did something: `local`, `user:<email>` or `key:<name>`. */
export function actorOf(principal: Principal): string {
  switch (principal.kind) {
    case 'local':
      return 'local';
    case 'user':
      return `user:${principal.email}`;
    case 'key':
      return `key:${principal.name}`;
  }
}

/**
 * Whether a principal may call an operation that needs `required`; `spends` when it spends model or
 * tool calls (lib/api/operation-scopes.ts lists those operations), which the role `viewer` may not.
 */
export function allows(principal: Principal, required: RequiredScope, { spends = false } = {}): boolean {
  switch (principal.kind) {
    case 'local':
      return true;
    case 'key':
      return scopeIncludes(principal.scope, required);
    case 'user':
      return scopeIncludes(roleScope(principal.role), sessionScope(required, spends));
  }
}

/** The headers that carry credentials. */
export interface CredentialHeaders {
  authorization?: string | undefined;
  cookie?: string | undefined;
}

export interface Credentials {
  /** The principal the request's headers name; undefined when they name none that is live. */
  identify(headers: CredentialHeaders): Promise<Principal | undefined>;
  /**
   * The principal, or why the headers name none: what a 401 tells the caller. A key that is not
   * this studio's, was revoked or has expired says so (by the key's name, never the key);
   * anything else says how to authenticate.
   */
  authenticate(headers: CredentialHeaders): Promise<CheckResult<Principal>>;
}

/** What a caller without live credentials (no key or cookie, a malformed header, an ended session) is told. */
export const credentialsNeeded = 'Sign in, or send an API key as `Authorization: Bearer <key>`.';

/** A header of the Bearer scheme, well formed or not. */
const bearerScheme = /^\s*Bearer(?:\s|$)/i;
const bearer = /^\s*Bearer\s+(\S+)\s*$/i;

/** The header when it is of the Bearer scheme (an API key, or a malformed attempt at one); other schemes are not the studio's. */
const bearerHeader = (authorization: string | undefined): string | undefined =>
  authorization !== undefined && bearerScheme.test(authorization) ? authorization : undefined;

export function createCredentials({
  verifyKey,
  session,
}: {
  verifyKey(key: string): Promise<ApiKeyCheck>;
  session(headers: Headers): Promise<SignedInSession | undefined>;
}): Credentials {
  async function authenticate({ authorization, cookie }: CredentialHeaders): Promise<CheckResult<Principal>> {
    const keyHeader = bearerHeader(authorization);
    if (keyHeader !== undefined) {
      // A key that is wrong (or a malformed Bearer header) is refused, even when a cookie would have done.
      const key = bearer.exec(keyHeader)?.[1];
      if (!key) return checkFailed(credentialsNeeded);
      const check = await verifyKey(key);
      return check.ok ? { ok: true, value: { kind: 'key', ...check.value } } : check;
    }
    if (!cookie) return checkFailed(credentialsNeeded);
    const found = await session(new Headers({ cookie }));
    return found ? { ok: true, value: { kind: 'user', ...found.user } } : checkFailed(credentialsNeeded);
  }

  return {
    authenticate,
    async identify(headers) {
      const check = await authenticate(headers);
      return check.ok ? check.value : undefined;
    },
  };
}
