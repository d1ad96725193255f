import { describe, expect, it } from 'vitest';
import type { DnsLookup } from '@/lib/net';
import {
  authMode,
  checkRequest,
  createRequestPolicy,
  describeExposure,
  hostNameOf,
  resolveListenAddress,
  type RequestFacts,
} from '@/lib/http';

const policy = createRequestPolicy({
  allowedHosts: ['studio.internal', '[fd00::1]'],
  corsOrigins: ['https://app.example.com'],
  listenHost: '127.0.0.1',
});

const base: RequestFacts = {
  method: 'POST',
  host: 'localhost:3000',
  origin: undefined,
  secFetchSite: undefined,
  contentType: 'application/json',
  hasBody: true,
};

const verdict = (facts: Partial<RequestFacts>, kind: 'api' | 'page' = 'api') =>
  checkRequest(policy, { ...base, ...facts }, kind)?.code ?? 'ok';

describe('which requests the server answers', () => {
  it.each([
    ['localhost:3000', 'ok'],
    ['LOCALHOST:3000', 'ok'],
    ['localhost.:3000', 'ok'],
    ['127.0.0.1:3000', 'ok'],
    ['127.8.9.10', 'ok'],
    ['[::1]:3000', 'ok'],
    ['tenant.localhost:3000', 'ok'],
    ['studio.internal:8443', 'ok'],
    ['[fd00::1]:3000', 'ok'],
    ['evil.example:3000', 'misdirected_request'],
    ['localhost.evil.example', 'misdirected_request'],
    ['127.0.0.1.nip.io:3000', 'misdirected_request'],
    ['0.0.0.0:3000', 'misdirected_request'],
  ])('Host %s -> %s', (host, expected) => {
    expect(verdict({ host, method: 'GET' })).toBe(expected);
  });

  it.each([
    [{ origin: undefined }, 'ok'],
    [{ origin: 'http://localhost:3000' }, 'ok'],
    [{ origin: 'https://localhost:3000' }, 'ok'],
    [{ origin: 'http://localhost:3001' }, 'forbidden'],
    [{ origin: 'http://127.0.0.1:3000' }, 'forbidden'],
    [{ origin: 'null' }, 'forbidden'],
    [{ origin: 'https://evil.example' }, 'forbidden'],
    [{ origin: 'https://app.example.com', secFetchSite: 'cross-site' }, 'ok'],
    [{ secFetchSite: 'cross-site' }, 'forbidden'],
    [{ origin: 'http://localhost:3000', secFetchSite: 'cross-site' }, 'forbidden'],
    [{ origin: 'http://localhost:3000', secFetchSite: 'same-origin' }, 'ok'],
    [{ host: 'localhost', origin: 'http://localhost:80' }, 'ok'],
  ] as Array<[Partial<RequestFacts>, string]>)('a POST with %o -> %s', (facts, expected) => {
    expect(verdict(facts)).toBe(expected);
  });

  it('never checks Origin on safe methods', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(verdict({ method, origin: 'https://evil.example' })).toBe('ok');
      expect(verdict({ method, origin: 'https://evil.example', secFetchSite: 'cross-site' }, 'page')).toBe('ok');
    }
  });

  it.each([
    ['cross-site', undefined, 'forbidden'],
    ['cross-site', 'https://evil.example', 'forbidden'],
    ['cross-site', 'https://app.example.com', 'ok'],
    ['same-site', undefined, 'ok'],
    ['same-origin', undefined, 'ok'],
    ['none', undefined, 'ok'],
  ])('an API GET or HEAD with Sec-Fetch-Site %s and Origin %s -> %s', (secFetchSite, origin, expected) => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(verdict({ method, secFetchSite, origin, contentType: undefined, hasBody: false })).toBe(expected);
  });

  it.each([
    ['GET', '/api/auth/callback/oidc', 'ok'],
    ['GET', '/api/auth/oauth2/callback/oidc', 'ok'],
    ['GET', '/api/auth/error', 'ok'],
    ['POST', '/api/auth/callback/oidc', 'forbidden'],
    ['GET', '/api/auth/callback/', 'ok'],
    ['GET', '/api/auth/session', 'forbidden'],
    ['GET', '/api/auth/callbacks', 'forbidden'],
    ['GET', '/api/agents', 'forbidden'],
  ])('a cross-site %s %s (where another site sends the browser) -> %s', (method, path, expected) => {
    expect(verdict({ method, path, secFetchSite: 'cross-site', contentType: undefined, hasBody: false })).toBe(
      expected,
    );
  });

  it('names the cross-site mark in the refusal of an API read', () => {
    const refusal = checkRequest(policy, { ...base, method: 'GET', secFetchSite: 'cross-site' }, 'api');
    expect(refusal?.message).toMatch(/other sites may not use the API \(Sec-Fetch-Site: cross-site\)/);
  });

  it.each([
    ['application/json', true, 'ok'],
    ['application/json; charset=utf-8', true, 'ok'],
    ['application/merge-patch+json', true, 'ok'],
    ['text/plain', true, 'unsupported_media_type'],
    ['text/plain;charset=UTF-8', false, 'unsupported_media_type'],
    ['application/x-www-form-urlencoded', true, 'unsupported_media_type'],
    ['multipart/form-data; boundary=x', true, 'unsupported_media_type'],
    ['application/jsonp', true, 'unsupported_media_type'],
    [undefined, true, 'unsupported_media_type'],
    [undefined, false, 'ok'],
  ] as Array<[string | undefined, boolean, string]>)(
    'API body %s (body: %s) -> %s',
    (contentType, hasBody, expected) => {
      expect(verdict({ contentType, hasBody })).toBe(expected);
    },
  );

  it("lets pages take the editor's server-action bodies but not foreign origins", () => {
    expect(verdict({ contentType: 'text/plain;charset=UTF-8', origin: 'http://localhost:3000' }, 'page')).toBe('ok');
    expect(verdict({ contentType: 'multipart/form-data; boundary=x' }, 'page')).toBe('ok');
    expect(verdict({ contentType: 'text/plain', origin: 'https://evil.example' }, 'page')).toBe('forbidden');
    expect(verdict({ host: 'evil.example', method: 'GET' }, 'page')).toBe('misdirected_request');
  });

  it('answers for the address it listens on when that is not a wildcard', () => {
    const onLan = createRequestPolicy({ allowedHosts: [], corsOrigins: [], listenHost: '192.168.1.5' });
    expect(checkRequest(onLan, { ...base, host: '192.168.1.5:3000' }, 'api')).toBeUndefined();
    const everywhere = createRequestPolicy({ allowedHosts: [], corsOrigins: [], listenHost: '0.0.0.0' });
    expect(checkRequest(everywhere, { ...base, host: '0.0.0.0:3000' }, 'api')?.code).toBe('misdirected_request');
  });
});

describe('start-up exposure', () => {
  const settings = { port: 3000, allowUnauthenticatedNetwork: false, allowedHosts: [] };

  it.each(['127.0.0.1', '::1', '[::1]', 'localhost'])(
    'says that only this machine can reach a server on %s',
    (host) => {
      const exposure = describeExposure({ ...settings, host });
      expect(exposure).toMatchObject({ ok: true, value: { warning: false } });
      expect(exposure.ok && exposure.value.notice).toMatch(/Only programs on this machine/);
      expect(authMode({ host })).toBe('off');
    },
  );

  it('reads a bare IPv6 address as one address, not as a name and a port', () => {
    expect(hostNameOf('::1')).toBe('::1');
    expect(hostNameOf('fe80::1')).toBe('fe80::1');
    expect(hostNameOf('[::1]:3000')).toBe('::1');
    expect(hostNameOf('example.com:80')).toBe('example.com');
    expect(authMode({ host: '::' })).toBe('required');
  });

  it('requires sign-in on a network address unless turned off, and says how to sign in', () => {
    const exposure = describeExposure({ ...settings, host: '0.0.0.0' });
    expect(exposure).toMatchObject({ ok: true, value: { warning: false } });
    expect(exposure.ok && exposure.value.notice).toMatch(/STUDIO_AUTH=required[\s\S]*setup link[\s\S]*db user create/);
    expect(exposure.ok && exposure.value.notice).not.toContain('..');
    expect(authMode({ host: '0.0.0.0' })).toBe('required');
    expect(authMode({ host: '127.0.0.1' })).toBe('off');
    expect(authMode({ host: '127.0.0.1', auth: 'required' })).toBe('required');
    const local = describeExposure({ ...settings, host: '127.0.0.1', auth: 'required' });
    expect(local.ok && local.value.notice).toMatch(/Only programs on this machine[\s\S]*STUDIO_AUTH=required/);
  });

  it('refuses a network address with sign-in turned off unless it is asked for explicitly', () => {
    const refused = describeExposure({ ...settings, host: '0.0.0.0', auth: 'off' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.issues[0]!.message).toMatch(/STUDIO_ALLOW_UNAUTHENTICATED_NETWORK=true/);
    const allowed = describeExposure({ ...settings, host: '0.0.0.0', auth: 'off', allowUnauthenticatedNetwork: true });
    expect(allowed).toMatchObject({ ok: true, value: { warning: true } });
    expect(allowed.ok && allowed.value.notice).toMatch(/anyone who can reach port 3000/);
  });
});

describe('the address the server binds', () => {
  const settings = { port: 3000, allowUnauthenticatedNetwork: false, allowedHosts: [] };
  const answers: Record<string, string[]> = {
    'studio.localhost': ['0.0.0.0'],
    localhost: ['::'],
    'lan.example': ['192.168.1.5', '127.0.0.1'],
    'loop.example': ['127.0.0.1'],
  };
  const lookup: DnsLookup = async (hostname) => {
    const found = answers[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  };
  const bound = async (host: string) => {
    const listen = await resolveListenAddress({ host, lookup });
    return listen.ok ? listen.value.address : listen.issues[0]!.message;
  };

  it('binds an address as written and a name to its first answer', async () => {
    expect(await bound('127.0.0.1')).toBe('127.0.0.1');
    expect(await bound('[::1]')).toBe('::1');
    expect(await bound('0.0.0.0')).toBe('0.0.0.0');
    expect(await bound('studio.localhost')).toBe('0.0.0.0');
    expect(await bound('localhost')).toBe('::');
    expect(await bound('lan.example')).toBe('192.168.1.5');
    expect(await bound('loop.example')).toBe('127.0.0.1');
    expect(await bound('nowhere.example')).toMatch(/HOST=nowhere\.example does not resolve[\s\S]*ENOTFOUND/);
  });

  it.each(['studio.localhost', 'localhost', 'lan.example'])(
    'judges %s by the address it resolves to: sign-in off is refused, and by default sign-in is required',
    async (host) => {
      const address = await bound(host);
      const refused = describeExposure({ ...settings, host, address, auth: 'off' });
      expect(!refused.ok && refused.issues[0]!.message).toContain(`HOST=${host} (which resolves to ${address})`);
      const required = describeExposure({ ...settings, host, address });
      expect(required.ok && required.value.notice).toContain(`on ${address} (HOST=${host}) can reach it`);
      expect(authMode({ host: address })).toBe('required');
    },
  );

  it('still says loopback for a name that resolves to loopback, naming the address', async () => {
    const exposure = describeExposure({ ...settings, host: 'loop.example', address: await bound('loop.example') });
    expect(exposure.ok && exposure.value.notice).toMatch(
      /Only programs on this machine.*listening on 127\.0\.0\.1 \(HOST=loop\.example\)/,
    );
  });
});
