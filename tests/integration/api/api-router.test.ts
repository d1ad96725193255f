/** The studio's own API routes, dispatched by ApiRouter exactly as Hono's trie router would. */
import { TrieRouter } from 'hono/router/trie-router';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiRouter } from '@/lib/api/router';
import { fill, routing, type Route } from '@/tests/support/api-routing';
import { createTestStudio } from '@/tests/support/studio';

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

describe('the API router', async () => {
  const handle = await createTestStudio();
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
