import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { ApiRouter } from '@/lib/api/router';
import { fill, routing, type Route } from '@/tests/support/api-routing';

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
