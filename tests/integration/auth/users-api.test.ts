/**
 * Users managed by an admin over the API with sign-in required: added with a password (never shown
 * again), listed, refused for an address in use (sent several times at once too), a short password
 * or one of only spaces; a role change or a disabling ends the user's sessions at once; the last
 * enabled admin stays one; other scopes get 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimumPasswordLength } from '@/lib/auth';
import { createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

const password = 'a long enough password';

describe('users over the API', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let adminKey: string;
  let editorKey: string;

  beforeAll(async () => {
    context = await createTestStudio({ settings: { auth: 'required' } });
    const { apiKeys } = context.studio.access;
    adminKey = (await apiKeys.create({ name: 'admin-key', scope: 'admin', createdBy: 'test' })).key;
    editorKey = (await apiKeys.create({ name: 'editor-key', scope: 'editor', createdBy: 'test' })).key;
  }, 30_000);
  afterAll(async () => {
    await context.cleanup();
  });

  async function send(method: string, path: string, body?: unknown, key = adminKey) {
    const response = await context.studio.api.request(
      path,
      jsonRequest(method, body, { authorization: `Bearer ${key}` }),
    );
    return { status: response.status, body: (await response.json()) as ResponseBody };
  }

  async function createUser(email: string, role: string) {
    const created = await send('POST', '/api/users', { email, role, password });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }

  async function signedInCookie(email: string): Promise<string> {
    const answer = await context.studio.api.request('/api/auth/sign-in', jsonRequest('POST', { email, password }));
    expect(answer.status).toBe(200);
    return answer.headers.get('set-cookie')!.split(';')[0]!;
  }

  const agentsWith = async (cookie: string) =>
    (await context.studio.api.request('/api/agents', { headers: { cookie } })).status;

  it('adds a user without showing the password, names them by their email, and lists them', async () => {
    const created = await createUser('ada@example.com', 'editor');
    expect(created).toEqual({
      id: expect.any(String),
      email: 'ada@example.com',
      name: 'ada',
      role: 'editor',
      disabled: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const listed = await send('GET', '/api/users');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toContainEqual(created);
    expect(JSON.stringify(listed.body)).not.toContain(password);
  }, 20_000);

  it('refuses an address in use with 409 and keeps the first user', async () => {
    await createUser('lin@example.com', 'viewer');
    const again = await send('POST', '/api/users', { email: 'lin@example.com', role: 'admin', password });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'conflict', message: expect.stringContaining('lin@example.com') });
    const listed = await send('GET', '/api/users');
    expect(listed.body.items.filter((user: ResponseBody) => user.email === 'lin@example.com')).toEqual([
      expect.objectContaining({ role: 'viewer' }),
    ]);
  }, 20_000);

  it('adds one of three users with the same address sent at once, and refuses the others with 409', async () => {
    const answers = await Promise.all(
      ['editor', 'viewer', 'editor'].map((role) =>
        send('POST', '/api/users', { email: 'kim@example.com', role, password }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers)).toEqual([201, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409))
      expect(refused.body.error).toEqual({
        code: 'conflict',
        message: 'A user with the email kim@example.com already exists; nothing was changed.',
      });
    const listed = await send('GET', '/api/users');
    expect(listed.body.items.filter((user: ResponseBody) => user.email === 'kim@example.com')).toHaveLength(1);
  }, 20_000);

  it('refuses a short password with 400 naming the field', async () => {
    const short = 'x'.repeat(minimumPasswordLength - 1);
    const refused = await send('POST', '/api/users', { email: 'bob@example.com', role: 'editor', password: short });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_input');
    expect(JSON.stringify(refused.body.error)).toContain('password');
  });

  it('refuses a password of only spaces, whatever its length, with 400 saying so', async () => {
    const refused = await send('POST', '/api/users', {
      email: 'blank@example.com',
      role: 'editor',
      password: ' '.repeat(minimumPasswordLength),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details?.issues).toEqual([
      { path: 'password', message: 'The password cannot be only spaces: use letters, digits or other characters too' },
    ]);
    expect(JSON.stringify((await send('GET', '/api/users')).body)).not.toContain('blank@example.com');
  });

  it('ends every session of a user whose role changes', async () => {
    const user = await createUser('grace@example.com', 'editor');
    const cookie = await signedInCookie('grace@example.com');
    expect(await agentsWith(cookie)).toBe(200);
    const changed = await send('PATCH', `/api/users/${user.id}`, { role: 'viewer' });
    expect(changed).toEqual({ status: 200, body: { ...user, role: 'viewer' } });
    expect(await agentsWith(cookie)).toBe(401);
  }, 20_000);

  it('ends every session of a disabled user, who cannot sign in until enabled again', async () => {
    const user = await createUser('alan@example.com', 'viewer');
    const cookie = await signedInCookie('alan@example.com');
    expect(await agentsWith(cookie)).toBe(200);
    const disabled = await send('PATCH', `/api/users/${user.id}`, { disabled: true });
    expect(disabled).toEqual({ status: 200, body: { ...user, disabled: true } });
    expect(await agentsWith(cookie)).toBe(401);
    const signInAgain = await context.studio.api.request(
      '/api/auth/sign-in',
      jsonRequest('POST', { email: 'alan@example.com', password }),
    );
    expect(signInAgain.status).not.toBe(200);
    expect((await send('PATCH', `/api/users/${user.id}`, { disabled: false })).body.disabled).toBe(false);
    // Enabled again, the old session stays ended.
    expect(await agentsWith(cookie)).toBe(401);
  }, 20_000);

  it('refuses to demote or disable the last enabled admin, and allows it once another admin exists', async () => {
    const first = await createUser('root@example.com', 'admin');
    const demote = await send('PATCH', `/api/users/${first.id}`, { role: 'editor' });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('last enabled admin'),
    });
    expect((await send('PATCH', `/api/users/${first.id}`, { disabled: true })).status).toBe(409);
    // A change that keeps them an enabled admin is no lock-out.
    expect((await send('PATCH', `/api/users/${first.id}`, { role: 'admin', disabled: false })).status).toBe(200);

    const second = await createUser('second@example.com', 'admin');
    expect((await send('PATCH', `/api/users/${first.id}`, { role: 'editor' })).body.role).toBe('editor');
    expect((await send('PATCH', `/api/users/${second.id}`, { disabled: true })).status).toBe(409);
  }, 20_000);

  it('answers 404 for an unknown user and 400 for an unknown field', async () => {
    expect((await send('PATCH', '/api/users/nobody', { role: 'viewer' })).status).toBe(404);
    expect((await send('PATCH', '/api/users/nobody', { email: 'x@example.com' })).status).toBe(400);
  });

  it('refuses an editor key with 403', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/users', undefined],
      ['POST', '/api/users', { email: 'eve@example.com', role: 'admin', password }],
      ['PATCH', '/api/users/anyone', { role: 'admin' }],
    ] as const) {
      const refused = await send(method, path, body, editorKey);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error.details).toEqual({ requiredScope: 'admin' });
    }
  });
});
