import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenApiIntegration, type IntegrationProvider } from '@/lib/integrations';
import { freezeRequestContext } from '@/lib/tools';
import { createTestStudio, jsonRequest, sqliteHandle } from '../../support/studio';
import { startEchoServer, usersDocument } from './echo-server';

let server: Awaited<ReturnType<typeof startEchoServer>>;
let context: Awaited<ReturnType<typeof createTestStudio>>;

const failingProvider: IntegrationProvider = {
  id: 'flaky',
  name: 'Flaky',
  listTools: () => Promise.reject(new Error('upstream catalogue is down')),
  resolveTools: () => Promise.reject(new Error('upstream catalogue is down')),
};

beforeAll(async () => {
  server = await startEchoServer();
  context = await createTestStudio({
    integrations: {
      'code-users': createOpenApiIntegration({
        id: 'code-users',
        name: 'Users in code',
        document: usersDocument(server.url),
      }),
      flaky: failingProvider,
    },
  });
});
afterAll(async () => {
  await context.cleanup();
  await server.close();
});

const request = (path: string, init?: RequestInit) => context.studio.api.request(`/api${path}`, init);
const put = (id: string, body: unknown) => request(`/integrations/${id}`, jsonRequest('PUT', body));
const requestContext = freezeRequestContext({});

describe('PUT /api/integrations/:id', () => {
  it('stores a valid document (201, then 200) and answers its catalogue', async () => {
    const first = await put('users', {
      type: 'openapi',
      name: 'Users',
      document: usersDocument(),
      baseUrl: server.url,
    });
    expect(first.status).toBe(201);
    const body = (await first.json()) as {
      created: boolean;
      integration: Record<string, unknown> & { tools: Array<{ slug: string }> };
    };
    expect(body.created).toBe(true);
    expect(body.integration).toMatchObject({
      id: 'users',
      name: 'Users',
      source: 'stored',
      type: 'openapi',
      baseUrl: server.url,
      skippedOperations: [],
    });
    expect(body.integration.tools.map((tool) => tool.slug)).toContain('getUser');

    const second = await put('users', {
      type: 'openapi',
      name: 'Users',
      document: usersDocument(),
      baseUrl: server.url,
    });
    expect(second.status).toBe(200);
    expect(((await second.json()) as { created: boolean }).created).toBe(false);
  });

  it('answers every problem of an invalid document with its path (400 invalid_input)', async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Broken' },
      paths: {
        '/a/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }],
            responses: { 200: { description: 'ok' } },
          },
        },
      },
    };
    const response = await put('broken', { type: 'openapi', document });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; details: { issues: Array<{ path: string }> } } };
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.details.issues.map((issue) => issue.path).sort()).toEqual([
      'document.info.version',
      'document.paths./a/{id}.get.parameters.0.required',
    ]);
    expect((await request('/integrations/broken')).status).toBe(404);
  });

  it.each([
    {
      name: 'an unknown field',
      id: 'x',
      body: { type: 'openapi', document: usersDocument(), extra: true },
      path: 'extra',
    },
    { name: 'an unknown type', id: 'x', body: { type: 'graphql', document: usersDocument() }, path: 'type' },
    {
      name: 'a malformed base URL',
      id: 'x',
      body: { type: 'openapi', document: usersDocument(), baseUrl: 'ftp://x' },
      path: 'baseUrl',
    },
    ...['not a url', '', 'http://', 'http://x.test:99999', '//x.test'].map((baseUrl) => ({
      name: `a base URL that is no URL (${JSON.stringify(baseUrl)})`,
      id: 'x',
      body: { type: 'openapi', document: usersDocument(), baseUrl },
      path: 'baseUrl',
      mentions: 'must be an http or https URL',
    })),
    {
      name: 'incomplete credentials',
      id: 'x',
      body: { type: 'openapi', document: usersDocument(), credentials: { type: 'bearer' } },
      path: 'credentials.token',
    },
    {
      name: 'an invalid id',
      id: 'Not_OK',
      body: { type: 'openapi', document: usersDocument() },
      path: 'param.id',
      mentions: 'Integration ids are 1-64 characters',
    },
  ])(
    'refuses $name (400 at $path)',
    async ({ id, body, path, mentions }: { id: string; body: unknown; path: string; mentions?: string }) => {
      const response = await put(id, body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as {
        error: { code: string; details: { issues: Array<{ path: string; message: string }> } };
      };
      expect(answer.error.code).toBe('invalid_input');
      const issue = answer.error.details.issues.find((candidate) => candidate.path === path);
      expect(issue).toBeDefined();
      if (mentions) expect(issue!.message).toContain(mentions);
    },
  );

  it('refuses to overwrite or delete a provider defined in code (409)', async () => {
    expect((await put('code-users', { type: 'openapi', document: usersDocument() })).status).toBe(409);
    expect((await request('/integrations/code-users', { method: 'DELETE' })).status).toBe(409);
  });
});

describe('credentials', () => {
  it('are encrypted at rest, masked in responses, and kept when the mask is sent back', async () => {
    const token = 'super-secret-token-1234';
    const saved = await put('secure', {
      type: 'openapi',
      document: usersDocument(),
      baseUrl: server.url,
      credentials: { type: 'bearer', token },
    });
    const savedBody = (await saved.json()) as { integration: { credentials: unknown } };
    expect(savedBody.integration.credentials).toEqual({ type: 'bearer', token: '••••1234' });
    const row = sqliteHandle(context.studio)
      .sqlite.prepare('SELECT config FROM integration_configs WHERE id = ?')
      .get('secure') as { config: string };
    expect(row.config).not.toContain(token);

    const shown = (await (await request('/integrations/secure')).json()) as {
      integration: { credentials: { token: string } };
    };
    expect(JSON.stringify(shown)).not.toContain(token);
    const resent = await put('secure', {
      type: 'openapi',
      document: usersDocument(),
      baseUrl: server.url,
      credentials: shown.integration.credentials,
    });
    expect(resent.status).toBe(200);

    // The provider built from the stored config still sends the original secret.
    const provider = await context.studio.integrations.get('secure');
    const { getUser } = await provider!.resolveTools(['getUser'], {}, { requestContext });
    await getUser!.execute!({ userId: '1' }, { requestContext });
    expect(server.seen.at(-1)!.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('show nothing of short secrets, and refuse a mask that matches no stored secret', async () => {
    const saved = await put('short', {
      type: 'openapi',
      document: usersDocument(),
      credentials: { type: 'basic', username: 'ada', password: 'hunter2' },
    });
    expect(((await saved.json()) as { integration: { credentials: unknown } }).integration.credentials).toEqual({
      type: 'basic',
      username: 'ada',
      password: '••••',
    });
    const wrongMask = await put('short', {
      type: 'openapi',
      document: usersDocument(),
      credentials: { type: 'bearer', token: '••••9999' },
    });
    expect(wrongMask.status).toBe(400);
    expect(JSON.stringify(await wrongMask.json())).toContain('credentials.token');
  });
});

describe('GET and DELETE', () => {
  it('lists code and stored integrations with their catalogues, one page at a time', async () => {
    const response = await request('/integrations?limit=100');
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      items: Array<{ id: string; source: string; tools: unknown[]; error?: string }>;
      nextCursor: string | null;
    };
    const ids = body.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort());
    expect(body.items.find((item) => item.id === 'code-users')).toMatchObject({
      source: 'code',
      name: 'Users in code',
    });
    expect(body.items.find((item) => item.id === 'code-users')!.tools).toHaveLength(6);
    expect(body.items.find((item) => item.id === 'users')).toMatchObject({ source: 'stored' });
    expect(body.items.find((item) => item.id === 'flaky')).toEqual({
      id: 'flaky',
      name: 'Flaky',
      source: 'code',
      tools: [],
      error: 'upstream catalogue is down',
    });
    expect(body.nextCursor).toBeNull();

    const first = (await (await request('/integrations?limit=1')).json()) as {
      items: Array<{ id: string }>;
      nextCursor: string;
    };
    const next = (await (await request(`/integrations?limit=1&cursor=${first.nextCursor}`)).json()) as {
      items: Array<{ id: string }>;
    };
    expect([first.items[0]!.id, next.items[0]!.id]).toEqual(ids.slice(0, 2));
  });

  it('shows one stored integration with its document', async () => {
    const body = (await (await request('/integrations/users')).json()) as {
      integration: { document: unknown; createdAt: string };
    };
    expect(body.integration.document).toEqual(usersDocument());
    expect(body.integration.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('takes a changed config into use on the next lookup', async () => {
    const before = await context.studio.integrations.get('users');
    const smaller = { ...usersDocument(), paths: { '/text': usersDocument().paths['/text'] } };
    await put('users', { type: 'openapi', document: smaller, baseUrl: server.url });
    const after = await context.studio.integrations.get('users');
    expect(after).not.toBe(before);
    expect((await after!.listTools({ requestContext })).map((tool) => tool.slug)).toEqual(['text']);
    expect(await context.studio.integrations.get('users')).toBe(after);
  });

  it('deletes a stored integration, then answers 404', async () => {
    await put('doomed', { type: 'openapi', document: usersDocument() });
    const removed = await request('/integrations/doomed', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ id: 'doomed', deleted: true });
    expect(await context.studio.integrations.get('doomed')).toBeUndefined();
    for (const init of [undefined, { method: 'DELETE' }]) {
      const response = await request('/integrations/doomed', init);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });

  it('records saves and deletes in the audit log with actor local, without secrets', () => {
    const rows = sqliteHandle(context.studio)
      .sqlite.prepare(
        "SELECT actor, action, entity, entity_id AS entityId, details FROM audit_log WHERE entity = 'integration' ORDER BY id",
      )
      .all() as Array<{ actor: string; action: string; entityId: string; details: string }>;
    expect(rows.map((row) => [row.action, row.entityId])).toEqual(
      expect.arrayContaining([
        ['integration.save', 'users'],
        ['integration.save', 'secure'],
        ['integration.delete', 'doomed'],
      ]),
    );
    expect(rows.every((row) => row.actor === 'local')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('super-secret');
  });
});
