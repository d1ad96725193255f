/**
 * Invitations with sign-in required: an admin invites an email with a role and gets a one-time
 * link; accepting it adds that user with that role and signs them in. A used, withdrawn or expired
 * link is refused, an email already a user cannot be invited, and pending invitations are listed
 * without their links. Who may invite is checked with every other operation (access.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitations, invitationDays } from '@/lib/auth';
import { createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

const password = 'a long enough password';

describe('invitations', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let adminKey: string;

  beforeAll(async () => {
    context = await createTestStudio({ settings: { auth: 'required' } });
    adminKey = (await context.studio.access.apiKeys.create({ name: 'admin-key', scope: 'admin', createdBy: 'test' }))
      .key;
  }, 30_000);
  afterAll(async () => {
    await context.cleanup();
  });

  async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await context.studio.api.request(path, jsonRequest(method, body, headers));
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as ResponseBody, headers: response.headers };
  }
  const asAdmin = (method: string, path: string, body?: unknown) =>
    send(method, path, body, { authorization: `Bearer ${adminKey}` });

  async function invite(email: string, role: string) {
    const created = await asAdmin('POST', '/api/users/invitations', { email, role });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const cookiesOf = (headers: Headers) =>
    headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');

  it('creates a one-time link valid 7 days, lists the invitation without it, and records who invited', async () => {
    const created = await invite('Ada@Example.com', 'editor');
    expect(created).toEqual({
      id: expect.any(String),
      email: 'ada@example.com',
      role: 'editor',
      createdBy: 'key:admin-key',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      link: expect.stringMatching(/^http:\/\/localhost\/invite\?token=[\w-]{40,}$/),
    });
    const validMs = Date.parse(created.expiresAt) - Date.parse(created.createdAt);
    expect(validMs).toBe(invitationDays * 86_400_000);
    const listed = await asAdmin('GET', '/api/users/invitations');
    expect(listed.status).toBe(200);
    const { link, ...withoutLink } = created;
    expect(listed.body.items).toContainEqual(withoutLink);
    expect(JSON.stringify(listed.body)).not.toContain(tokenOf(link));
    const audit = await asAdmin('GET', '/api/audit?entity=user');
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({ action: 'user.invite', actor: 'key:admin-key', entityId: 'ada@example.com' }),
    );
  });

  it('accepting adds the user with the invited email and role and signs them in; the link works once', async () => {
    const { link } = await invite('grace@example.com', 'viewer');
    const token = tokenOf(link);
    const read = await send('POST', '/api/auth/invitation', { token });
    expect(read.body).toEqual({ email: 'grace@example.com', role: 'viewer', expiresAt: expect.any(String) });

    const accepted = await send('POST', '/api/auth/accept-invitation', { token, password, name: 'Grace' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body).toEqual({
      user: { id: expect.any(String), email: 'grace@example.com', name: 'Grace', role: 'viewer' },
    });
    const cookie = cookiesOf(accepted.headers);
    const session = await send('GET', '/api/auth/session', undefined, { cookie });
    expect(session.body.user).toMatchObject({ email: 'grace@example.com', role: 'viewer' });
    // A viewer reads, and may not manage users.
    expect((await send('GET', '/api/agents', undefined, { cookie })).status).toBe(200);
    expect((await send('GET', '/api/users', undefined, { cookie })).status).toBe(403);
    // And signs in later with the password they chose.
    expect((await send('POST', '/api/auth/sign-in', { email: 'grace@example.com', password })).status).toBe(200);

    const again = await send('POST', '/api/auth/accept-invitation', { token, password });
    expect(again.status).toBe(401);
    expect(again.body.error).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('used') });
    expect((await asAdmin('GET', '/api/users/invitations')).body.items).not.toContainEqual(
      expect.objectContaining({ email: 'grace@example.com' }),
    );
    const audit = await asAdmin('GET', '/api/audit?entity=user');
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({ action: 'user.invitation.accept', actor: 'user:grace@example.com' }),
    );
  });

  it('refuses a withdrawn link, and withdrawing is 204 then 404', async () => {
    const { id, link } = await invite('lin@example.com', 'admin');
    expect((await asAdmin('DELETE', `/api/users/invitations/${id}`)).status).toBe(204);
    expect((await asAdmin('DELETE', `/api/users/invitations/${id}`)).status).toBe(404);
    const refused = await send('POST', '/api/auth/accept-invitation', { token: tokenOf(link), password });
    expect(refused.status).toBe(401);
    expect((await asAdmin('GET', '/api/users')).body.items).not.toContainEqual(
      expect.objectContaining({ email: 'lin@example.com' }),
    );
  });

  it('refuses an expired link', async () => {
    const { access, storage } = context.studio;
    const eightDaysAgo = new Date(Date.now() - (invitationDays + 1) * 86_400_000);
    const old = createInvitations({ storage, signIn: access.signIn!, now: () => eightDaysAgo });
    const { link } = await old.create({
      email: 'late@example.com',
      role: 'editor',
      createdBy: 'test',
      requestOrigin: 'http://localhost',
    });
    expect((await asAdmin('GET', '/api/users/invitations')).body.items).not.toContainEqual(
      expect.objectContaining({ email: 'late@example.com' }),
    );
    const refused = await send('POST', '/api/auth/accept-invitation', { token: tokenOf(link), password });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toContain('expired');
  });

  it('refuses to invite an email that is a user already (409), and a new invitation replaces a pending one', async () => {
    await asAdmin('POST', '/api/users', { email: 'bob@example.com', role: 'editor', password });
    const conflict = await asAdmin('POST', '/api/users/invitations', { email: 'bob@example.com', role: 'viewer' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.message).toContain('bob@example.com');

    const first = await invite('kim@example.com', 'viewer');
    const second = await invite('kim@example.com', 'editor');
    const pending = (await asAdmin('GET', '/api/users/invitations')).body.items.filter(
      (item: ResponseBody) => item.email === 'kim@example.com',
    );
    expect(pending).toEqual([expect.objectContaining({ id: second.id, role: 'editor' })]);
    expect((await send('POST', '/api/auth/accept-invitation', { token: tokenOf(first.link), password })).status).toBe(
      401,
    );
  });

  it('says what is wrong with a short password or one of only spaces and keeps the link usable', async () => {
    const { link } = await invite('sam@example.com', 'editor');
    const token = tokenOf(link);
    const short = await send('POST', '/api/auth/accept-invitation', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('at least');
    const blank = await send('POST', '/api/auth/accept-invitation', { token, password: ' '.repeat(12) });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('only spaces');
    expect((await send('POST', '/api/auth/accept-invitation', { token, password })).status).toBe(201);
  });

  it('answers 409 when the invited email became a user meanwhile, and leaves that user alone', async () => {
    const { link } = await invite('eve@example.com', 'admin');
    await asAdmin('POST', '/api/users', { email: 'eve@example.com', role: 'viewer', password });
    const refused = await send('POST', '/api/auth/accept-invitation', { token: tokenOf(link), password });
    expect(refused.status).toBe(409);
    expect((await asAdmin('GET', '/api/users')).body.items).toContainEqual(
      expect.objectContaining({ email: 'eve@example.com', role: 'viewer' }),
    );
  });
});
