/**
 * The OpenAPI document names the session cookie sign-in really sets, so that a client generated
 * from it sends the right one: `studio.session_token`, and its description says the `__Secure-`
 * name a studio with an https public URL uses instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStudio, jsonRequest } from '../../support/studio';

const password = 'correct horse battery staple';

type TestContext = Awaited<ReturnType<typeof createTestStudio>>;

async function studioWithUser(publicUrl?: string): Promise<TestContext> {
  const context = await createTestStudio({ settings: { auth: 'required', ...(publicUrl ? { publicUrl } : {}) } });
  await context.studio.access.signIn!.createUser({ email: 'ada@example.com', name: 'Ada', password, role: 'editor' });
  return context;
}

/** The name of the session cookie a sign-in sets. */
async function cookieNameOf(context: TestContext): Promise<string> {
  const signedIn = await context.studio.api.request(
    '/api/auth/sign-in',
    jsonRequest('POST', { email: 'ada@example.com', password }),
  );
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers.getSetCookie().find((line) => line.includes('session_token='));
  return cookie!.slice(0, cookie!.indexOf('='));
}

async function declaredScheme(context: TestContext) {
  const answer = await context.studio.api.request('/api/openapi.json');
  expect(answer.status).toBe(200);
  const document = (await answer.json()) as {
    components: { securitySchemes: { sessionCookie: { type: string; in: string; name: string; description: string } } };
  };
  return document.components.securitySchemes.sessionCookie;
}

describe('the session cookie the OpenAPI document declares', () => {
  let plain: TestContext;
  let secure: TestContext;

  beforeAll(async () => {
    plain = await studioWithUser();
    secure = await studioWithUser('https://studio.example.com');
  }, 30_000);
  afterAll(async () => {
    await plain?.cleanup();
    await secure?.cleanup();
  });

  it('is the cookie sign-in sets', async () => {
    const scheme = await declaredScheme(plain);
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'studio.session_token' });
    expect(await cookieNameOf(plain)).toBe(scheme.name);
  });

  it('says in its description the name sign-in sets behind an https public URL', async () => {
    const scheme = await declaredScheme(secure);
    const secureName = await cookieNameOf(secure);
    expect(secureName).toBe('__Secure-studio.session_token');
    expect(scheme.description).toContain(`\`${secureName}\``);
  });
});
