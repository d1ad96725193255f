import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStudio, jsonRequest, sqliteHandle } from '../../support/studio';

describe('API conventions (in process)', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  beforeAll(async () => {
    context = await createTestStudio({ settings: { bodyLimitBytes: 4096 } });
  });
  afterAll(() => context.cleanup());

  it('answers health with the version after checking the database', async () => {
    const response = await context.studio.api.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', version: context.studio.version });
  });

  it('answers 503 in the error shape when the database is closed', async () => {
    const other = await createTestStudio();
    sqliteHandle(other.studio).close();
    const response = await other.studio.api.request('/api/health');
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe('unavailable');
    await other.cleanup();
  });

  it('answers unknown routes with a 404 JSON error', async () => {
    const response = await context.studio.api.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'No API route matches GET /api/no-such-thing.' },
    });
  });

  it('answers a known path asked with another method with 405 and the methods it answers in Allow', async () => {
    const response = await context.studio.api.request('/api/agents/some-agent', jsonRequest('POST', '{}'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, PATCH, DELETE, HEAD');
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      error: {
        code: 'method_not_allowed',
        message: '/api/agents/some-agent does not answer POST; it answers GET, PATCH, DELETE, HEAD.',
        details: { allowed: ['GET', 'PATCH', 'DELETE', 'HEAD'] },
      },
    });
    const literal = await context.studio.api.request('/api/health', { method: 'DELETE' });
    expect([literal.status, literal.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('refuses an unknown query parameter with 400 naming it and the ones the route takes', async () => {
    const response = await context.studio.api.request('/api/agents/demo?lable=staging&label=staging');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'invalid_input',
        message:
          'Unknown query parameter lable: GET /api/agents/demo takes only label, status, versionId, versionNumber.',
        details: {
          issues: [
            {
              path: 'query.lable',
              message: 'Unknown query parameter; this route takes only label, status, versionId, versionNumber',
            },
          ],
        },
      },
    });
    const none = await context.studio.api.request('/api/health?verbose=1');
    expect([none.status, (await none.json()).error.details.issues]).toEqual([
      400,
      [{ path: 'query.verbose', message: 'Unknown query parameter; this route takes no query parameters' }],
    ]);
    const declared = await context.studio.api.request('/api/agents?limit=5&search=x');
    expect(declared.status).toBe(200);
  });

  it('refuses a query parameter given more than once, naming it, instead of reading one of the values', async () => {
    const response = await context.studio.api.request('/api/runs?status=failed&status=running&limit=5');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Query parameter status given more than once: give each once.',
        details: {
          issues: [
            {
              path: 'query.status',
              message: 'Given 2 times; give it once (this route takes one value per parameter)',
            },
          ],
        },
      },
    });
    // An unknown name is said first: it is the likelier mistake.
    const both = await context.studio.api.request('/api/runs?stats=x&limit=1&limit=2');
    expect((await both.json()).error.details.issues).toEqual([
      { path: 'query.stats', message: expect.stringMatching(/^Unknown query parameter/) },
    ]);
    expect((await context.studio.api.request('/api/runs?status=failed&limit=5')).status).toBe(200);
  });

  it('rejects a malformed JSON body with 400 invalid_input naming the problem', async () => {
    const response = await context.studio.api.request('/api/health', jsonRequest('POST', '{"a": '));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toMatch(/not valid JSON/);
    expect(body.error.details.issues[0].path).toBe('root');
  });

  it('rejects a body over the limit with 413', async () => {
    const response = await context.studio.api.request('/api/health', jsonRequest('POST', { text: 'x'.repeat(10_000) }));
    expect(response.status).toBe(413);
    const body = await response.json();
    expect(body.error.code).toBe('payload_too_large');
    expect(body.error.details.limitBytes).toBe(4096);
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const response = await context.studio.api.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(document.components.schemas.Error).toBeDefined();
  });

  it('reads an empty JSON body as {} where the body is optional, and refuses it at body where one is required', async () => {
    const { editor, api } = context.studio;
    await editor.agents.create({
      id: 'empty-body',
      name: 'Empty body',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help.',
    });
    await editor.agents.publish({ id: 'empty-body', versionNumber: 1 });
    const emptyJson = { method: 'POST', headers: { 'content-type': 'application/json' } };

    const resolved = await api.request('/api/agents/empty-body/resolve', emptyJson);
    expect(resolved.status).toBe(200);
    expect((await resolved.json()).versionNumber).toBe(1);

    const created = await api.request('/api/agents', emptyJson);
    expect(created.status).toBe(400);
    const body = await created.json();
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.details.issues).toEqual([
      { path: 'body', message: 'This operation needs a JSON request body; send one' },
    ]);
  });
});
