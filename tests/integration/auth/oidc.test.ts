/**
 * Signing in through an OpenID Connect provider (a local `oidc-provider`), walked as a browser
 * would with manual redirects and a cookie jar per site: the start answers the provider's page,
 * the provider sends the browser back to the callback, which sets the session cookie. New people
 * get the configured default role, a second sign-in finds the same user, a password user with the
 * same verified address is linked, a disabled user gets no session, and a start that would send
 * the browser to another site afterwards is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccess } from '@/lib/auth';
import type { Logger } from '@/lib/logger';
import { startOidcProvider, type ProviderAccount, type TestOidcProvider } from '../../support/oidc-provider';
import { createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

const studioOrigin = 'http://localhost:3000';

/** Cookies one site has set, sent back to it. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

const ada: ProviderAccount = { sub: 'ada-1', email: 'ada@example.com', email_verified: true, name: 'Ada' };
const grace: ProviderAccount = { sub: 'grace-1', email: 'grace@example.com', email_verified: true, name: 'Grace' };
const lin: ProviderAccount = { sub: 'lin-1', email: 'lin@example.com', email_verified: true, name: 'Lin' };
/** Someone at the provider claiming Ada's address without the provider having verified it. */
const impostor: ProviderAccount = {
  sub: 'impostor-1',
  email: 'ada@example.com',
  email_verified: false,
  name: 'Not Ada',
};

describe('sign-in through an OpenID Connect provider', () => {
  let provider: TestOidcProvider;
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let adminKey: string;

  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUri: `${studioOrigin}/api/auth/callback/oidc` });
    context = await createTestStudio({
      settings: {
        auth: 'required',
        publicUrl: studioOrigin,
        oidc: {
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          defaultRole: 'editor',
        },
      },
    });
    const { access } = context.studio;
    adminKey = (await access.apiKeys.create({ name: 'admin-key', scope: 'admin', createdBy: 'test' })).key;
    await access.signIn!.createUser({
      email: ada.email,
      name: 'Ada Password',
      password: 'a long enough password',
      role: 'admin',
    });
  }, 60_000);
  afterAll(async () => {
    await context?.cleanup();
    await provider?.close();
  });

  const studio = (path: string, init: RequestInit = {}) => context.studio.api.request(`${studioOrigin}${path}`, init);

  const start = (body: Record<string, unknown>, jar = new CookieJar()) =>
    studio('/api/auth/sign-in/oauth2', jsonRequest('POST', body, { origin: studioOrigin, cookie: jar.header() }));

  /**
   * The whole round trip for `account`: start, the provider's pages, the callback. Answers the
   * callback's response and the studio's cookies after it.
   */
  async function signInThroughProvider(account: ProviderAccount, callbackURL = '/agents') {
    provider.signInAs(account);
    const studioJar = new CookieJar();
    const providerJar = new CookieJar();
    const started = await start({ providerId: 'oidc', callbackURL }, studioJar);
    expect(started.status).toBe(200);
    studioJar.take(started);
    const { url, redirect } = (await started.json()) as { url: string; redirect: boolean };
    expect(redirect).toBe(true);
    expect(url.startsWith(`${provider.issuer}/`)).toBe(true);

    let location = url;
    for (let hop = 0; location.startsWith(provider.issuer); hop++) {
      expect(hop, 'the provider redirects back to the studio').toBeLessThan(10);
      const answer = await fetch(location, { redirect: 'manual', headers: { cookie: providerJar.header() } });
      providerJar.take(answer);
      expect(answer.status, await answer.clone().text()).toBeGreaterThanOrEqual(300);
      location = new URL(answer.headers.get('location')!, location).toString();
    }
    expect(location.startsWith(`${studioOrigin}/api/auth/callback/oidc?`)).toBe(true);
    // The provider's redirect is a navigation from another site: browsers mark it cross-site.
    const callback = await studio(location.slice(studioOrigin.length), {
      headers: { cookie: studioJar.header(), 'sec-fetch-site': 'cross-site' },
    });
    studioJar.take(callback);
    return { callback, jar: studioJar };
  }

  const sessionOf = async (jar: CookieJar) => {
    const answer = await studio('/api/auth/session', { headers: { cookie: jar.header() } });
    return { status: answer.status, body: (await answer.json()) as ResponseBody };
  };

  const usersWithEmail = async (email: string) => {
    const answer = await studio('/api/users', { headers: { authorization: `Bearer ${adminKey}` } });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as ResponseBody;
    const list = body.items as Array<{ id: string; email: string }>;
    return list.filter((user) => user.email === email);
  };

  it('offers the provider to the sign-in page, named by the issuer host when no name is set', () => {
    expect(context.studio.access.signIn?.oidc).toEqual({ providerId: 'oidc', name: '127.0.0.1' });
  });

  it('signs a new person in with the default role and redirects to the path asked for', async () => {
    const { callback, jar } = await signInThroughProvider(grace);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/agents');
    expect(jar.has('studio.session_token')).toBe(true);
    const session = await sessionOf(jar);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ email: grace.email, name: 'Grace', role: 'editor' });
    // The session opens the API like a password session does.
    expect((await studio('/api/agents', { headers: { cookie: jar.header() } })).status).toBe(200);
  });

  it('finds the same user at the next sign-in instead of adding another', async () => {
    const first = await signInThroughProvider(lin);
    const second = await signInThroughProvider(lin);
    const firstUser = (await sessionOf(first.jar)).body.user as { id: string };
    expect((await sessionOf(second.jar)).body.user).toMatchObject({ id: firstUser.id, role: 'editor' });
    expect(await usersWithEmail(lin.email)).toHaveLength(1);
  });

  it('links a password user with the same verified address, keeping their role', async () => {
    const { jar } = await signInThroughProvider(ada);
    expect((await sessionOf(jar)).body.user).toMatchObject({ email: ada.email, role: 'admin' });
    expect(await usersWithEmail(ada.email)).toHaveLength(1);
  });

  it('does not hand a user to someone whose address the provider has not verified', async () => {
    const { callback, jar } = await signInThroughProvider(impostor);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toMatch(/^\/sign-in\?error=account_not_linked/);
    expect((await sessionOf(jar)).status).toBe(401);
  });

  it('gives a disabled user no session', async () => {
    const [user] = await usersWithEmail(grace.email);
    const disabled = await studio(
      `/api/users/${user!.id}`,
      jsonRequest('PATCH', { disabled: true }, { authorization: `Bearer ${adminKey}` }),
    );
    expect(disabled.status).toBe(200);
    const { callback, jar } = await signInThroughProvider(grace);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toMatch(/^\/sign-in\?error=BANNED_USER/);
    expect(jar.has('studio.session_token')).toBe(false);
    expect((await sessionOf(jar)).status).toBe(401);
  });

  it.each([
    { callbackURL: 'https://attacker.example/after-sign-in' },
    { callbackURL: '//attacker.example/after-sign-in' },
    { callbackURL: '/agents', errorCallbackURL: 'https://attacker.example/oops' },
  ])('refuses to start when the browser would be sent to another site afterwards: %o', async (urls) => {
    const answer = await start({ providerId: 'oidc', ...urls });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('location')).toBeNull();
  });

  it('starts nothing for an ID token posted directly', async () => {
    const answer = await studio(
      '/api/auth/sign-in/social',
      jsonRequest(
        'POST',
        { provider: 'oidc', callbackURL: '/', idToken: { token: 'not.a.token' } },
        { origin: studioOrigin },
      ),
    );
    // Only the redirect to the provider is offered: the token is ignored.
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { url: string }).url.startsWith(provider.issuer)).toBe(true);
    expect(answer.headers.getSetCookie().some((line) => line.startsWith('studio.session_token='))).toBe(false);
  });
});

describe('OpenID Connect settings that cannot work as set', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  beforeAll(async () => {
    context = await createTestStudio();
  });
  afterAll(async () => {
    await context.cleanup();
  });

  /** What `createAccess` offers for a complete provider configuration, and the warnings it logs. */
  const accessWith = async (settings: { publicUrl?: string }, required: boolean) => {
    const warnings: string[] = [];
    const logger: Logger = { debug() {}, info() {}, error() {}, warn: (message) => warnings.push(message) };
    // Nothing listens there: the library's discovery at start fails at once, without leaving the machine.
    const oidc = { issuer: 'http://127.0.0.1:9', clientId: 'studio', clientSecret: 'secret' } as const;
    const access = await createAccess({
      storage: context.studio.storage,
      secretsKey: context.studio.secretsKey,
      settings: { ...settings, oidc: { ...oidc, defaultRole: 'viewer' } },
      required,
      logger,
    });
    return { access, warnings };
  };

  it('warns at start that the provider is not offered when sign-in is off, and offers no sign-in', async () => {
    const { access, warnings } = await accessWith({ publicUrl: 'https://studio.example.com' }, false);
    expect(access.signIn).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/STUDIO_OIDC_ISSUER is set but sign-in is off/)]);
  });

  it('warns at start when the redirect URI would follow the request host (no STUDIO_PUBLIC_URL)', async () => {
    const { access, warnings } = await accessWith({}, true);
    expect(access.signIn?.oidc).toEqual({ providerId: 'oidc', name: '127.0.0.1' });
    expect(warnings).toEqual([expect.stringMatching(/without STUDIO_PUBLIC_URL/)]);
    expect((await accessWith({ publicUrl: 'https://studio.example.com' }, true)).warnings).toEqual([]);
  });
});
