/**
 * Resolving stored agents through `studio.api.request` and `runtime.resolve` on a real SQLite file:
 * selectors, fail-closed publishing, warnings, explanation and the resolved-tool diff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAndPublish, createTestStudio, proOnly, search, weather } from './fixtures';

const handle = await createTestStudio({ tools: { weather, search } });
const { studio } = handle;

beforeAll(async () => {
  await createAndPublish(studio, {
    id: 'support',
    name: 'Support',
    model: 'openai/gpt-4o',
    instructions: [
      { type: 'text', content: 'You help {{user.name || "a customer"}}.' },
      { type: 'prompt_block', content: 'Offer the pro search.', rules: proOnly },
    ],
    tools: [
      { value: { weather: {} } },
      { value: { search: { description: 'Search, for pro users' } }, rules: proOnly },
    ],
  });
  await call(studio, 'PATCH', '/api/agents/support', {
    baseVersionNumber: 1,
    tools: { weather: { description: 'Draft wording' }, gone: {} },
  });
  await call(studio, 'PUT', '/api/agents/support/labels/staging', { versionNumber: 2, expectedRevisionToken: null });
  await call(studio, 'POST', '/api/agents', {
    id: 'unpublished',
    name: 'Draft only',
    model: 'openai/gpt-4o',
    instructions: 'Hi',
    tools: { weather: {} },
  });
});

afterAll(() => handle.cleanup());

describe('POST /api/agents/:id/resolve', () => {
  it('resolves the published version by default, tools sorted by name, with explanation and hash', async () => {
    const { status, body } = await call(studio, 'POST', '/api/agents/support/resolve', {
      requestContext: { tier: 'pro', user: { name: 'Ada' } },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ agentId: 'support', versionNumber: 1, model: 'openai/gpt-4o', warnings: [] });
    expect(body.instructions).toBe('You help Ada.\n\nOffer the pro search.');
    expect(body.tools).toEqual([
      {
        name: 'search',
        description: 'Search, for pro users',
        inputSchema: search.inputJsonSchema,
        outputSchema: search.outputJsonSchema,
        source: 'registry',
        origin: { toolId: 'search' },
      },
      {
        name: 'weather',
        description: 'Current weather for a city',
        inputSchema: weather.inputJsonSchema,
        source: 'registry',
        origin: { toolId: 'weather' },
      },
    ]);
    expect(body.explanation.fields.tools).toEqual({ conditional: true, matched: [0, 1] });
    expect(body.explanation.tools.search).toEqual({
      source: 'registry',
      origin: { toolId: 'search' },
      includedBy: [{ field: 'tools', variantIndex: 1 }],
      description: 'agent',
      shadowed: [],
    });
    expect(body.resolvedToolsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(body).not.toHaveProperty('label');
  });

  it('a context that matches no rule gets the base variant only', async () => {
    const { body } = await call(studio, 'POST', '/api/agents/support/resolve', { requestContext: { tier: 'free' } });
    expect(body.tools.map((tool: { name: string }) => tool.name)).toEqual(['weather']);
    expect(body.instructions).toBe('You help a customer.');
  });

  it.each([
    { selector: { status: 'draft' }, versionNumber: 2, label: undefined },
    { selector: { label: 'staging' }, versionNumber: 2, label: 'staging' },
    { selector: { versionNumber: 1 }, versionNumber: 1, label: undefined },
    { selector: { status: 'published' }, versionNumber: 1, label: undefined },
  ])('selector $selector -> version $versionNumber', async ({ selector, versionNumber, label }) => {
    const { status, body } = await call(studio, 'POST', '/api/agents/support/resolve', {
      requestContext: {},
      selector,
    });
    expect(status).toBe(200);
    expect(body.versionNumber).toBe(versionNumber);
    expect(body.label).toBe(label);
  });

  it('the draft reports a missing tool as a warning and still resolves the rest', async () => {
    const { body } = await call(studio, 'POST', '/api/agents/support/resolve', {
      requestContext: {},
      selector: { status: 'draft' },
    });
    expect(body.tools.map((tool: { name: string; description: string }) => [tool.name, tool.description])).toEqual([
      ['weather', 'Draft wording'],
    ]);
    expect(body.warnings).toEqual([
      { code: 'tool_not_registered', message: 'Tool "gone" is not registered', source: 'registry', ref: 'tools.gone' },
    ]);
  });

  it.each([
    { path: '/api/agents/unpublished/resolve', body: {}, status: 404, code: 'no_published_version' },
    { path: '/api/agents/nobody/resolve', body: {}, status: 404, code: 'not_found' },
    {
      path: '/api/agents/support/resolve',
      body: { selector: { label: 'nope' } },
      status: 404,
      code: 'version_label_not_found',
    },
    {
      path: '/api/agents/support/resolve',
      body: { selector: { versionNumber: 9 } },
      status: 404,
      code: 'version_not_found',
    },
    {
      path: '/api/agents/support/resolve',
      body: { selector: { status: 'draft', versionNumber: 1 } },
      status: 400,
      code: 'invalid_input',
    },
    { path: '/api/agents/support/resolve', body: { requestContext: 'tier=pro' }, status: 400, code: 'invalid_input' },
    { path: '/api/agents/support/resolve', body: { surprise: true }, status: 400, code: 'invalid_input' },
  ])('$path $body -> $status $code', async ({ path, body, status, code }) => {
    const response = await call(studio, 'POST', path, body);
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
  });

  it('an explicit draft selector resolves an agent that was never published', async () => {
    const { status, body } = await call(studio, 'POST', '/api/agents/unpublished/resolve', {
      selector: { status: 'draft' },
    });
    expect(status).toBe(200);
    expect(body.tools.map((tool: { name: string }) => tool.name)).toEqual(['weather']);
  });

  it('accepts an empty body (default context and selector)', async () => {
    const response = await studio.api.request('/api/agents/support/resolve', { method: 'POST' });
    expect(response.status).toBe(200);
  });
});

describe('runtime.resolve (library)', () => {
  it('returns executable tools by name and the same hash as the API', async () => {
    const resolution = await studio.runtime.resolve('support', { requestContext: { tier: 'pro' } });
    expect(Object.keys(resolution.tools).sort()).toEqual(['search', 'weather']);
    await expect(resolution.tools.weather!.execute!({ city: 'Oslo' })).resolves.toEqual({
      status: 'output',
      output: { city: 'Oslo', temperature: 21 },
    });
    await expect(resolution.tools.weather!.tool.execute!({})).resolves.toMatchObject({
      status: 'invalid',
      error: { error: true },
    });
    const { body } = await call(studio, 'POST', '/api/agents/support/resolve', { requestContext: { tier: 'pro' } });
    expect(body.resolvedToolsHash).toBe(resolution.resolvedToolsHash);
  });

  it('is deterministic and reuses the memoised explanation for the same inputs', async () => {
    const first = await studio.runtime.resolve('support', { requestContext: { tier: 'pro' } });
    const second = await studio.runtime.resolve('support', { requestContext: { tier: 'pro', other: 1 } });
    expect(second.explanation).toBe(first.explanation);
    expect(second.resolvedToolsHash).toBe(first.resolvedToolsHash);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['two selector keys', { selector: { status: 'published', versionNumber: 1 } }, ['selector.status']],
    ['an unknown status', { selector: { status: 'bogus' } }, ['selector.status']],
    ['a version number as text', { selector: { versionNumber: '1' } }, ['selector.versionNumber']],
    ['an unknown selector key', { selector: { foo: 1 } }, ['selector.foo']],
    ['a request context that is text', { requestContext: 'abc' }, ['requestContext']],
    ['a request context that is a list', { requestContext: ['a'] }, ['requestContext']],
  ])('refuses %s with invalid_input naming it, as the API does', async (_name, options, paths) => {
    const refusal = await studio.runtime.resolve('support', options as never).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'invalid_input' });
    const issues = (refusal as { details: { issues: Array<{ path: string }> } }).details.issues;
    expect(issues.map((issue) => issue.path)).toEqual(paths);
    await expect(studio.runtime.loadAgent('support', options as never)).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('publishing another version takes effect on the next resolve', async () => {
    await call(studio, 'POST', '/api/agents', {
      id: 'flip',
      name: 'Flip',
      model: 'openai/gpt-4o',
      instructions: 'x',
      tools: { weather: {} },
    });
    await call(studio, 'POST', '/api/agents/flip/versions/1/publish', {});
    expect(Object.keys((await studio.runtime.resolve('flip')).tools)).toEqual(['weather']);
    await call(studio, 'PATCH', '/api/agents/flip', { baseVersionNumber: 1, tools: { search: {} } });
    await call(studio, 'POST', '/api/agents/flip/versions/2/publish', {});
    expect(Object.keys((await studio.runtime.resolve('flip')).tools)).toEqual(['search']);
  });
});

describe('POST /api/agents/:id/diff (the resolved-tool comparison)', () => {
  it('adds the resolved-tool diff', async () => {
    const { status, body } = await call(studio, 'POST', '/api/agents/support/diff', {
      from: 1,
      to: 2,
      requestContext: { tier: 'pro' },
    });
    expect(status).toBe(200);
    expect(body.tools).toEqual({
      added: [],
      removed: ['search'],
      changed: [{ name: 'weather', changes: ['description'] }],
    });
    const plain = await call(studio, 'GET', '/api/agents/support/diff?from=1&to=2');
    expect(plain.body.tools).toBeUndefined();
  });

  it('refuses a request context on the GET with 400 naming the POST', async () => {
    const context = encodeURIComponent(JSON.stringify({ tier: 'pro' }));
    const { status, body } = await call(
      studio,
      'GET',
      `/api/agents/support/diff?from=1&to=2&requestContext=${context}`,
    );
    expect(status).toBe(400);
    expect(body.error.details.issues[0]).toMatchObject({ path: 'query.requestContext' });
    expect(body.error.message).toMatch(/POST \/api\/agents\/\{id\}\/diff/);
  });

  it.each([
    [{ from: 1, to: 2 }, 'requestContext'],
    [{ from: 1, requestContext: [] }, 'requestContext'],
    [{ from: 0, requestContext: {} }, 'from'],
    [{ from: 1, requestContext: {}, extra: true }, ''],
  ])('answers 400 for the body %o', async (payload, field) => {
    const { status, body } = await call(studio, 'POST', '/api/agents/support/diff', payload);
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_input');
    expect(JSON.stringify(body.error.details)).toContain(field);
  });
});
