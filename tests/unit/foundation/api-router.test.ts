import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiRouter } from '@/lib/api/router';
import { createTestStudio } from '../../support/studio';

type Route = { method: string; path: string; handler: unknown };

/** What a handler sees: which routes run, in which order, with which parameters (read by name). */
function routing(result: Result<unknown>) {
  const [handlers, stash] = result as [Array<[unknown, Record<string, string | number>]>, string[]?];
  return handlers.map(([handler, parameters]) => [
    handler,
    Object.entries(parameters)
      .map(([name, value]) => [name, stash ? stash[value as number] : value])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  ]);
}

function fill<R extends Router<unknown>>(router: R, routes: Route[]): R {
  for (const route of routes) router.add(route.method, route.path, route.handler);
  return router;
}

/** Each route's path made concrete several ways, plus near misses, under every method. */
function probes(routes: Route[]) {
  const paths = new Set(['/', '/api', '/api/', '/api//health', '/api/*']);
  for (const { path } of routes)
    for (const value of ['some-id', 'import', '7']) {
      const concrete = path.replace(/:\w+/g, value).replace(/\*$/, 'anything');
      for (const variant of [concrete, `${concrete}/`, `${concrete}/more`]) paths.add(variant);
    }
  return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].flatMap((method) =>
    [...paths].map((path) => [method, path] as const),
  );
}

describe('the API router', () => {
  const handle = createTestStudio();
  afterAll(() => handle.cleanup());
  const { api } = handle.studio;
  const routes = api.routes as Route[];

  it("dispatches the API's routes with parameters through Hono's regular-expression router", async () => {
    expect(api.router).toBeInstanceOf(ApiRouter);
    expect((await api.request('/api/health')).status).toBe(200);
    // A route that makes the regular-expression router refuse the set turns this into TrieRouter.
    expect((api.router as ApiRouter<unknown>).patternRouterName).toBe('RegExpRouter');
  });

  it("routes every request exactly as Hono's trie router would", () => {
    const apiRouter = fill(new ApiRouter(), routes);
    const trie = fill(new TrieRouter(), routes);
    // A path of one literal `*` is left out: the trie router runs the `/api/*` middleware twice for it.
    const requests = probes(routes).filter(([, path]) => !path.includes('*'));
    expect(requests.length).toBeGreaterThan(1000);
    for (const [method, path] of requests)
      expect(routing(apiRouter.match(method, path)), `${method} ${path}`).toEqual(routing(trie.match(method, path)));
    expect(apiRouter.patternRouterName).toBe('RegExpRouter');
  });
});

describe('ApiRouter', () => {
  const routes: Route[] = [
    { method: 'ALL', path: '/api/*', handler: 'every request' },
    { method: 'ALL', path: '/api/items/:id/run', handler: 'limit runs' },
    { method: 'GET', path: '/api/items', handler: 'list' },
    { method: 'POST', path: '/api/items/import', handler: 'import' },
    { method: 'GET', path: '/api/items/:id', handler: 'read' },
    { method: 'POST', path: '/api/items/:id/run', handler: 'run' },
  ];

  it.each([
    ['POST', '/api/items/import', ['every request', 'import']],
    ['GET', '/api/items/import', ['every request', 'read']],
    ['GET', '/api/items', ['every request', 'list']],
    ['OPTIONS', '/api/items', ['every request']],
    ['PUT', '/api/items/import', ['every request']],
    ['POST', '/api/items/x/run', ['every request', 'limit runs', 'run']],
    ['GET', '/api/items/x/run', ['every request', 'limit runs']],
    ['GET', '/api/items/', ['every request']],
    ['GET', '/elsewhere', []],
  ])('answers %s %s with the routes a trie router gives, in order', (method, path, expected) => {
    const apiRouter = fill(new ApiRouter(), routes);
    const trie = fill(new TrieRouter(), routes);
    const answer = routing(apiRouter.match(method, path));
    expect(answer.map(([handler]) => handler)).toEqual(expected);
    expect(answer).toEqual(routing(trie.match(method, path)));
  });

  it('gives a literal path the same answer again, and its parameters to a pattern route', () => {
    const apiRouter = fill(new ApiRouter(), routes);
    expect(apiRouter.match('GET', '/api/items')).toBe(apiRouter.match('GET', '/api/items'));
    expect(routing(apiRouter.match('GET', '/api/items/import'))[1]).toEqual(['read', [['id', 'import']]]);
    expect(apiRouter.patternRouterName).toBe('RegExpRouter');
  });

  it("falls back to Hono's trie router when the pattern routes have a literal and a parameter side by side", () => {
    const apiRouter = fill(new ApiRouter(), [
      ...routes,
      { method: 'GET', path: '/api/items/:id/latest', handler: 'latest' },
      { method: 'GET', path: '/api/items/:id/:n', handler: 'numbered' },
    ]);
    expect(routing(apiRouter.match('GET', '/api/items/x/latest')).map(([handler]) => handler)).toEqual([
      'every request',
      'latest',
      'numbered',
    ]);
    expect(apiRouter.patternRouterName).toBe('TrieRouter');
  });

  it('refuses routes added after the first request, like the routers of Hono', () => {
    const apiRouter = fill(new ApiRouter(), routes);
    apiRouter.match('GET', '/api/items');
    expect(() => apiRouter.add('GET', '/api/late', 'late')).toThrow(/already built/);
  });
});
