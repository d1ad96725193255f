/**
 * Serving operations: a route file declares each operation's route (its contract, listed in
 * `./operations.ts`) and, right below it, the handler that answers it, built from the services the
 * API was made with. The file's register function is the list of its operations.
 */
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Env } from 'hono';
import type { ApiApp } from './app';

/** Registers one operation, or all of a file's, on the API app. */
export type Registration<Services> = (app: ApiApp, services: Services) => void;

/**
 * The `serve` of route files whose handlers need `Services`: `serve(route, answer)` is one
 * operation, its route and the handler `answer` builds from the services.
 */
export function servingWith<Services>() {
  return <Route extends RouteConfig>(
      route: Route,
      answer: (services: Services) => RouteHandler<Route, Env>,
    ): Registration<Services> =>
    (app, services) => {
      app.openapi(route, answer(services));
    };
}

/** A route file's operations, registered in the order given. */
export function serveAll<Services>(...operations: Array<Registration<Services>>): Registration<Services> {
  return (app, services) => {
    for (const register of operations) register(app, services);
  };
}
