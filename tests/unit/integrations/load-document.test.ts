import { describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from '@/lib/integrations/openapi/load-document';

const ok = { 200: { description: 'ok' } };
const base = (
  paths: Record<string, unknown>,
  openapi = '3.0.3',
  info: Record<string, unknown> = { title: 't', version: '1' },
) => ({
  openapi,
  info,
  paths,
});

describe('loadOpenApiDocument', () => {
  it.each([
    {
      name: 'not an object',
      document: 'https://example.com/openapi.json',
      issues: [{ path: 'document', message: expect.stringContaining('JSON object') }],
    },
    {
      name: 'Swagger 2.0',
      document: { swagger: '2.0', info: { title: 't', version: '1' }, paths: {} },
      issues: [{ path: 'document.openapi', message: expect.stringContaining('Swagger 2.0') }],
    },
    {
      name: 'an unsupported version',
      document: base({}, '4.0.0'),
      issues: [{ path: 'document.openapi', message: expect.stringContaining('3.0.x or 3.1.x') }],
    },
    {
      name: 'a missing required field',
      document: base({ '/a': { get: { responses: ok } } }, '3.0.3', { title: 't' }),
      issues: [{ path: 'document.info.version', message: 'is required' }],
    },
    {
      name: 'a path parameter without required: true',
      document: base({
        '/a/{id}': { get: { parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }], responses: ok } },
      }),
      issues: [{ path: 'document.paths./a/{id}.get.parameters.0.required', message: 'is required' }],
    },
    {
      name: 'an unknown property and a wrong type, both reported',
      document: base({ '/a': { get: { extra: 1, summary: 5, responses: ok } } }),
      issues: [
        { path: 'document.paths./a.get.extra', message: 'is not an allowed property here' },
        { path: 'document.paths./a.get.summary', message: 'must be string' },
      ],
    },
    {
      name: 'a duplicated operationId',
      document: base({
        '/a': { get: { operationId: 'same', responses: ok } },
        '/b': { get: { operationId: 'same', responses: ok } },
      }),
      issues: [{ path: 'document.paths./b.get.operationId', message: expect.stringContaining('duplicated') }],
    },
    {
      name: 'a path template parameter that is not declared',
      document: base({ '/a/{id}': { get: { responses: ok } } }),
      issues: [{ path: 'document.paths./a/{id}.get', message: expect.stringContaining('{id}') }],
    },
    {
      name: 'a reference to nothing',
      document: base({ '/a': { get: { parameters: [{ $ref: '#/components/parameters/Missing' }], responses: ok } } }),
      issues: [
        { path: 'document.paths./a.get.parameters.0.$ref', message: expect.stringContaining('points at nothing') },
      ],
    },
    {
      name: 'external references (files and URLs are never read)',
      document: base({
        '/a': {
          get: {
            responses: {
              200: { description: 'ok', content: { 'application/json': { schema: { $ref: 'file:///etc/passwd' } } } },
              404: { $ref: 'http://127.0.0.1:9/response.json' },
            },
          },
        },
      }),
      issues: [
        {
          path: 'document.paths./a.get.responses.200.content.application/json.schema.$ref',
          message: expect.stringContaining('External reference'),
        },
        { path: 'document.paths./a.get.responses.404.$ref', message: expect.stringContaining('External reference') },
      ],
    },
  ])('reports $name with its path', async ({ document, issues }) => {
    const result = await loadOpenApiDocument({ document, prefix: ['document'] });
    expect(result).toEqual({ ok: false, issues });
  });

  it('answers the dereferenced document and leaves the given one untouched', async () => {
    const document = {
      ...base({ '/a': { get: { parameters: [{ $ref: '#/components/parameters/Q' }], responses: ok } } }, '3.1.0'),
      components: { parameters: { Q: { name: 'q', in: 'query', schema: { type: 'string' } } } },
    };
    const copy = structuredClone(document);
    const result = await loadOpenApiDocument({ document });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((result.value.paths!['/a'] as { get: { parameters: unknown[] } }).get.parameters[0]).toEqual({
      name: 'q',
      in: 'query',
      schema: { type: 'string' },
    });
    expect(document).toEqual(copy);
  });
});

/** Definition i uses definition i - 1 twice: n + 1 definitions whose last writes out to 2^n copies of the first. */
function doublingDocument(levels: number, top = `L${levels}`) {
  const schemas: Record<string, unknown> = { L0: { type: 'object', properties: { a: { type: 'string' } } } };
  for (let level = 1; level <= levels; level++) {
    const previous = { $ref: `#/components/schemas/L${level - 1}` };
    schemas[`L${level}`] = { type: 'object', properties: { x: previous, y: previous } };
  }
  const body = { content: { 'application/json': { schema: { $ref: `#/components/schemas/${top}` } } } };
  return { ...base({ '/a': { post: { requestBody: body, responses: ok } } }, '3.1.0'), components: { schemas } };
}

describe('references that would make unbounded work', () => {
  it('refuses definitions used many times over, whose written-out input would have millions of parts, in time', async () => {
    const started = performance.now();
    const result = await loadOpenApiDocument({ document: doublingDocument(40), prefix: ['document'] });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result).toEqual({
      ok: false,
      issues: [{ path: 'document.paths./a.post', message: expect.stringContaining('more than 20,000 parts') }],
    });
  });

  it('takes the same definitions used a bounded number of times', async () => {
    const result = await loadOpenApiDocument({ document: doublingDocument(8) });
    expect(result.ok).toBe(true);
  });

  it('keeps recursive definitions that describe a value on the way (a tree of nodes)', async () => {
    const document = {
      ...doublingDocument(1),
      components: {
        schemas: {
          L0: {
            type: 'object',
            properties: { children: { type: 'array', items: { $ref: '#/components/schemas/L0' } } },
          },
          L1: { $ref: '#/components/schemas/L0' },
        },
      },
    };
    expect((await loadOpenApiDocument({ document })).ok).toBe(true);
  });

  it.each([
    {
      name: 'two references to each other',
      schemas: { L1: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/L1' } },
    },
    { name: 'a reference to itself', schemas: { L1: { $ref: '#/components/schemas/L1' } } },
    {
      name: 'a loop through allOf and anyOf',
      schemas: {
        L1: { allOf: [{ $ref: '#/components/schemas/B' }] },
        B: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/L1' }] },
      },
    },
  ])('refuses $name, which no check of a value would ever finish', async ({ schemas }) => {
    const result = await loadOpenApiDocument({
      document: { ...doublingDocument(1), components: { schemas } },
      prefix: ['document'],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues[0]).toEqual({
      path: expect.stringMatching(/^document\.components\.schemas\.(L1|B)$/),
      message: expect.stringContaining('lead back to themselves without describing a value'),
    });
  });

  it('refuses a chain of references deeper than it follows', async () => {
    const schemas: Record<string, unknown> = { L0: { type: 'string' } };
    for (let level = 1; level <= 100; level++)
      schemas[`L${level}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/L${level - 1}` } } };
    const document = { ...doublingDocument(1, 'L100'), components: { schemas } };
    const result = await loadOpenApiDocument({ document, prefix: ['document'] });
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: 'document.paths./a.post', message: expect.stringContaining('more than 64 references in a row') },
      ],
    });
  });
});
