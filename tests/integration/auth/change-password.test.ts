/**
 * `POST /api/auth/change-password` over HTTP: it answers the user in the studio's shape, like a
 * sign-in, with the new session's token in the HttpOnly cookie only, and records the change in the
 * audit log with the user as the actor. Its refusals are the studio's: a bad body is checked with
 * the studio's own schema (400 naming each field in plain words, the minimum length included), a
 * wrong current password is a problem of that field, and too many attempts say what was tried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServedStudio, type ServedStudio } from '../../support/served-studio';
import type { ResponseBody } from '../../support/studio';

const password = 'correct horse battery staple';
const newPassword = 'a different long password';

describe('changing one’s password', () => {
  let served: ServedStudio;
  let adminKey: string;

  async function send(path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${served.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as ResponseBody };
  }

  /**
   * A session cookie of the user, made without the sign-in route: the route allows 5 attempts a
   * minute per address, and every request here comes from the same one.
   */
  async function signedIn(email: string, secret = password) {
    const cookies = await served.studio.access.signIn!.sessionCookies({
      email,
      password: secret,
      headers: new Headers(),
    });
    return cookies[0]!.split(';')[0]!;
  }

  beforeAll(async () => {
    served = await createServedStudio({ settings: { auth: 'required' } });
    const { access } = served.studio;
    adminKey = (await access.apiKeys.create({ name: 'admin', scope: 'admin', createdBy: 'test' })).key;
    await access.signIn!.createUser({ email: 'ada@example.com', name: 'Ada', password, role: 'editor' });
  }, 30_000);
  afterAll(async () => {
    await served?.close();
  });

  it('answers the user as a sign-in does, with the new session token in the HttpOnly cookie only', async () => {
    const cookie = await signedIn('ada@example.com');
    const changed = await send('/api/auth/change-password', { currentPassword: password, newPassword }, { cookie });
    expect(changed.status, changed.text).toBe(200);
    const newCookie = changed.headers.getSetCookie().find((header) => header.includes('session_token='))!;
    expect(newCookie).toMatch(/HttpOnly/i);
    const session = await fetch(`${served.url}/api/auth/session`, { headers: { cookie: newCookie.split(';')[0]! } });
    expect(session.status).toBe(200);
    const { user } = (await session.json()) as { user: Record<string, unknown> };
    expect(changed.body).toEqual({ user });
    expect(user).toMatchObject({ email: 'ada@example.com', name: 'Ada', role: 'editor' });
    const token = decodeURIComponent(newCookie.split(';')[0]!.split('=')[1]!).split('.')[0]!;
    expect(token.length).toBeGreaterThan(16);
    expect(changed.text).not.toContain(token);
    expect(changed.text).not.toMatch(/token|banned/i);
  });

  it('records the change in the audit log with the user as the actor, and no password', async () => {
    const cookie = await signedIn('ada@example.com', newPassword);
    const changed = await send(
      '/api/auth/change-password',
      { currentPassword: newPassword, newPassword: password },
      { cookie },
    );
    expect(changed.status, changed.text).toBe(200);
    const listed = await fetch(`${served.url}/api/audit?entityId=${encodeURIComponent('ada@example.com')}`, {
      headers: { authorization: `Bearer ${adminKey}` },
    });
    const entries = ((await listed.json()) as { items: Array<Record<string, unknown>> }).items.filter(
      (entry) => entry.action === 'user.password_change',
    );
    expect(entries).toHaveLength(2);
    for (const entry of entries)
      expect(entry).toMatchObject({ actor: 'user:ada@example.com', entity: 'user', entityId: 'ada@example.com' });
    expect(JSON.stringify(entries)).not.toContain(password);
    expect(JSON.stringify(entries)).not.toContain(newPassword);
  });

  const issuesOf = (answer: { body: ResponseBody }) => answer.body.error.details?.issues;

  it('refuses a body that lacks, misspells or shortens a field with 400 naming each in plain words', async () => {
    const cookie = await signedIn('ada@example.com');
    const missing = await send('/api/auth/change-password', { currentPassword: password }, { cookie });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('invalid_input');
    expect(issuesOf(missing)).toEqual([{ path: 'newPassword', message: 'A new password is required' }]);
    const short = await send(
      '/api/auth/change-password',
      { currentPassword: password, newPassword: 'short' },
      { cookie },
    );
    expect(short.status).toBe(400);
    expect(issuesOf(short)).toEqual([{ path: 'newPassword', message: 'The password needs at least 12 characters' }]);
    const empty = await send('/api/auth/change-password', {}, { cookie });
    expect(issuesOf(empty)).toEqual([
      { path: 'currentPassword', message: 'Your current password is required' },
      { path: 'newPassword', message: 'A new password is required' },
    ]);
    const extra = await send(
      '/api/auth/change-password',
      { currentPassword: password, newPassword, email: 'x' },
      { cookie },
    );
    expect(issuesOf(extra)).toEqual([{ path: 'email', message: 'Unknown field' }]);
    // Nothing was changed: the password still signs in.
    expect(await signedIn('ada@example.com')).toBeTruthy();
  });

  it('refuses a wrong current password as a problem of that field, changing nothing', async () => {
    const cookie = await signedIn('ada@example.com');
    const wrong = await send(
      '/api/auth/change-password',
      { currentPassword: 'not the password at all', newPassword },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'invalid_input',
      message: 'The current password is not right, so the password was not changed.',
      details: { issues: [{ path: 'currentPassword', message: 'This is not your current password' }] },
    });
    expect(await signedIn('ada@example.com')).toBeTruthy();
  });

  it('says that the password change was tried too often, and when to try again', async () => {
    const cookie = await signedIn('ada@example.com');
    let limited: Awaited<ReturnType<typeof send>> | undefined;
    for (let attempt = 0; attempt < 5 && !limited; attempt++) {
      const answer = await send(
        '/api/auth/change-password',
        { currentPassword: 'not the password at all', newPassword },
        { cookie },
      );
      if (answer.status === 429) limited = answer;
    }
    expect(limited).toBeDefined();
    const seconds = Number(limited!.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(limited!.body).toEqual({
      error: {
        code: 'rate_limited',
        message: `Too many attempts to change the password; try again in ${seconds} seconds.`,
      },
    });
  });
});
