/**
 * Signing in with email and password through the sign-in library on the studio's own database:
 * the session cookie, the session it names, sign-out ending it, wrong passwords, the rate limit,
 * disabled users and the absolute lifetime.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absoluteHours, createSignIn, signInAttempts, type SignIn } from '@/lib/auth/sign-in';
import { createTestStudio } from '../../support/studio';

const password = 'correct horse battery staple';

describe('sign-in with email and password', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let signIn: SignIn;
  /** Hours added to the real time. */
  let hoursAhead = 0;

  beforeAll(async () => {
    context = await createTestStudio();
    signIn = createSignIn({
      storage: context.studio.storage,
      secretsKey: context.studio.secretsKey,
      secureCookies: false,
      now: () => new Date(Date.now() + hoursAhead * 3_600_000),
    });
    await signIn.createUser({ email: 'ada@example.com', name: 'Ada', password, role: 'editor' });
  }, 30_000);
  afterAll(async () => {
    await context.cleanup();
  });

  const attempt = (body: Record<string, unknown>, address = '192.0.2.1') =>
    signIn.handler(
      new Request('http://127.0.0.1/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(body),
      }),
    );
  const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]!;

  it('sets an HttpOnly, SameSite=Lax session cookie naming a live session of the user', async () => {
    const response = await attempt({ email: 'ada@example.com', password });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^studio\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const found = await signIn.session(new Headers({ cookie: cookieOf(response) }));
    expect(found?.user).toMatchObject({ email: 'ada@example.com', name: 'Ada', role: 'editor' });
  });

  it('ends the session on sign-out', async () => {
    const cookie = cookieOf(await attempt({ email: 'ada@example.com', password }, '192.0.2.2'));
    const out = await signIn.handler(
      new Request('http://127.0.0.1/api/auth/sign-out', {
        method: 'POST',
        headers: { cookie, origin: 'http://127.0.0.1' },
      }),
    );
    expect(out.status).toBe(200);
    expect(await signIn.session(new Headers({ cookie }))).toBeUndefined();
  });

  it('refuses a request that carries the session cookie but no Origin (the library checks where it comes from)', async () => {
    const cookie = cookieOf(await attempt({ email: 'ada@example.com', password }, '192.0.2.6'));
    const out = await signIn.handler(
      new Request('http://127.0.0.1/api/auth/sign-out', { method: 'POST', headers: { cookie } }),
    );
    expect(out.status).toBe(403);
    expect(await signIn.session(new Headers({ cookie }))).toBeDefined();
  });

  it('refuses a wrong password and, after a few attempts from one address, answers 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= signInAttempts; index++)
      statuses.push(
        (await attempt({ email: 'ada@example.com', password: 'not the password at all' }, '192.0.2.3')).status,
      );
    expect(statuses.slice(0, signInAttempts)).toEqual(Array(signInAttempts).fill(401));
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back by them.
    expect((await attempt({ email: 'ada@example.com', password }, '192.0.2.4')).status).toBe(200);
  }, 30_000);

  it('ends a session at its absolute lifetime however recently it was used', async () => {
    const cookie = cookieOf(await attempt({ email: 'ada@example.com', password }, '192.0.2.5'));
    expect(await signIn.session(new Headers({ cookie }))).toBeDefined();
    hoursAhead = absoluteHours;
    expect(await signIn.session(new Headers({ cookie }))).toBeUndefined();
    hoursAhead = 0;
    // Ended for good: the row is gone.
    expect(await signIn.session(new Headers({ cookie }))).toBeUndefined();
  });
});
