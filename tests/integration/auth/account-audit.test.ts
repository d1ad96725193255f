/**
 * Changes to who may reach the studio leave an audit entry naming the caller who made them: API
 * keys created and revoked (entity `api_key`), users added, given another role, disabled and
 * enabled (entity `user`). Entries name the key or user and never carry a key or a password; a
 * refused change and a change to what already is leave none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

const password = 'a long enough password';

interface Entry {
  actor: string;
  action: string;
  entity: string;
  entityId: string;
  details: Record<string, unknown>;
}

describe('audit entries of keys and users', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let adminKey: { authorization: string };
  let adminCookie: { cookie: string };

  beforeAll(async () => {
    context = await createTestStudio({ settings: { auth: 'required' } });
    const { access } = context.studio;
    const key = await access.apiKeys.create({ name: 'root-key', scope: 'admin', createdBy: 'test' });
    adminKey = { authorization: `Bearer ${key.key}` };
    await access.signIn!.createUser({ email: 'root@example.com', name: 'Root', password, role: 'admin' });
    const signedIn = await send('POST', '/api/auth/sign-in', {}, { email: 'root@example.com', password });
    expect(signedIn.status).toBe(200);
    adminCookie = { cookie: signedIn.headers.get('set-cookie')!.split(';')[0]! };
  }, 30_000);
  afterAll(async () => {
    await context.cleanup();
  });

  async function send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    const response = await context.studio.api.request(path, jsonRequest(method, body, headers));
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as ResponseBody };
  }

  async function entriesAbout(entityId: string): Promise<Entry[]> {
    const listed = await send('GET', `/api/audit?entityId=${encodeURIComponent(entityId)}`, adminKey);
    expect(listed.status).toBe(200);
    return (listed.body.items as Entry[]).map(({ actor, action, entity, entityId, details }) => ({
      actor,
      action,
      entity,
      entityId,
      details,
    }));
  }

  it('records who created and who revoked a key, without the key; revoking again records nothing', async () => {
    const created = await send('POST', '/api/keys', adminKey, { name: 'orders', scope: 'runtime' });
    expect(created.status).toBe(201);
    const { id, key } = created.body as { id: string; key: string };
    expect(await entriesAbout(id)).toEqual([
      {
        actor: 'key:root-key',
        action: 'api_key.create',
        entity: 'api_key',
        entityId: id,
        details: { id, name: 'orders', scope: 'runtime', expiresAt: null },
      },
    ]);

    expect((await send('DELETE', `/api/keys/${id}`, adminCookie)).status).toBe(204);
    expect((await send('DELETE', `/api/keys/${id}`, adminKey)).status).toBe(204);
    const entries = await entriesAbout(id);
    expect(entries.map(({ action, actor }) => ({ action, actor }))).toEqual([
      { action: 'api_key.revoke', actor: 'user:root@example.com' },
      { action: 'api_key.create', actor: 'key:root-key' },
    ]);
    expect(entries[0]!.details).toEqual({ id, name: 'orders', scope: 'runtime' });
    const all = await send('GET', '/api/audit?entity=api_key', adminKey);
    // The key made at the start is in the log too, as made by its maker.
    expect(all.body.items).toHaveLength(3);
    expect(all.body.items[2]).toMatchObject({ actor: 'test', action: 'api_key.create' });
    expect(JSON.stringify(all.body)).not.toContain(key);
    expect(JSON.stringify(all.body)).not.toContain(key.slice(10));
  });

  it('records who added a user, changed their role, disabled and enabled them, without the password', async () => {
    const created = await send('POST', '/api/users', adminKey, { email: 'ada@example.com', role: 'editor', password });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    const user = { id, email: 'ada@example.com' };

    expect((await send('PATCH', `/api/users/${id}`, adminCookie, { role: 'viewer' })).status).toBe(200);
    expect((await send('PATCH', `/api/users/${id}`, adminKey, { disabled: true })).status).toBe(200);
    expect((await send('PATCH', `/api/users/${id}`, adminCookie, { disabled: false, role: 'viewer' })).status).toBe(
      200,
    );
    // What already is changes nothing, and records nothing.
    expect((await send('PATCH', `/api/users/${id}`, adminKey, { role: 'viewer', disabled: false })).status).toBe(200);

    const entries = await entriesAbout('ada@example.com');
    expect(entries.map(({ actor, action, entity, details }) => ({ actor, action, entity, details }))).toEqual([
      {
        actor: 'user:root@example.com',
        action: 'user.update',
        entity: 'user',
        details: { ...user, role: 'viewer', disabled: false, previous: { role: 'viewer', disabled: true } },
      },
      {
        actor: 'key:root-key',
        action: 'user.update',
        entity: 'user',
        details: { ...user, role: 'viewer', disabled: true, previous: { role: 'viewer', disabled: false } },
      },
      {
        actor: 'user:root@example.com',
        action: 'user.update',
        entity: 'user',
        details: { ...user, role: 'viewer', disabled: false, previous: { role: 'editor', disabled: false } },
      },
      {
        actor: 'key:root-key',
        action: 'user.create',
        entity: 'user',
        details: { ...user, role: 'editor', disabled: false },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(password);
  }, 20_000);

  it('records nothing for a refused change', async () => {
    const before = (await send('GET', '/api/audit?entity=user', adminKey)).body.items as Entry[];
    const root = ((await send('GET', '/api/users', adminKey)).body.items as Array<{ id: string; email: string }>).find(
      (user) => user.email === 'root@example.com',
    )!;
    expect((await send('PATCH', `/api/users/${root.id}`, adminKey, { disabled: true })).status).toBe(409);
    expect(
      (await send('POST', '/api/users', adminKey, { email: 'ada@example.com', role: 'admin', password })).status,
    ).toBe(409);
    expect((await send('DELETE', '/api/keys/00000000-0000-4000-8000-000000000000', adminKey)).status).toBe(404);
    expect((await send('GET', '/api/audit?entity=user', adminKey)).body.items).toEqual(before);
  }, 20_000);
});
