/**
 * With sign-in required, every operation of the served OpenAPI document is checked against the
 * scope it declares: no credentials and an unknown key get 401, a key or role below the scope 403
 * with the scope it needs, one at or above it gets through; then revoked keys, ended sessions and
 * disabled users are refused from the next request on, a revoked or expired key told so by its name.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '@/lib/auth';
import { createTestStudio, type ResponseBody } from '../../support/studio';

type Operation = { method: string; path: string; operationId: string; required: 'public' | Scope };

const order = ['runtime', 'editor', 'admin'] as const;
const password = 'a long enough password';

/** A concrete path for a template: every parameter filled with a value that names nothing. */
const concrete = (template: string) =>
  `${template.replaceAll(/{([^}]+)}/g, (_match, name: string) => (name === 'n' || name === 'from' || name === 'to' ? '1' : 'nothing-here'))}`;

describe('access with sign-in required', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let operations: Operation[];
  const keys = {} as Record<Scope, string>;

  beforeAll(async () => {
    context = await createTestStudio({ settings: { auth: 'required' } });
    const { access } = context.studio;
    for (const scope of order)
      keys[scope] = (await access.apiKeys.create({ name: `${scope}-key`, scope, createdBy: 'test' })).key;
    const document = (await (await context.studio.api.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId: string; security: Array<Record<string, string[]>> }>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path: concrete(path),
        operationId: operation.operationId,
        required: (operation.security[0]?.bearerAuth?.[0] ?? 'public') as Operation['required'],
      })),
    );
  }, 60_000);
  afterAll(async () => {
    await context.cleanup();
  });

  const send = (operation: Operation, headers: Record<string, string> = {}) =>
    context.studio.api.request(operation.path, {
      method: operation.method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(operation.method === 'GET' || operation.method === 'HEAD' ? {} : { body: '{}' }),
    });

  it('declares a scope on every operation but health and the one-time link routes, and the document itself is public', async () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(
      operations.filter((operation) => operation.required === 'public').map((operation) => operation.operationId),
    ).toEqual(['getHealth', 'setUpFirstAdmin', 'readInvitation', 'acceptInvitation']);
    expect((await context.studio.api.request('/api/health')).status).toBe(200);
  });

  it('declares for a session the editor role on the operations that spend, where a key needs runtime', async () => {
    const document = (await (await context.studio.api.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId: string; security: unknown }>>;
    };
    const security = Object.fromEntries(
      Object.values(document.paths).flatMap((methods) =>
        Object.values(methods).map((operation) => [operation.operationId, operation.security]),
      ),
    );
    for (const operationId of ['generateAgent', 'streamAgent', 'executeTool', 'approveRun', 'handleMcpMessage'])
      expect(security[operationId], operationId).toEqual([{ bearerAuth: ['runtime'] }, { sessionCookie: ['editor'] }]);
    expect(security.resolveAgent).toEqual([{ bearerAuth: ['runtime'] }, { sessionCookie: ['runtime'] }]);
    expect(security.createAgent).toEqual([{ bearerAuth: ['editor'] }, { sessionCookie: ['editor'] }]);
  });

  it('declares admin on approving an imported client, the stored stdio launch specs and model providers', () => {
    const required = (operationId: string) =>
      operations.find((operation) => operation.operationId === operationId)?.required;
    for (const operationId of [
      'approveMcpClient',
      'listStdioLaunchSpecs',
      'createStdioLaunchSpec',
      'deleteStdioLaunchSpec',
      'listModelProviders',
      'updateModelProviders',
    ])
      expect(required(operationId), operationId).toBe('admin');
    expect(required('testMcpClientDraft')).toBe('editor');
  });

  it('answers 401 with WWW-Authenticate to no credentials and to an unknown key, on every operation', async () => {
    for (const operation of operations.filter((candidate) => candidate.required !== 'public')) {
      const anonymous = await send(operation);
      expect(anonymous.status, `${operation.method} ${operation.path}`).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
      expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
      const unknown = await send(operation, { authorization: 'Bearer as_notakeyatallnotakeyatallnotakeyatall00' });
      expect(unknown.status, `${operation.method} ${operation.path}`).toBe(401);
    }
  });

  it('refuses each key below the declared scope with 403 and lets it through at or above it', async () => {
    for (const operation of operations.filter((candidate) => candidate.required !== 'public')) {
      for (const scope of order) {
        const answer = await send(operation, { authorization: `Bearer ${keys[scope]}` });
        const label = `${scope} key, ${operation.method} ${operation.path} (needs ${operation.required})`;
        if (order.indexOf(scope) < order.indexOf(operation.required as Scope)) {
          expect(answer.status, label).toBe(403);
          expect(((await answer.json()) as { error: { details: unknown } }).error.details, label).toEqual({
            requiredScope: operation.required,
          });
        } else {
          expect([401, 403], label).not.toContain(answer.status);
        }
      }
    }
  }, 60_000);

  it('lists keys without the keys themselves, and refuses a revoked key from the next request on', async () => {
    const admin = { authorization: `Bearer ${keys.admin}`, 'content-type': 'application/json' };
    const created = await context.studio.api.request('/api/keys', {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ name: 'short-lived', scope: 'runtime' }),
    });
    expect(created.status).toBe(201);
    const { id, key } = (await created.json()) as { id: string; key: string };
    expect(key).toMatch(/^as_[0-9A-Za-z]{32,}$/);
    const listed = (await (await context.studio.api.request('/api/keys', { headers: admin })).json()) as {
      items: Array<Record<string, unknown>>;
    };
    expect(listed.items.find((item) => item.id === id)).toMatchObject({
      name: 'short-lived',
      createdBy: 'key:admin-key',
    });
    expect(JSON.stringify(listed)).not.toContain(key);
    const agents = () => context.studio.api.request('/api/agents', { headers: { authorization: `Bearer ${key}` } });
    expect((await agents()).status).toBe(200);
    expect((await context.studio.api.request(`/api/keys/${id}`, { method: 'DELETE', headers: admin })).status).toBe(
      204,
    );
    const revoked = await agents();
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toBe('Bearer');
    // Said by the key's name, never the key.
    const body = await revoked.text();
    expect(JSON.parse(body)).toEqual({
      error: { code: 'unauthorized', message: 'The API key "short-lived" was revoked.' },
    });
    expect(body).not.toContain(key);
  });

  it('says that an expired key has expired, by its name', async () => {
    const key = `as_${'e'.repeat(40)}`;
    await context.studio.storage.queries.apiKeys.insert({
      id: 'expired-key',
      name: 'soon',
      scope: 'runtime',
      prefix: key.slice(0, 10),
      keyHash: createHash('sha256').update(key).digest('hex'),
      createdBy: 'test',
      createdAt: '2020-01-01T00:00:00.000Z',
      expiresAt: '2020-01-02T00:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    });
    const expired = await context.studio.api.request('/api/agents', { headers: { authorization: `Bearer ${key}` } });
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as ResponseBody).error.message).toBe('The API key "soon" has expired.');
    const missing = await context.studio.api.request('/api/agents');
    expect(((await missing.json()) as ResponseBody).error.message).toBe(
      'Sign in, or send an API key as `Authorization: Bearer <key>`.',
    );
  });

  it('signs users in with their role: a viewer reads but runs nothing, an editor saves but is no admin', async () => {
    const { signIn } = context.studio.access;
    await signIn!.createUser({ email: 'viewer@example.com', name: 'Vi', password, role: 'viewer' });
    await signIn!.createUser({ email: 'editor@example.com', name: 'Ed', password, role: 'editor' });
    const cookieOf = async (email: string) => {
      const answer = await context.studio.api.request('/api/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(answer.status).toBe(200);
      return answer.headers.get('set-cookie')!.split(';')[0]!;
    };
    const viewer = { cookie: await cookieOf('viewer@example.com'), 'content-type': 'application/json' };
    const session = await context.studio.api.request('/api/auth/session', { headers: viewer });
    expect(await session.json()).toMatchObject({ user: { email: 'viewer@example.com', role: 'viewer' } });
    expect((await context.studio.api.request('/api/agents', { headers: viewer })).status).toBe(200);
    const generate = await context.studio.api.request('/api/agents/demo-assistant/generate', {
      method: 'POST',
      headers: viewer,
      body: JSON.stringify({ prompt: 'Hello' }),
    });
    expect(generate.status).toBe(403);
    // A person is told the role it takes and the scope their session needs, not the scope of a key.
    expect(((await generate.json()) as ResponseBody).error).toEqual({
      code: 'forbidden',
      message: 'viewer@example.com (viewer) may not start runs or run tools: it needs the editor role.',
      details: { requiredScope: 'editor', requiredRole: 'editor' },
    });
    const mcp = await context.studio.api.request('/api/mcp', {
      method: 'POST',
      headers: { ...viewer, accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(403);
    expect(((await mcp.json()) as ResponseBody).error.details).toEqual({
      requiredScope: 'editor',
      requiredRole: 'editor',
    });

    const editor = { cookie: await cookieOf('editor@example.com'), 'content-type': 'application/json' };
    const created = await context.studio.api.request('/api/agents', {
      method: 'POST',
      headers: editor,
      body: JSON.stringify({ id: 'by-editor', name: 'By editor', model: 'openai/gpt-4o-mini', instructions: 'Help.' }),
    });
    expect(created.status).toBe(201);
    const audit = await context.studio.api.request('/api/audit', { headers: editor });
    expect(audit.status).toBe(403);
    expect(((await audit.json()) as ResponseBody).error).toMatchObject({
      message: 'editor@example.com (editor) may not do this: it needs the admin role.',
      details: { requiredScope: 'admin', requiredRole: 'admin' },
    });

    // Signed out (with the Origin a browser sends; a cookie without one is refused): the cookie names nothing any more.
    const signOut = { method: 'POST', headers: { ...editor, origin: 'http://localhost' } };
    expect((await context.studio.api.request('/api/auth/sign-out', signOut)).status).toBe(200);
    expect((await context.studio.api.request('/api/agents', { headers: editor })).status).toBe(401);
  }, 30_000);

  it('refuses a disabled user at once, whatever session they had', async () => {
    const { signIn } = context.studio.access;
    const user = await signIn!.createUser({ email: 'leaving@example.com', name: 'Le', password, role: 'editor' });
    const answer = await context.studio.api.request('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'leaving@example.com', password }),
    });
    const cookie = answer.headers.get('set-cookie')!.split(';')[0]!;
    expect((await context.studio.api.request('/api/agents', { headers: { cookie } })).status).toBe(200);
    await context.studio.storage.queries.users.setBanned({ id: user.id, banned: true, updatedAt: new Date() });
    expect((await context.studio.api.request('/api/agents', { headers: { cookie } })).status).toBe(401);
  }, 30_000);
});
