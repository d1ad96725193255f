/**
 * Signing in with email and password through the sign-in library on the studio's own database:
 * the session cookie, the session it names, sign-out ending it, wrong passwords, the rate limits
 * per address and per account, and the absolute lifetime.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absoluteHours, createSignIn, signInAttempts, type SignIn } from '@/lib/auth/sign-in';
import { accountAttempts, accountWindowMinutes } from '@/lib/auth/sign-in-rules';
import { createTestStudio } from '../../support/studio';

const password = 'correct horse battery staple';

describe('sign-in with email and password', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let signIn: SignIn;
  /** Hours added to the real time. */
  let hoursAhead = 0;
  /** Calls into the library told to `calls`: how many started, how many have not ended. */
  const told = { started: 0, open: 0 };

  beforeAll(async () => {
    context = await createTestStudio();
    signIn = await createSignIn({
      storage: context.studio.storage,
      secretsKey: context.studio.secretsKey,
      secureCookies: false,
      now: () => new Date(Date.now() + hoursAhead * 3_600_000),
      calls: {
        started() {
          told.started += 1;
          told.open += 1;
          return () => (told.open -= 1);
        },
      },
    });
    for (const name of ['Ada', 'Grace', 'Lin'])
      await signIn.createUser({ email: `${name.toLowerCase()}@example.com`, name, password, role: 'editor' });
  }, 30_000);
  afterAll(async () => {
    await context.cleanup();
  });

  const attempt = (body: Record<string, unknown>, address = '192.0.2.1') =>
    signIn.handler(
      new Request('http://127.0.0.1/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      address,
    );
  /** A new address for each attempt, so that only the per-account limit can hold them back. */
  let addresses = 0;
  const fromAnywhere = (body: Record<string, unknown>) =>
    attempt(body, `198.51.${addresses >> 8}.${addresses++ & 255}`);
  const wrong = 'not the password at all';
  async function answers(email: string, count: number, guess = wrong) {
    const found: Array<{ status: number; body: unknown }> = [];
    for (let index = 0; index < count; index++) {
      const response = await fromAnywhere({ email, password: guess });
      found.push({ status: response.status, body: await response.json() });
    }
    return found;
  }
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

  it('refuses a session cookie from a foreign Origin, and takes one with no Origin as the request gate let it through', async () => {
    const cookie = cookieOf(await attempt({ email: 'ada@example.com', password }, '192.0.2.6'));
    const signOut = (headers: Record<string, string>) =>
      signIn.handler(
        new Request('http://127.0.0.1/api/auth/sign-out', { method: 'POST', headers: { cookie, ...headers } }),
      );
    expect((await signOut({ origin: 'https://evil.example' })).status).toBe(403);
    expect(await signIn.session(new Headers({ cookie }))).toBeDefined();
    // The CLI, servers and curl send no Origin; the gate has refused other sites before this point.
    expect((await signOut({})).status).toBe(200);
    expect(await signIn.session(new Headers({ cookie }))).toBeUndefined();
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

  it(`after ${accountAttempts} failures for one email from many addresses answers 429 with Retry-After, even for the right password`, async () => {
    const failures = await answers('grace@example.com', accountAttempts);
    expect(failures.map(({ status }) => status)).toEqual(Array(accountAttempts).fill(401));
    const refused = await fromAnywhere({ email: 'grace@example.com', password: wrong });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(accountWindowMinutes * 60 - 60);
    expect(retryAfter).toBeLessThanOrEqual(accountWindowMinutes * 60);
    expect((await fromAnywhere({ email: 'GRACE@example.com', password })).status).toBe(429);
    // Another account is not held back.
    expect((await fromAnywhere({ email: 'lin@example.com', password })).status).toBe(200);
  }, 60_000);

  it('answers an unknown email exactly as a known one, limit included', async () => {
    const known = await answers('grace@example.com', 1);
    const unknown = await answers('nobody@example.com', accountAttempts + 1);
    expect(unknown.slice(0, accountAttempts)).toEqual(Array(accountAttempts).fill(unknown[0]));
    expect(unknown[0]).toEqual((await answers('lin@example.com', 1))[0]);
    expect(unknown.at(-1)).toEqual(known[0]);
    expect(known[0]!.status).toBe(429);
  }, 60_000);

  it('does not count successful sign-ins against the account', async () => {
    const statuses = [
      ...(await answers('lin@example.com', accountAttempts - 2)),
      ...(await answers('lin@example.com', 3, password)),
      ...(await answers('lin@example.com', accountAttempts)),
    ].map(({ status }) => status);
    expect(statuses).toEqual([
      ...Array(accountAttempts - 2).fill(401),
      200,
      200,
      200,
      ...Array(accountAttempts).fill(401),
    ]);
  }, 60_000);

  it('ends a session at its absolute lifetime however recently it was used', async () => {
    const cookie = cookieOf(await attempt({ email: 'ada@example.com', password }, '192.0.2.5'));
    expect(await signIn.session(new Headers({ cookie }))).toBeDefined();
    hoursAhead = absoluteHours;
    expect(await signIn.session(new Headers({ cookie }))).toBeUndefined();
    hoursAhead = 0;
    // Ended for good: the row is gone.
    expect(await signIn.session(new Headers({ cookie }))).toBeUndefined();
  });

  // The production server switches the library's async-local storages off only between calls.
  it('tells `calls` of every call into the library while it runs, once each', async () => {
    /** How many calls `work` started, and how many were still open once it was done. */
    async function callsOf(work: () => Promise<unknown>) {
      const before = told.started;
      await work();
      return { calls: told.started - before, open: told.open };
    }
    const email = 'kim@example.com';
    const once = { calls: 1, open: 0 };
    expect(await callsOf(() => signIn.createUser({ email, name: 'Kim', password, role: 'viewer' }))).toEqual(once);
    let cookie = '';
    expect(
      await callsOf(async () => {
        const response = await attempt({ email, password });
        expect(response.status).toBe(200);
        cookie = cookieOf(response);
      }),
    ).toEqual(once);
    expect(
      await callsOf(async () => expect((await signIn.session(new Headers({ cookie })))?.user.email).toBe(email)),
    ).toEqual(once);
    expect(
      await callsOf(async () =>
        expect(await signIn.sessionCookies({ email, password, headers: new Headers() })).not.toEqual([]),
      ),
    ).toEqual(once);
  });
});
