/**
 * The sign-in routes as served: which address the per-address limit counts (the connection's,
 * unless `STUDIO_TRUSTED_PROXY` says reverse proxies stand in front), a password change ending the
 * user's other sessions, signing out and changing the password without an `Origin` (the CLI,
 * servers, curl) while another site stays refused, and the sign-in library's routes the studio
 * does not use answering 404.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAttempts } from '@/lib/auth/sign-in';
import type { SettingsInput } from '@/lib/env';
import { createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

const password = 'correct horse battery staple';
const newPassword = 'a different long password';

type TestContext = Awaited<ReturnType<typeof createTestStudio>>;

/** A studio requiring sign-in with one editor, served over HTTP on a loopback port. */
async function servedStudio(settings: SettingsInput = {}) {
  const context = await createTestStudio({ settings: { auth: 'required', ...settings } });
  await context.studio.access.signIn!.createUser({ email: 'ada@example.com', name: 'Ada', password, role: 'editor' });
  const server: Server = createServer(getRequestListener(context.studio.api.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    context,
    url,
    signIn: (forwardedFor: string) =>
      fetch(`${url}/api/auth/sign-in`, {
        ...jsonRequest('POST', { email: 'ada@example.com', password: 'not the password at all' }),
        // As a browser's page would send it: the library refuses a sign-in that names no origin.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, origin: url },
      }),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await context.cleanup();
    },
  };
}

describe('the address the sign-in limit counts', () => {
  let direct: Awaited<ReturnType<typeof servedStudio>>;
  let proxied: Awaited<ReturnType<typeof servedStudio>>;

  beforeAll(async () => {
    direct = await servedStudio();
    proxied = await servedStudio({ trustedProxy: 1 });
  }, 30_000);
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('is the connection’s without STUDIO_TRUSTED_PROXY: a made-up X-Forwarded-For dodges nothing', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= signInAttempts; index++)
      statuses.push((await direct.signIn(`203.0.113.${index}`)).status);
    expect(statuses).toEqual([...Array(signInAttempts).fill(401), 429]);
  }, 30_000);

  it('is the one the trusted proxy appended to X-Forwarded-For when it is set', async () => {
    const statuses: number[] = [];
    // The client's own entry (left of the proxy's) is not read.
    for (let index = 0; index <= signInAttempts; index++)
      statuses.push((await proxied.signIn(`10.0.0.${index}, 203.0.113.7`)).status);
    expect(statuses).toEqual([...Array(signInAttempts).fill(401), 429]);
    const limited = await proxied.signIn('203.0.113.7');
    const seconds = Number(limited.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    // In the studio's error shape and words, like every other refusal of the API.
    expect(await limited.json()).toEqual({
      error: { code: 'rate_limited', message: `Too many sign-in attempts; try again in ${seconds} seconds.` },
    });
    expect((await proxied.signIn('203.0.113.8')).status).toBe(401);
  }, 30_000);
});

/** A request as curl sends it: only the headers given (no `Origin`), the body as it is. */
function plainRequest(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; cookies: string[]; body: ResponseBody }>((resolve, reject) => {
    const sent = httpRequest(url, { method, headers }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          cookies: answer.headers['set-cookie'] ?? [],
          body: (text ? JSON.parse(text) : {}) as ResponseBody,
        }),
      );
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('signing out and changing the password without an Origin', () => {
  let served: Awaited<ReturnType<typeof servedStudio>>;

  beforeAll(async () => {
    served = await servedStudio();
  }, 30_000);
  afterAll(async () => {
    await served?.close();
  });

  const json = { 'content-type': 'application/json' };
  async function signedIn(secret = password) {
    const answer = await plainRequest(
      `${served.url}/api/auth/sign-in`,
      'POST',
      json,
      JSON.stringify({ email: 'ada@example.com', password: secret }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.cookies[0]!.split(';')[0]!;
  }
  const sessionStatus = async (cookie: string) =>
    (await plainRequest(`${served.url}/api/auth/session`, 'GET', { cookie })).status;
  const signOut = (headers: Record<string, string>, body?: string) =>
    plainRequest(`${served.url}/api/auth/sign-out`, 'POST', headers, body);

  it('signs out a session cookie sent with an empty JSON body, or with no body at all', async () => {
    const first = await signedIn();
    const withBody = await signOut({ cookie: first, ...json }, '{}');
    expect(withBody.status, JSON.stringify(withBody.body)).toBe(200);
    expect(await sessionStatus(first)).toBe(401);

    const second = await signedIn();
    const withoutBody = await signOut({ cookie: second });
    expect(withoutBody.status, JSON.stringify(withoutBody.body)).toBe(200);
    expect(await sessionStatus(second)).toBe(401);
  }, 30_000);

  it('changes the password of a session cookie', async () => {
    const cookie = await signedIn();
    const changed = await plainRequest(
      `${served.url}/api/auth/change-password`,
      'POST',
      { cookie, ...json },
      JSON.stringify({ currentPassword: password, newPassword }),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await signedIn(newPassword)).toBeTruthy();
    const back = await plainRequest(
      `${served.url}/api/auth/change-password`,
      'POST',
      { cookie: changed.cookies[0]!.split(';')[0]!, ...json },
      JSON.stringify({ currentPassword: newPassword, newPassword: password }),
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  }, 30_000);

  it('still refuses another site, a null Origin and a cross-site browser request, keeping the session', async () => {
    const cookie = await signedIn();
    const foreignHeaders: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: served.url.replace(/:\d+$/, ':1') },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const foreign of foreignHeaders) {
      const refused = await signOut({ cookie, ...json, ...foreign }, '{}');
      expect(refused.status, JSON.stringify(foreign)).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
      const change = await plainRequest(
        `${served.url}/api/auth/change-password`,
        'POST',
        { cookie, ...json, ...foreign },
        JSON.stringify({ currentPassword: password, newPassword }),
      );
      expect(change.status, JSON.stringify(foreign)).toBe(403);
    }
    expect(await sessionStatus(cookie)).toBe(200);
    // Its own origin, as the editor's pages send it.
    expect((await signOut({ cookie, ...json, origin: served.url }, '{}')).status).toBe(200);
    expect(await sessionStatus(cookie)).toBe(401);
  }, 30_000);
});

describe('password change and the library’s other routes', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestStudio({ settings: { auth: 'required' } });
    const { signIn } = context.studio.access;
    await signIn!.createUser({ email: 'ada@example.com', name: 'Ada', password, role: 'admin' });
    await signIn!.createUser({ email: 'lin@example.com', name: 'Lin', password, role: 'viewer' });
  }, 30_000);
  afterAll(async () => {
    await context?.cleanup();
  });

  const send = (method: string, path: string, cookie?: string, body?: unknown) =>
    context.studio.api.request(
      path,
      jsonRequest(method, body, { origin: 'http://localhost', ...(cookie ? { cookie } : {}) }),
    );
  const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]!;
  async function signedIn(email: string, secret = password) {
    const answer = await send('POST', '/api/auth/sign-in', undefined, { email, password: secret });
    expect(answer.status).toBe(200);
    return cookieOf(answer);
  }
  const sessionOf = async (cookie: string) => {
    const answer = await send('GET', '/api/auth/session', cookie);
    return { status: answer.status, body: (await answer.json()) as ResponseBody };
  };

  it('ends every other session of the user, even when asked to keep them', async () => {
    const [first, second] = [await signedIn('ada@example.com'), await signedIn('ada@example.com')];
    const changed = await send('POST', '/api/auth/change-password', first, {
      currentPassword: password,
      newPassword,
      revokeOtherSessions: false,
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await sessionOf(second)).status).toBe(401);
    // The session that changed it goes on under a new cookie.
    expect((await sessionOf(cookieOf(changed))).body.user).toMatchObject({ email: 'ada@example.com' });
    expect(await signedIn('ada@example.com', newPassword)).toBeTruthy();
  }, 30_000);

  it('answers 404 for the library’s routes the studio does not use, whoever asks', async () => {
    const admin = await signedIn('ada@example.com', newPassword);
    const viewer = await signedIn('lin@example.com');
    const refused: Array<[string, string, unknown?]> = [
      ['POST', '/api/auth/sign-up/email', { email: 'eve@example.com', password, name: 'Eve' }],
      ['POST', '/api/auth/update-user', { role: 'admin', name: 'Lin' }],
      ['POST', '/api/auth/change-email', { newEmail: 'eve@example.com' }],
      ['POST', '/api/auth/delete-user', { password }],
      ['GET', '/api/auth/list-sessions'],
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/auth/revoke-sessions', {}],
      ['POST', '/api/auth/admin/set-role', { userId: 'x', role: 'admin' }],
      ['POST', '/api/auth/admin/create-user', { email: 'eve@example.com', password, name: 'Eve', role: 'admin' }],
      ['GET', '/api/auth/admin/list-users'],
      ['POST', '/api/auth/request-password-reset', { email: 'lin@example.com' }],
    ];
    for (const cookie of [viewer, admin])
      for (const [method, path, body] of refused) {
        const answer = await send(method, path, cookie, body);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(((await answer.json()) as ResponseBody).error.code).toBe('not_found');
      }
    expect((await sessionOf(viewer)).body.user).toMatchObject({
      email: 'lin@example.com',
      name: 'Lin',
      role: 'viewer',
    });
    // Sign-out stays served.
    expect((await send('POST', '/api/auth/sign-out', viewer)).status).toBe(200);
    expect((await sessionOf(viewer)).status).toBe(401);
  }, 30_000);

  it('still hands the OpenID Connect callbacks to the library', async () => {
    const answer = await send('GET', '/api/auth/callback/oidc?code=x&state=y');
    expect(answer.status).not.toBe(404);
  });
});
