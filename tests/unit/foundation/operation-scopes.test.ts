import { describe, expect, it } from 'vitest';
import {
  createApiScopeLookup,
  operationScopes,
  scopeIncludes,
  scopedRoutes,
  type RequiredScope,
  type Scope,
} from '@/lib/api/operation-scopes';
import { apiOperations } from '@/lib/api/operations';
import { createScopeLookup } from '@/lib/api/scope-lookup';

describe('the operation scope table', () => {
  it('gives every operation of the API a scope, and names no other', () => {
    expect(Object.keys(operationScopes).sort()).toEqual(Object.keys(apiOperations).sort());
  });

  it.each<[Scope, RequiredScope, boolean]>([
    ['runtime', 'public', true],
    ['runtime', 'runtime', true],
    ['runtime', 'editor', false],
    ['runtime', 'admin', false],
    ['editor', 'runtime', true],
    ['editor', 'editor', true],
    ['editor', 'admin', false],
    ['admin', 'runtime', true],
    ['admin', 'editor', true],
    ['admin', 'admin', true],
  ])('scope %s includes %s: %s', (granted, required, expected) => {
    expect(scopeIncludes(granted, required)).toBe(expected);
  });
});

describe('the scope lookup over the routes of the app', () => {
  const lookup = createApiScopeLookup();

  it.each<[string, string, RequiredScope]>([
    ['GET', '/api/health', 'public'],
    ['HEAD', '/api/health', 'public'],
    ['GET', '/api/openapi.json', 'public'],

    ['GET', '/api/agents', 'runtime'],
    ['GET', '/api/agents/weather', 'runtime'],
    ['GET', '/api/agents/weather/versions', 'runtime'],
    ['GET', '/api/agents/weather/versions/3', 'runtime'],
    ['GET', '/api/agents/weather/diff', 'runtime'],
    ['GET', '/api/agents/weather/labels', 'runtime'],
    ['POST', '/api/agents/weather/resolve', 'runtime'],
    ['POST', '/api/agents/weather/generate', 'runtime'],
    ['POST', '/api/agents/weather/stream', 'runtime'],
    ['POST', '/api/agents/weather/tools/get_forecast/execute', 'runtime'],
    ['GET', '/api/runs/run_1', 'runtime'],
    ['POST', '/api/runs/run_1/approve', 'runtime'],
    ['POST', '/api/runs/run_1/decline', 'runtime'],
    ['POST', '/api/runs/run_1/resume', 'runtime'],
    ['POST', '/api/runs/run_1/tool-results', 'runtime'],
    ['GET', '/api/threads/thread_1/tasks', 'runtime'],
    ['GET', '/api/mcp-clients', 'runtime'],
    ['GET', '/api/mcp-clients/docs', 'runtime'],
    ['GET', '/api/tools', 'runtime'],
    ['GET', '/api/tools/echo', 'runtime'],
    ['POST', '/api/tools/echo/execute', 'runtime'],
    ['GET', '/api/integrations', 'runtime'],
    ['GET', '/api/integrations/orders', 'runtime'],
    ['GET', '/api/tool-providers', 'runtime'],
    ['GET', '/api/tool-providers/composio/tools', 'runtime'],
    ['POST', '/api/mcp', 'runtime'],
    ['GET', '/api/mcp', 'runtime'],

    ['POST', '/api/agents', 'editor'],
    ['PATCH', '/api/agents/weather', 'editor'],
    ['DELETE', '/api/agents/weather', 'editor'],
    ['POST', '/api/agents/import', 'editor'],
    ['GET', '/api/agents/weather/export', 'editor'],
    ['POST', '/api/agents/weather/versions/3/publish', 'editor'],
    ['POST', '/api/agents/weather/versions/3/restore', 'editor'],
    ['DELETE', '/api/agents/weather/versions/3', 'editor'],
    ['POST', '/api/agents/weather/unpublish', 'editor'],
    ['PUT', '/api/agents/weather/labels/staging', 'editor'],
    ['DELETE', '/api/agents/weather/labels/staging', 'editor'],
    ['POST', '/api/mcp-clients', 'editor'],
    ['PATCH', '/api/mcp-clients/docs', 'editor'],
    ['DELETE', '/api/mcp-clients/docs', 'editor'],
    ['POST', '/api/mcp-clients/docs/versions/2/restore', 'editor'],
    ['POST', '/api/mcp-clients/docs/test', 'editor'],
    ['GET', '/api/mcp-clients/docs/export', 'editor'],
    ['POST', '/api/mcp-clients/import', 'editor'],
    ['POST', '/api/mcp-clients/test', 'editor'],

    ['GET', '/api/audit', 'admin'],
    ['GET', '/api/agents/weather/audit', 'admin'],
    ['POST', '/api/deployment/export', 'admin'],
    ['POST', '/api/deployment/import', 'admin'],
    ['PUT', '/api/integrations/orders', 'admin'],
    ['DELETE', '/api/integrations/orders', 'admin'],
    ['POST', '/api/mcp-clients/docs/approve', 'admin'],
    ['GET', '/api/stdio-launch-specs', 'admin'],
    ['POST', '/api/stdio-launch-specs', 'admin'],
    ['DELETE', '/api/stdio-launch-specs/0190c1a4', 'admin'],
  ])('%s %s needs %s', (method, path, scope) => {
    expect(lookup.requiredScope(method, path)).toBe(scope);
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/agents'],
    ['GET', '/api/agents/'],
    ['PUT', '/api/agents'],
    ['GET', '/api/agents/weather/versions/3/extra'],
    ['POST', '/api/openapi.json'],
  ])('answers undefined for %s %s, which no route declares', (method, path) => {
    expect(lookup.requiredScope(method, path)).toBeUndefined();
  });

  it('names the operation a request reaches', () => {
    expect(lookup.find('post', '/api/agents/weather/versions/3/publish')).toMatchObject({
      operationId: 'publishAgentVersion',
      scope: 'editor',
    });
    expect(lookup.find('GET', '/api/openapi.json')?.operationId).toBeUndefined();
  });

  it("reaches each operation from its own path template, with that operation's scope", () => {
    for (const route of scopedRoutes()) {
      const path = route.path.replaceAll(/{(.+?)}/g, 'sample_$1');
      const where = `${route.method.toUpperCase()} ${path}`;
      expect(lookup.find(route.method, path), where).toEqual(route);
    }
  });
});

describe('createScopeLookup', () => {
  it('answers the strictest scope when a literal segment and a parameter both match', () => {
    const lookup = createScopeLookup([
      { method: 'get', path: '/api/items/{id}', scope: 'runtime', operationId: 'getItem' },
      { method: 'get', path: '/api/items/secret', scope: 'admin', operationId: 'getSecret' },
      { method: 'get', path: '/api/items/{id}/public', scope: 'public', operationId: 'getPublic' },
    ]);
    expect(lookup.requiredScope('GET', '/api/items/secret')).toBe('admin');
    expect(lookup.requiredScope('GET', '/api/items/other')).toBe('runtime');
    expect(lookup.requiredScope('GET', '/api/items/other/public')).toBe('public');
  });
});
