/** Compares routers by what their matches do: which handlers run, in which order, with which parameters. */
import type { Result, Router } from 'hono/router';

export type Route = { method: string; path: string; handler: unknown };

/** What a handler sees: which routes run, in which order, with which parameters (read by name). */
export function routing(result: Result<unknown>) {
  const [handlers, stash] = result as [Array<[unknown, Record<string, string | number>]>, string[]?];
  return handlers.map(([handler, parameters]) => [
    handler,
    Object.entries(parameters)
      .map(([name, value]) => [name, stash ? stash[value as number] : value])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  ]);
}

export function fill<R extends Router<unknown>>(router: R, routes: Route[]): R {
  for (const route of routes) router.add(route.method, route.path, route.handler);
  return router;
}
