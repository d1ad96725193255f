/**
 * `POST /api/auth/change-password` over HTTP: it answers the user in the studio's shape, like a
 * sign-in, with the new session's token in the HttpOnly cookie only, and records the change in the
 * audit log with the user as the actor.
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

  async function signedIn(email: string, secret = password) {
    const answer = await send('/api/auth/sign-in', { email, password: secret });
    expect(answer.status).toBe(200);
    return answer.headers.getSetCookie()[0]!.split(';')[0]!;
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
});
