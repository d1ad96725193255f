/**
 * The router of the API app: every route dispatched by Hono's regular-expression router or a table.
 *
 * Hono's default router tries its regular-expression router first, and that router refuses any
 * route set in which one method has a literal segment and a parameter at the same place (`POST
 * /api/agents/import` beside `POST /api/agents/{id}/resolve`): one regular expression cannot keep
 * registration order between the two. Hono then falls back to its trie router, which walks the
 * path segment by segment and builds its answer afresh on every request. This API needs such
 * pairs, so the routes are split instead:
 * - a path without parameters or wildcards (`/api/health`, `/api/agents`, `/api/agents/import`)
 *   is answered from a table, each entry computed once by a trie router holding every route, so it
 *   is exactly the trie router's answer (the `/api/*` middleware included);
 * - every other path can only match routes with parameters or wildcards, and those alone go to the
 *   regular-expression router, with the trie router as Hono's own fallback should it refuse them
 *   (`tests/integration/api/api-router.test.ts` fails then).
 * Measurements and the reasoning: docs/performance.md.
 */
import { MESSAGE_MATCHER_IS_ALREADY_BUILT, type Result, type Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Hono's own test for a path with parameters or wildcards. */
const patternPath = /\*|\/:/;

/** The table's slot for methods no route names: only `ALL` routes answer those, the same for each. */
const unnamedMethod = ' unnamed';

export class ApiRouter<T> implements Router<T> {
  readonly name = 'ApiRouter';
  readonly #everyRoute = new TrieRouter<T>();
  readonly #patternRoutes = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] });
  readonly #namedMethods = new Set<string>();
  /** Per literal path, the answer per method, filled on first use. */
  readonly #literalPaths = new Map<string, Record<string, Result<T>>>();
  #routing = false;

  add(method: string, path: string, handler: T): void {
    // The table would go stale: Hono's routers refuse late routes the same way.
    if (this.#routing) throw new Error(MESSAGE_MATCHER_IS_ALREADY_BUILT);
    this.#everyRoute.add(method, path, handler);
    if (method !== 'ALL') this.#namedMethods.add(method);
    if (patternPath.test(path)) this.#patternRoutes.add(method, path, handler);
    else if (!this.#literalPaths.has(path)) this.#literalPaths.set(path, Object.create(null));
  }

  match(method: string, path: string): Result<T> {
    if (!this.#routing) {
      this.#routing = true;
      // Settles which router answers the pattern routes now, whatever the first path is.
      this.#patternRoutes.match(method, path);
    }
    const answers = this.#literalPaths.get(path);
    if (answers === undefined) return this.#patternRoutes.match(method, path);
    const slot = this.#namedMethods.has(method) ? method : unnamedMethod;
    return (answers[slot] ??= this.#everyRoute.match(method, path));
  }

  /** The Hono router that answers the paths with parameters (known from the first request on). */
  get patternRouterName(): string {
    return this.#patternRoutes.activeRouter.name;
  }
}
