/**
 * A signed-in person behind a reverse proxy with basic auth: the browser sends `Authorization:
 * Basic ...` with every request, beside the session cookie. Only the Bearer scheme names an API
 * key, so the API, the page gate and the resolve fast path all let the cookie decide; a malformed
 * Bearer header is still refused, whatever cookie comes with it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolveFastPath } from '@/lib/api';
import { refusePage } from '@/lib/http';
import { createServedStudio, type ServedStudio } from '../../support/served-studio';

const password = 'correct horse battery staple';
const basic = `Basic ${Buffer.from('proxy-user:proxy-password').toString('base64')}`;

describe('an Authorization header of another scheme beside the session cookie', () => {
  let served: ServedStudio;
  let cookie: string;
  let gates: Server;
  let gatesUrl: string;
  let replays = 0;

  beforeAll(async () => {
    served = await createServedStudio({ settings: { auth: 'required' } });
    const { studio } = served;
    await studio.access.signIn!.createUser({ email: 'ada@example.com', name: 'Ada', password, role: 'editor' });
    await studio.editor.agents.create({ id: 'helper', name: 'Helper', model: 'openai/gpt-4o', instructions: 'Help.' });
    await studio.editor.agents.publish({ id: 'helper', versionNumber: 1 });
    const signedIn = await fetch(`${served.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password }),
    });
    expect(signedIn.status).toBe(200);
    cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;

    // The page gate and the resolve fast path as server.ts puts them in front of the editor and the API.
    const credentials = studio.access.credentials!;
    const fastPath = createResolveFastPath({
      api: {
        fetch: (...args: Parameters<typeof studio.api.fetch>) => {
          replays += 1;
          return studio.api.fetch(...args);
        },
      } as typeof studio.api,
      runtime: studio.runtime,
      bodyLimitBytes: 10_000,
      admits: () => true,
      headers: [],
      credentials,
    });
    gates = createServer((request, response) => {
      if (fastPath.handle(request, response)) return;
      void refusePage(credentials, request, response).then((refused) => {
        if (refused) return;
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('the page');
      });
    });
    await new Promise<void>((resolve) => gates.listen(0, '127.0.0.1', resolve));
    gatesUrl = `http://127.0.0.1:${(gates.address() as AddressInfo).port}`;
  }, 30_000);
  afterAll(async () => {
    await new Promise((resolve) => gates?.close(resolve));
    await served?.close();
  });

  const api = (path: string, headers: Record<string, string>) => fetch(`${served.url}${path}`, { headers });

  it('lets the API answer the signed-in person', async () => {
    const agents = await api('/api/agents', { cookie, authorization: basic });
    expect(agents.status, await agents.clone().text()).toBe(200);
    const session = await api('/api/auth/session', { cookie, authorization: basic });
    expect(await session.json()).toMatchObject({ user: { email: 'ada@example.com', role: 'editor' } });
    // Other schemes, whatever their case or content, are ignored alike.
    for (const authorization of ['basic abc', 'Digest username="ada"', 'Bearerish token', 'Negotiate'])
      expect((await api('/api/agents', { cookie, authorization })).status, authorization).toBe(200);
  });

  it('still answers 401 without a cookie, and to a malformed or unknown Bearer key whatever the cookie', async () => {
    const withoutCookie = await api('/api/agents', { authorization: basic });
    expect(withoutCookie.status).toBe(401);
    expect(withoutCookie.headers.get('www-authenticate')).toBe('Bearer');
    for (const authorization of ['Bearer', 'Bearer two words', 'bearer as_notakeyatallnotakeyatallnotakeyatall00'])
      expect((await api('/api/agents', { cookie, authorization })).status, authorization).toBe(401);
  });

  it('serves pages to the signed-in person, and sends anyone else to sign in', async () => {
    const page = await fetch(`${gatesUrl}/agents`, { headers: { cookie, authorization: basic }, redirect: 'manual' });
    expect(page.status).toBe(200);
    const anonymous = await fetch(`${gatesUrl}/agents`, { headers: { authorization: basic }, redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/sign-in?next=%2Fagents');
  });

  it('resolves on the fast path for the signed-in person, and leaves the rest to the app', async () => {
    const resolve = (headers: Record<string, string>) =>
      fetch(`${gatesUrl}/api/agents/helper/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ requestContext: {} }),
      });
    replays = 0;
    expect((await resolve({ cookie, authorization: basic })).status).toBe(200);
    expect(replays).toBe(0);
    const anonymous = await resolve({ authorization: basic });
    expect(anonymous.status).toBe(401);
    expect(replays).toBe(1);
  });
});
