/**
 * What the sign-in routes answer over HTTP: a sign-in answers the user and leaves the session token
 * in the HttpOnly cookie only; a disabled user's refusal is the studio's 403 in its own words; a bad
 * body, a wrong method and the library's own refusals come in the studio's error shape; and every
 * 401 (no session, a wrong password, a refused one-time link) carries `WWW-Authenticate`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disabledAccountMessage } from '@/lib/auth';
import { createServedStudio, type ServedStudio } from '../../support/served-studio';
import type { ResponseBody } from '../../support/studio';

const password = 'correct horse battery staple';

describe('the sign-in answers', () => {
  let served: ServedStudio;
  let adminKey: string;

  async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${served.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as ResponseBody };
  }

  const addUser = async (email: string) => {
    const created = await send(
      'POST',
      '/api/users',
      { email, role: 'editor', password },
      { authorization: `Bearer ${adminKey}` },
    );
    expect(created.status).toBe(201);
    return created.body as { id: string; email: string; name: string; role: string };
  };

  beforeAll(async () => {
    served = await createServedStudio({ settings: { auth: 'required' } });
    adminKey = (await served.studio.access.apiKeys.create({ name: 'admin', scope: 'admin', createdBy: 'test' })).key;
  }, 30_000);
  afterAll(async () => {
    await served?.close();
  });

  it('answers the signed-in user, with the session token in the HttpOnly cookie only', async () => {
    const user = await addUser('ada@example.com');
    const signedIn = await send('POST', '/api/auth/sign-in', { email: 'ada@example.com', password });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().find((header) => header.includes('session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    const token = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!).split('.')[0]!;
    expect(token.length).toBeGreaterThan(16);
    expect(signedIn.text).not.toContain(token);
    expect(signedIn.body).toEqual({ user: { id: user.id, email: user.email, name: user.name, role: 'editor' } });
    const session = await send('GET', '/api/auth/session', undefined, { cookie: cookie.split(';')[0]! });
    expect(session).toMatchObject({ status: 200, body: signedIn.body });
  });

  it('refuses a disabled user who gives the right password with the studio’s 403, a wrong one with 401', async () => {
    const user = await addUser('alan@example.com');
    const disabled = await send(
      'PATCH',
      `/api/users/${user.id}`,
      { disabled: true },
      { authorization: `Bearer ${adminKey}` },
    );
    expect(disabled.status).toBe(200);
    const refused = await send('POST', '/api/auth/sign-in', { email: 'alan@example.com', password });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'forbidden', message: disabledAccountMessage } });
    expect(
      refused.headers.getSetCookie().some((header) => header.includes('session_token=') && !/Max-Age=0/.test(header)),
    ).toBe(false);
    const wrong = await send('POST', '/api/auth/sign-in', { email: 'alan@example.com', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('unauthorized');
  });

  it('refuses a sign-in body that lacks or misspells a field with 400 naming each, in the studio’s shape', async () => {
    const notAnEmail = await send('POST', '/api/auth/sign-in', { email: 'not-an-email', password: 'x' });
    expect(notAnEmail.status).toBe(400);
    expect(notAnEmail.body.error.code).toBe('invalid_input');
    expect(notAnEmail.body.error.details?.issues).toEqual([
      { path: 'email', message: 'Enter a valid email address, such as name@example.com' },
    ]);
    const empty = await send('POST', '/api/auth/sign-in', {});
    expect(empty.status).toBe(400);
    expect((empty.body.error.details?.issues as Array<{ path: string }>).map((issue) => issue.path)).toEqual([
      'email',
      'password',
    ]);
    const extra = await send('POST', '/api/auth/sign-in', { email: 'ada@example.com', password, remember: true });
    expect(extra.status).toBe(400);
    expect(extra.body.error.details?.issues).toEqual([expect.objectContaining({ path: 'remember' })]);
  });

  it('answers a sign-in route asked with the wrong method with 405 and Allow', async () => {
    const asked = await send('GET', '/api/auth/sign-in');
    expect(asked.status).toBe(405);
    expect(asked.headers.get('allow')).toBe('POST');
    expect(asked.body.error.code).toBe('method_not_allowed');
  });

  it('says how to authenticate on every 401', async () => {
    const noSession = await send('GET', '/api/auth/session');
    expect(noSession.status).toBe(401);
    expect(noSession.body.error.code).toBe('unauthorized');
    const wrongPassword = await send('POST', '/api/auth/sign-in', {
      email: 'ada@example.com',
      password: 'not it at all',
    });
    const unknownLink = await send('POST', '/api/auth/invitation', {
      token: 'bm8tc3VjaC1saW5rLWF0LWFsbC1ldmVyLWF0LWFsbA',
    });
    const noKey = await send('GET', '/api/agents');
    for (const answer of [noSession, wrongPassword, unknownLink, noKey]) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    }
  });
});
