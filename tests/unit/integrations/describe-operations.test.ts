import { describe, expect, it } from 'vitest';
import { describeOperations } from '@/lib/integrations/openapi/describe-operations';
import { loadOpenApiDocument } from '@/lib/integrations/openapi/load-document';

async function operationsOf(paths: Record<string, unknown>, extra: Record<string, unknown> = {}, openapi = '3.0.3') {
  const loaded = await loadOpenApiDocument({
    document: { openapi, info: { title: 'Test', version: '1' }, paths, ...extra },
  });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return describeOperations(loaded.value);
}

const ok = { 200: { description: 'ok' } };

describe('describeOperations: parameters and body', () => {
  it.each([
    {
      name: 'path, query and header parameters become flat properties; path ones are always required',
      paths: {
        '/users/{userId}': {
          get: {
            operationId: 'getUser',
            parameters: [
              { name: 'userId', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
              {
                name: 'X-Request-Id',
                in: 'header',
                required: true,
                schema: { type: 'string' },
                description: 'trace id',
              },
            ],
            responses: ok,
          },
        },
      },
      properties: {
        userId: { type: 'string' },
        verbose: { type: 'boolean' },
        'X-Request-Id': { type: 'string', description: 'trace id' },
      },
      required: ['userId', 'X-Request-Id'],
    },
    {
      name: 'a required JSON body is `body`, required',
      paths: {
        '/users': {
          post: {
            operationId: 'createUser',
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
                },
              },
            },
            responses: ok,
          },
        },
      },
      properties: { body: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
      required: ['body'],
    },
    {
      name: 'an optional body and optional parameters leave `required` out',
      paths: {
        '/notes': {
          put: {
            operationId: 'putNotes',
            parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
            requestBody: { content: { 'application/merge-patch+json': { schema: { type: 'object' } } } },
            responses: ok,
          },
        },
      },
      properties: { limit: { type: 'integer' }, body: { type: 'object' } },
      required: undefined,
    },
    {
      name: 'Authorization/Accept/Content-Type headers and cookie parameters are left out',
      paths: {
        '/x': {
          get: {
            operationId: 'x',
            parameters: [
              { name: 'Authorization', in: 'header', schema: { type: 'string' } },
              { name: 'accept', in: 'header', schema: { type: 'string' } },
              { name: 'session', in: 'cookie', schema: { type: 'string' } },
            ],
            responses: ok,
          },
        },
      },
      properties: {},
      required: undefined,
    },
    {
      name: 'path-level parameters apply, and the operation overrides the same name',
      paths: {
        '/items/{id}': {
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'lang', in: 'query', schema: { type: 'string' } },
          ],
          get: {
            operationId: 'getItem',
            parameters: [{ name: 'lang', in: 'query', schema: { type: 'string', enum: ['en', 'fr'] } }],
            responses: ok,
          },
        },
      },
      properties: { id: { type: 'string' }, lang: { type: 'string', enum: ['en', 'fr'] } },
      required: ['id'],
    },
    {
      name: 'a taken name becomes <in>_<name>; unusual characters are cleaned',
      paths: {
        '/things/{id}': {
          post: {
            operationId: 'updateThing',
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'id', in: 'query', schema: { type: 'integer' } },
              { name: 'body', in: 'query', schema: { type: 'string' } },
              { name: 'filter[name]', in: 'query', schema: { type: 'string' } },
            ],
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            responses: ok,
          },
        },
      },
      properties: {
        id: { type: 'string' },
        query_id: { type: 'integer' },
        query_body: { type: 'string' },
        filter_name: { type: 'string' },
        body: { type: 'object' },
      },
      required: ['id'],
    },
  ])('$name', async ({ paths, properties, required }) => {
    const { operations } = await operationsOf(paths);
    expect(operations).toHaveLength(1);
    expect(operations[0]!.inputSchema).toEqual({
      type: 'object',
      properties,
      ...(required ? { required } : {}),
      additionalProperties: false,
    });
  });

  it('keeps the binding from input property back to the HTTP parameter', async () => {
    const { operations } = await operationsOf({
      '/a/{id}': {
        get: {
          operationId: 'a',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            {
              name: 'id',
              in: 'query',
              style: 'form',
              explode: false,
              schema: { type: 'array', items: { type: 'string' } },
            },
          ],
          responses: ok,
        },
      },
    });
    expect(operations[0]!.parameters).toEqual([
      { key: 'id', name: 'id', in: 'path' },
      { key: 'query_id', name: 'id', in: 'query', style: 'form', explode: false },
    ]);
  });
});

describe('describeOperations: schemas', () => {
  it('dereferences $ref schemas, parameters and request bodies', async () => {
    const { operations } = await operationsOf(
      {
        '/pets/{petId}': {
          put: {
            operationId: 'updatePet',
            parameters: [{ $ref: '#/components/parameters/PetId' }],
            requestBody: { $ref: '#/components/requestBodies/Pet' },
            responses: ok,
          },
        },
      },
      {
        components: {
          parameters: {
            PetId: { name: 'petId', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } },
          },
          requestBodies: {
            Pet: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          },
          schemas: {
            Id: { type: 'string', format: 'uuid' },
            Pet: { type: 'object', properties: { id: { $ref: '#/components/schemas/Id' }, tag: { type: 'string' } } },
          },
        },
      },
    );
    const schema = operations[0]!.inputSchema;
    expect(schema.properties).toEqual({
      petId: { type: 'string', format: 'uuid' },
      body: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, tag: { type: 'string' } } },
    });
    expect(JSON.stringify(schema)).not.toContain('$ref');
  });

  it('turns recursive schemas into $defs so the schema is plain JSON', async () => {
    const { operations } = await operationsOf(
      {
        '/trees': {
          post: {
            operationId: 'plant',
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } },
            responses: ok,
          },
        },
      },
      {
        components: {
          schemas: {
            Node: {
              type: 'object',
              properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
            },
          },
        },
      },
    );
    const schema = operations[0]!.inputSchema;
    expect(schema.properties).toEqual({ body: { $ref: '#/$defs/Node' } });
    expect(schema.$defs).toEqual({
      Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } } },
    });
  });

  it('converts OpenAPI 3.0 keywords and drops readOnly properties from request bodies', async () => {
    const { operations } = await operationsOf({
      '/n': {
        post: {
          operationId: 'n',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'count'],
                  properties: {
                    id: { type: 'string', readOnly: true },
                    count: { type: 'integer', minimum: 0, exclusiveMinimum: true, example: 3 },
                    note: { type: 'string', nullable: true, 'x-internal': true },
                  },
                },
              },
            },
          },
          responses: ok,
        },
      },
    });
    expect(operations[0]!.inputSchema.properties).toEqual({
      body: {
        type: 'object',
        required: ['count'],
        properties: { count: { type: 'integer', exclusiveMinimum: 0 }, note: { type: ['string', 'null'] } },
      },
    });
  });

  it('passes OpenAPI 3.1 schemas through as JSON Schema', async () => {
    const { operations } = await operationsOf(
      {
        '/n': {
          get: {
            operationId: 'n',
            parameters: [{ name: 'q', in: 'query', schema: { type: ['string', 'null'], const: 'x' } }],
            responses: ok,
          },
        },
      },
      {},
      '3.1.0',
    );
    expect(operations[0]!.inputSchema.properties).toEqual({ q: { type: ['string', 'null'], const: 'x' } });
  });
});

describe('describeOperations: slugs and descriptions', () => {
  it.each([
    { operationId: 'listUsers', method: 'get', path: '/users', slug: 'listUsers' },
    { operationId: undefined, method: 'get', path: '/users/{id}/posts', slug: 'get_users_id_posts' },
    { operationId: undefined, method: 'delete', path: '/', slug: 'delete' },
    { operationId: 'users.list v2', method: 'get', path: '/u', slug: 'users_list_v2' },
    { operationId: 'ünïcode-op', method: 'get', path: '/u', slug: 'n_code-op' },
  ])('$method $path ($operationId) -> $slug', async ({ operationId, method, path, slug }) => {
    const parameters = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const { operations } = await operationsOf({
      [path]: { [method]: { ...(operationId ? { operationId } : {}), parameters, responses: ok } },
    });
    expect(operations[0]!.slug).toBe(slug);
  });

  it('cuts long names to 64 characters with a hash, and keeps them unique', async () => {
    const long = 'a'.repeat(80);
    const { operations } = await operationsOf({
      '/one': { get: { operationId: long, responses: ok } },
      '/x.y': { get: { responses: ok } },
      '/x_y': { get: { responses: ok } },
    });
    const [first, second, third] = operations.map((operation) => operation.slug);
    expect(first).toMatch(/^a{55}_[0-9a-f]{8}$/);
    expect(second).toBe('get_x_y');
    expect(third).toMatch(/^get_x_y_[0-9a-f]{8}$/);
    for (const slug of [first, second, third]) expect(slug).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it.each([
    { operation: { summary: 'Get a user', description: 'By id.' }, description: 'Get a user\n\nBy id.' },
    { operation: { description: 'Only a description' }, description: 'Only a description' },
    { operation: {}, description: 'GET /users' },
  ])('description: $description', async ({ operation, description }) => {
    const { operations } = await operationsOf({ '/users': { get: { ...operation, responses: ok } } });
    expect(operations[0]!.description).toBe(description);
  });

  it('marks reads as read-only and idempotent, and takes the server with its variables', async () => {
    const { operations } = await operationsOf(
      {
        '/r': { get: { operationId: 'r', summary: 'Read', responses: ok }, post: { operationId: 'w', responses: ok } },
      },
      { servers: [{ url: 'https://{region}.example.com/v1', variables: { region: { default: 'eu' } } }] },
    );
    expect(operations.map((operation) => [operation.slug, operation.annotations, operation.serverUrl])).toEqual([
      ['r', { title: 'Read', readOnlyHint: true, idempotentHint: true }, 'https://eu.example.com/v1'],
      ['w', { readOnlyHint: false, idempotentHint: false }, 'https://eu.example.com/v1'],
    ]);
  });

  it('skips an operation whose required body cannot be sent, with the reason', async () => {
    const { operations, skipped } = await operationsOf({
      '/upload': {
        post: {
          operationId: 'upload',
          requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } },
          responses: ok,
        },
      },
    });
    expect(operations).toEqual([]);
    expect(skipped).toEqual([
      { method: 'post', pathTemplate: '/upload', reason: expect.stringContaining('multipart/form-data') },
    ]);
  });
});
