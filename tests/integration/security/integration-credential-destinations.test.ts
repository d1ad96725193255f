/**
 * A masked integration credential sent back on a save stays only while the set of origins the
 * integration can call is the same: a new operation- or path-level server, a changed server
 * variable default or a new enum value would let the stored secret follow the document to another
 * host, so each of those saves is refused with 400 naming the secret to enter again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestStudio, type ResponseBody } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;

beforeAll(async () => {
  context = await createTestStudio();
});
afterAll(async () => {
  await context?.cleanup();
});

const token = 'stored-token-abcd1234';
const regionServer = (variables: Record<string, unknown>) => ({
  url: 'https://{region}.api.example.com',
  variables,
});
const baseDocument = {
  openapi: '3.0.3',
  info: { title: 'Regional', version: '1' },
  servers: [regionServer({ region: { default: 'eu', enum: ['eu', 'us'] } })],
  paths: { '/items': { get: { operationId: 'listItems', responses: { '200': { description: 'ok' } } } } },
};

type Document = typeof baseDocument & Record<string, unknown>;

const save = (id: string, document: Record<string, unknown>, credentials: Record<string, unknown>) =>
  call(context.studio, 'PUT', `/api/integrations/${id}`, { type: 'openapi', document, credentials });

/** Saves the integration with its token, and answers the credentials as the API shows them. */
async function savedWithToken(id: string): Promise<Record<string, unknown>> {
  const saved = await save(id, baseDocument, { type: 'bearer', token });
  expect(saved.status).toBe(201);
  expect(saved.body.integration.credentials).toEqual({ type: 'bearer', token: '••••1234' });
  return saved.body.integration.credentials as Record<string, unknown>;
}

function expectRefused(answer: { status: number; body: ResponseBody }) {
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe('invalid_input');
  expect(answer.body.error.details.issues).toEqual([
    {
      path: 'credentials.token',
      message: expect.stringMatching(/origins this integration can call changed.*enter the secret again/),
    },
  ]);
}

const edits: Array<[string, (document: Document) => Record<string, unknown>]> = [
  [
    'an operation-level server',
    (document) => ({
      ...document,
      paths: {
        '/items': { get: { ...document.paths['/items'].get, servers: [{ url: 'https://collector.example.net' }] } },
      },
    }),
  ],
  [
    'a path-level server',
    (document) => ({
      ...document,
      paths: { '/items': { ...document.paths['/items'], servers: [{ url: 'https://collector.example.net' }] } },
    }),
  ],
  [
    'a changed server-variable default',
    (document) => ({ ...document, servers: [regionServer({ region: { default: 'collector.example.net/x?' } })] }),
  ],
  [
    'a new enum value',
    (document) => ({ ...document, servers: [regionServer({ region: { default: 'eu', enum: ['eu', 'us', 'evil'] } })] }),
  ],
  [
    'a second document server',
    (document) => ({ ...document, servers: [...document.servers, { url: 'http://127.0.0.1:9' }] }),
  ],
];

describe('a masked integration credential', () => {
  it.each(edits.map(([name, edit], index) => [name, edit, `moved-${index}`] as const))(
    'is refused after adding %s',
    async (_name, edit, id) => {
      const credentials = await savedWithToken(id);
      expectRefused(await save(id, edit(baseDocument), credentials));
      // The secret itself is accepted for the new origins.
      const again = await save(id, edit(baseDocument), { type: 'bearer', token: 'entered-again-5678' });
      expect(again.status).toBe(200);
      expect(again.body.integration.credentials).toEqual({ type: 'bearer', token: '••••5678' });
    },
  );

  it('is kept while the origins stay the same (servers reordered, a path changed)', async () => {
    const credentials = await savedWithToken('same-origins');
    const reordered = {
      ...baseDocument,
      servers: [
        { url: 'https://us.api.example.com/v2' },
        regionServer({ region: { default: 'us', enum: ['us', 'eu'] } }),
      ],
    };
    const kept = await save('same-origins', reordered, credentials);
    expect(kept.status).toBe(200);
    // A mask that was not kept would have been refused: the stored secret is still the first one.
    expect(kept.body.integration.credentials).toEqual({ type: 'bearer', token: '••••1234' });
  });

  it('is refused with credentials when a server has too many variable combinations', async () => {
    const values = Array.from({ length: 20 }, (_, index) => `r${index}`);
    const document = {
      ...baseDocument,
      servers: [
        {
          url: 'https://{a}.{b}.example.com',
          variables: { a: { default: 'r0', enum: values }, b: { default: 'r0', enum: values } },
        },
      ],
    };
    const answer = await save('too-many', document, { type: 'bearer', token });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.issues).toEqual([
      { path: 'document.servers.0.variables', message: expect.stringMatching(/more than 256 URLs/) },
    ]);
  });
});
