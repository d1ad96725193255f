/**
 * The caller of a request, as the access gate (./access-gate) left it on the context. A module of
 * its own so that routes can name their actor without importing the gate, which reads the route
 * table and so every route.
 */
import type { Context } from 'hono';
import { actorOf, localPrincipal, type Principal } from '../auth/credentials';
import type { RunCaller } from '../runtime';

const principalKey = 'principal';

/** Called by the access gate once the caller's credentials allow the request. */
export function setPrincipal(context: Context, principal: Principal): void {
  context.set(principalKey as never, principal as never);
}

/** The caller of a request that passed the access gate (the local user when sign-in is off). */
export function principalOf(context: Context): Principal {
  return (context.get(principalKey) as Principal | undefined) ?? localPrincipal;
}

/** How the audit log and versions name the caller of a request: `local`, `user:<email>` or `key:<name>`. */
export function requestActor(context: Context): string {
  return actorOf(principalOf(context));
}

/**
 * Who starts or continues a run, as the runtime records and compares it: the user or key by id
 * (a renamed key or a changed email stays the same caller), and whether it is an admin. The local
 * user of sign-in off names nobody: those runs belong to whoever names their resource.
 */
export function runCallerOf(context: Context): RunCaller | undefined {
  const principal = principalOf(context);
  switch (principal.kind) {
    case 'local':
      return undefined;
    case 'user':
      return { id: `user:${principal.id}`, admin: principal.role === 'admin' };
    case 'key':
      return { id: `key:${principal.id}`, admin: principal.scope === 'admin' };
  }
}
