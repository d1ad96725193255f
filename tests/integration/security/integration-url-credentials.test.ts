/**
 * A stored OpenAPI integration is shown and exported as written, so credentials inside its URLs
 * (the baseUrl's `user:password@` or a server URL's `?api_key=`) would reach every reader in clear:
 * such a save is refused with 400 naming the path and where credentials go, and nothing is stored.
 * A baseUrl gets the operation's path appended, so it takes no query string either.
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

const document = (servers?: unknown[], operationServers?: unknown[]) => ({
  openapi: '3.0.3',
  info: { title: 'Items', version: '1' },
  ...(servers ? { servers } : {}),
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        ...(operationServers ? { servers: operationServers } : {}),
        responses: { '200': { description: 'ok' } },
      },
    },
  },
});

const save = (id: string, body: Record<string, unknown>) =>
  call(context.studio, 'PUT', `/api/integrations/${id}`, { type: 'openapi', ...body });

async function expectRefused(id: string, answer: { status: number; body: ResponseBody }, path: string, text: RegExp) {
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe('invalid_input');
  expect(answer.body.error.details.issues).toEqual([{ path, message: expect.stringMatching(text) }]);
  expect(JSON.stringify(answer.body)).not.toContain('SECRET');
  expect((await call(context.studio, 'GET', `/api/integrations/${id}`)).status).toBe(404);
}

const credentialsAdvice = /must not carry credentials.*put them in the integration's credentials/;

describe('credentials inside the URLs of a stored integration', () => {
  it('refuses a baseUrl with a user name and password', async () => {
    await expectRefused(
      'userinfo',
      await save('userinfo', { document: document(), baseUrl: 'http://bu:bp-SECRET@127.0.0.1:3291/' }),
      'baseUrl',
      credentialsAdvice,
    );
  });

  it.each([
    ['a secret parameter', 'http://127.0.0.1:3291/?api_key=bk-SECRET'],
    ['any parameter', 'http://127.0.0.1:3291/?x=1'],
    ['a fragment', 'http://127.0.0.1:3291/v1#part'],
  ])('refuses a baseUrl with a query string or fragment (%s)', async (_, baseUrl) => {
    await expectRefused(
      'query',
      await save('query', { document: document(), baseUrl }),
      'baseUrl',
      /must not have a query string or fragment.*apiKey/,
    );
  });

  it.each([
    ['a user name and password', 'http://du:dp-SECRET@127.0.0.1:3291/', /a user name or password/],
    ['an api_key parameter', 'http://127.0.0.1:3291/?api_key=dk-SECRET', /"api_key"/],
    ['a token parameter', 'http://127.0.0.1:3291/v1?version=2&access_token=dt-SECRET', /"access_token"/],
  ])('refuses a document server URL with %s', async (_, url, what) => {
    const answer = await save('servers', { document: document([{ url }]) });
    await expectRefused('servers', answer, 'document.servers.0.url', what);
    expect(answer.body.error.details.issues[0].message).toMatch(credentialsAdvice);
  });

  it('refuses credentials in an operation server, and in a server variable a call would fill in', async () => {
    await expectRefused(
      'operation',
      await save('operation', {
        document: document(undefined, [{ url: 'http://127.0.0.1:3291/?password=op-SECRET' }]),
      }),
      'document.paths./items.get.servers.0.url',
      /"password"/,
    );
    await expectRefused(
      'variable',
      await save('variable', {
        document: document([
          { url: 'http://{auth}127.0.0.1:3291/', variables: { auth: { default: 'vu:vp-SECRET@' } } },
        ]),
      }),
      'document.servers.0.url',
      /a user name or password/,
    );
  });

  it('keeps saving URLs without credentials, and credentials in their place', async () => {
    const saved = await save('plain', {
      document: document([{ url: 'http://127.0.0.1:3291/v1?version=2' }]),
      baseUrl: 'http://127.0.0.1:3291/v1',
      credentials: { type: 'apiKey', in: 'query', name: 'api_key', value: 'good-key-abcd1234' },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.integration).toMatchObject({
      baseUrl: 'http://127.0.0.1:3291/v1',
      credentials: { type: 'apiKey', in: 'query', name: 'api_key', value: '••••1234' },
    });
  });
});
