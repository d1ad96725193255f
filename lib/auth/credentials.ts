/**
 * Who is calling: the credentials of a request (an API key in `Authorization: Bearer`, or the
 * session cookie of a signed-in user) turned into a principal, and what that principal may do.
 * With sign-in off every caller is the local user, who may do everything.
 *
 * Only the Bearer scheme names a key. Another scheme (`Basic`, which a reverse proxy with basic
 * auth makes the browser send on every request) is the proxy's business, not the studio's: it is
 * ignored, and the session cookie decides.
 */
import type { ApiKeyCheck } from './api-keys';
import { roleScope, scopeIncludes, type RequiredScope, type Role, type Scope } from './roles';
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
      if (principal.role === 'viewer' && spends) return false;
      return scopeIncludes(roleScope(principal.role), required);
  }
}

export interface Credentials {
  /** The principal the request's headers name; undefined when they name none that is live. */
  identify(headers: {
    authorization?: string | undefined;
    cookie?: string | undefined;
  }): Promise<Principal | undefined>;
}

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
  return {
    async identify({ authorization, cookie }) {
      const keyHeader = bearerHeader(authorization);
      if (keyHeader !== undefined) {
        // A key that is wrong (or a malformed Bearer header) is refused, even when a cookie would have done.
        const key = bearer.exec(keyHeader)?.[1];
        if (!key) return undefined;
        const check = await verifyKey(key);
        return check.ok ? { kind: 'key', ...check.value } : undefined;
      }
      if (!cookie) return undefined;
      const found = await session(new Headers({ cookie }));
      return found ? { kind: 'user', ...found.user } : undefined;
    },
  };
}
