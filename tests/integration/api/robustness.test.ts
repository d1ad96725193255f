/**
 * Every route in the OpenAPI document gets bad input of every kind — malformed JSON, a body of the
 * wrong type, unknown fields, a body where the route takes none, an oversized body, unknown ids —
 * and must answer a 4xx in the JSON
 * error shape: never a 500, never a stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStudio, jsonRequest } from '../../support/studio';

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
}

const stackTrace = /\bat .+\(.*:\d+:\d+\)|node_modules|\.ts:\d+/;

describe('every API route rejects bad input with a clear 4xx', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let operations: Operation[] = [];

  beforeAll(async () => {
    // The deployment import has its own (larger) limit; both are small here.
    context = await createTestStudio({ settings: { bodyLimitBytes: 64 * 1024, importBodyLimitBytes: 64 * 1024 } });
    await context.studio.editor.agents.create({
      id: 'existing',
      name: 'Existing',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help.',
    });
    const document = await (await context.studio.api.request('/api/openapi.json')).json();
    operations = Object.entries(document.paths as Record<string, Record<string, { requestBody?: unknown }>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          hasBody: operation.requestBody !== undefined,
        })),
    );
  });
  afterAll(() => context.cleanup());

  // Path parameters: an id that exists where one is needed, so the body is what gets checked.
  const concretePath = (path: string, id = 'existing') =>
    path
      .replace(/\{id\}|\{agentId\}/g, id)
      .replace(/\{n\}|\{versionNumber\}|\{number\}/g, '1')
      .replace(/\{[^}]+\}/g, 'something');

  async function expectClientError(response: Response, what: string) {
    const text = await response.text();
    expect(response.status, `${what}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(response.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
    expect(text, what).not.toMatch(stackTrace);
    if (response.headers.get('content-type')?.includes('application/json')) {
      const body = JSON.parse(text);
      if (body.error) {
        expect(typeof body.error.code, what).toBe('string');
        expect(typeof body.error.message, what).toBe('string');
      }
    }
  }

  it('documents a good number of routes', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it('answers malformed JSON bodies with 400 invalid_input', async () => {
    for (const operation of operations.filter((entry) => entry.hasBody)) {
      const response = await context.studio.api.request(
        concretePath(operation.path),
        jsonRequest(operation.method, '{"broken": '),
      );
      const what = `${operation.method} ${operation.path}`;
      expect(response.status, what).toBe(400);
      expect((await response.json()).error.code, what).toBe('invalid_input');
    }
  });

  it('answers bodies of the wrong type, with unknown fields or of the wrong shape with a 4xx', async () => {
    const badBodies = [
      '[]',
      '"text"',
      '42',
      'null',
      JSON.stringify({ unexpectedField: true }),
      JSON.stringify({ input: 'x', selector: { label: 1, status: 'x' } }),
    ];
    for (const operation of operations.filter((entry) => entry.hasBody)) {
      for (const body of badBodies) {
        const response = await context.studio.api.request(
          concretePath(operation.path),
          jsonRequest(operation.method, body),
        );
        await expectClientError(response, `${operation.method} ${operation.path} with ${body}`);
      }
    }
  });

  it('refuses a body sent to an operation that takes none with 400 invalid_input at `body`', async () => {
    const bodyless = operations.filter(
      (entry) => !entry.hasBody && entry.method !== 'GET' && entry.path !== '/api/mcp',
    );
    expect(bodyless.map((entry) => `${entry.method} ${entry.path}`)).toContain('POST /api/agents/{id}/unpublish');
    for (const operation of bodyless)
      for (const body of ['{"zzUnknown":1}', '[1,2]', '[]', 'null', '"text"', '42']) {
        const response = await context.studio.api.request(
          concretePath(operation.path, 'no-such-agent'),
          jsonRequest(operation.method, body),
        );
        const what = `${operation.method} ${operation.path} with ${body}`;
        expect(response.status, what).toBe(400);
        const { error } = (await response.json()) as { error: { code: string; message: string; details: unknown } };
        expect(error.code, what).toBe('invalid_input');
        expect(error.message, what).toContain('takes no request body');
        expect(error.details, what).toEqual({
          issues: [{ path: 'body', message: 'This operation takes no request body; send none' }],
        });
      }
  });

  it('answers oversized bodies with 413', async () => {
    const huge = JSON.stringify({ filler: 'x'.repeat(70 * 1024) });
    for (const operation of operations.filter((entry) => entry.hasBody)) {
      const response = await context.studio.api.request(
        concretePath(operation.path),
        jsonRequest(operation.method, huge),
      );
      expect(response.status, `${operation.method} ${operation.path}`).toBe(413);
    }
  });

  it('answers unknown ids and bad path or query values with a 4xx', async () => {
    for (const operation of operations.filter((entry) => entry.path.includes('{'))) {
      for (const id of ['no-such-agent', 'UPPER CASE', '%00']) {
        const init = operation.hasBody ? jsonRequest(operation.method, '{}') : { method: operation.method };
        const response = await context.studio.api.request(
          concretePath(operation.path, id) + '?limit=-5&cursor=%%%&from=x&to=y&requestContext=%7Bbad',
          init,
        );
        await expectClientError(response, `${operation.method} ${operation.path} with id ${id}`);
      }
    }
  });

  it('reads a version number in the path only from decimal digits', async () => {
    const numbered = operations.filter((entry) => entry.path.includes('{n}'));
    expect(numbered.length).toBeGreaterThanOrEqual(5);
    for (const operation of numbered) {
      // Each of these was read as version 1 (or 16) by a plain coercion to a number.
      for (const text of ['0x1', '1e0', '%201', '1.0', '01', '0x10']) {
        const init = operation.hasBody ? jsonRequest(operation.method, '{}') : { method: operation.method };
        const path = concretePath(operation.path)
          .replace('{n}', text)
          .replace(/\/1(?=\/|$)/, `/${text}`);
        const response = await context.studio.api.request(path, init);
        const what = `${operation.method} ${path}`;
        expect(response.status, what).toBe(400);
        expect((await response.json()).error.code, what).toBe('invalid_input');
      }
    }
  });

  it('reads a page size or a version number in the query only from decimal digits', async () => {
    for (const query of [
      '/api/agents?limit=0x5',
      '/api/agents?limit=1e1',
      '/api/agents?limit=%205',
      '/api/runs?limit=1e1',
      '/api/runs?versionNumber=0x1',
      '/api/agents/existing?versionNumber=0x1',
      '/api/agents/existing/export?versionNumber=1e0',
      '/api/agents/existing/diff?from=0x1',
      '/api/mcp-clients/something?versionNumber=1.0',
    ]) {
      const response = await context.studio.api.request(query);
      expect(response.status, query).toBe(400);
      expect((await response.json()).error.code, query).toBe('invalid_input');
    }
    const plain = await context.studio.api.request('/api/agents/existing?versionNumber=1');
    expect(plain.status).toBe(200);
  });

  it('answers list routes given a bad limit or cursor with 400 invalid_input', async () => {
    const lists = operations.filter(
      (entry) =>
        entry.method === 'GET' &&
        !entry.path.includes('{') &&
        /agents$|tools$|mcp-clients$|audit$|integrations$/.test(entry.path),
    );
    expect(lists.length).toBeGreaterThanOrEqual(4);
    for (const operation of lists) {
      for (const query of ['limit=0', 'limit=101', 'limit=ten', 'cursor=not-a-cursor%%']) {
        const response = await context.studio.api.request(`${operation.path}?${query}`);
        const what = `${operation.path}?${query}`;
        await expectClientError(response, what);
      }
    }
  });
});
