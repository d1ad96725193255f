/**
 * Which scope a request needs, from its method and path, for the middleware that checks
 * credentials. The answer comes from the same kind of router the app dispatches with (./router),
 * fed the routes' own method and path templates, so a path reaches the same route here as in the
 * app: no second set of patterns to keep in step.
 */
import { ApiRouter } from './router';
import { higherScope, type RequiredScope } from '../auth/roles';

export interface ScopedRoute<Id extends string = string> {
  /** Lowercase or uppercase, as in the route definitions (`get`, `post`, ...). */
  method: string;
  /** The full path as the app sees it, with OpenAPI parameters: `/api/agents/{id}/resolve`. */
  path: string;
  scope: RequiredScope;
  /** The operation, when the route is one (the document and the health check are not all). */
  operationId?: Id;
  /** Whether it spends model or tool calls, which the role `viewer` may not (`spendingOperations`). */
  spends?: boolean;
}

export interface ScopeLookup<Id extends string = string> {
  /**
   * The route a request reaches, with the scope it needs; `undefined` for a method and path that
   * no route declares (the app answers those 404 or 405). Callers must then require `admin`, so
   * that an undeclared route is never open by mistake.
   */
  find(method: string, path: string): ScopedRoute<Id> | undefined;
  /** The scope of `find`, or `undefined` as there. */
  requiredScope(method: string, path: string): RequiredScope | undefined;
}

/** Hono's own conversion of an OpenAPI path template (`{id}`) into a router pattern (`:id`). */
function routerPattern(path: string): string {
  return path.replaceAll(/\/{(.+?)}/g, '/:$1');
}

/** HEAD requests reach GET routes, as in Hono's dispatch. */
function dispatchedMethod(method: string): string {
  const upper = method.toUpperCase();
  return upper === 'HEAD' ? 'GET' : upper;
}

/**
 * When more than one route matches (a literal segment beside a parameter), the highest
 * requirement answers: the app dispatches to the first route registered, which this lookup cannot
 * know, and the stricter answer can only refuse, never open.
 */
function strictest<Id extends string>(routes: Array<ScopedRoute<Id>>): ScopedRoute<Id> | undefined {
  return routes.reduce<ScopedRoute<Id> | undefined>(
    (found, route) => (found === undefined || higherScope(found.scope, route.scope) !== found.scope ? route : found),
    undefined,
  );
}

export function createScopeLookup<Id extends string>(routes: ReadonlyArray<ScopedRoute<Id>>): ScopeLookup<Id> {
  const router = new ApiRouter<ScopedRoute<Id>>();
  for (const route of routes) router.add(dispatchedMethod(route.method), routerPattern(route.path), route);

  function find(method: string, path: string): ScopedRoute<Id> | undefined {
    const [matches] = router.match(dispatchedMethod(method), path);
    return strictest(matches.map(([route]) => route));
  }

  return { find, requiredScope: (method, path) => find(method, path)?.scope };
}
