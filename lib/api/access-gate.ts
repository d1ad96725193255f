/**
 * The credential check of every API route, from one table (lib/api/operation-scopes.ts, the same
 * the OpenAPI document declares): it runs right after the request gate, before any body is read,
 * so an anonymous caller learns nothing but 401. Public routes (health, the OpenAPI document) and
 * the sign-in routes under `/api/auth/` pass without credentials; a route the table does not name
 * needs `admin`, so an undeclared route is never open by mistake. The principal is left on the
 * context for the routes (./request-principal), which record its actor.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { actorOf, allows, credentialsNeeded, type Credentials, type Principal } from '../auth/credentials';
import { roleFor, sessionScope, type RequiredScope, type Scope } from '../auth/roles';
import { errorBody } from '../errors';
import type { ScopeLookup } from './scope-lookup';
import { setPrincipal } from './request-principal';

/** The request's credentials headers, straight from Node's parsed request when served by server.ts. */
function credentialHeaders(context: Context) {
  const incoming = (context.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) return { authorization: incoming.headers.authorization, cookie: incoming.headers.cookie };
  return { authorization: context.req.header('authorization'), cookie: context.req.header('cookie') };
}

/**
 * What a refused caller is told, in words and in `details`: a key, the scope it lacks; a person,
 * the role it takes and the scope their session needs, which the document's `sessionCookie`
 * declares (a viewer reads what a `runtime` key reads, but starting runs and tools spends, which
 * takes an editor).
 */
function refusalOf(principal: Principal, required: Exclude<RequiredScope, 'public'>, spends: boolean) {
  if (principal.kind !== 'user')
    return {
      message: `${actorOf(principal)} may not do this: it needs the ${required} scope.`,
      details: { requiredScope: required },
    };
  const needed = sessionScope(required, spends) as Scope;
  const role = roleFor(needed);
  const what = spends && required === 'runtime' ? 'start runs or run tools' : 'do this';
  return {
    message: `${principal.email} (${principal.role}) may not ${what}: it needs the ${role} role.`,
    details: { requiredScope: needed, requiredRole: role },
  };
}

/** `lookup` is the route table's (`createApiScopeLookup` of ./operation-scopes, built where the routes are known). */
export function accessGate(credentials: Credentials, lookup: ScopeLookup): MiddlewareHandler {
  return async (context, next) => {
    const { method, path } = context.req;
    if (path === '/api/auth' || path.startsWith('/api/auth/')) return next();
    const route = lookup.find(method, path);
    const required = route?.scope ?? 'admin';
    if (required === 'public') return next();
    const check = await credentials.authenticate(credentialHeaders(context));
    if (!check.ok) {
      context.header('WWW-Authenticate', 'Bearer');
      // Why: no credentials, or the key that was sent is unknown, revoked or expired.
      return context.json(errorBody('unauthorized', check.issues[0]?.message ?? credentialsNeeded), 401);
    }
    const principal = check.value;
    const spends = route?.spends ?? false;
    if (!allows(principal, required, { spends })) {
      const { message, details } = refusalOf(principal, required, spends);
      return context.json(errorBody('forbidden', message, details), 403);
    }
    setPrincipal(context, principal);
    return next();
  };
}
