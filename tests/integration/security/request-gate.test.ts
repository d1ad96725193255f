/**
 * Against the production server: a web page on another site cannot drive it. The mutating routes
 * come from the served OpenAPI document, so a route added later is covered without touching this.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startServerProcess } from '../../support/server-process';

const root = join(import.meta.dirname, '..', '..', '..');
const url = inject('serverUrl');
const port = new URL(url).port;

/** node:http, because fetch will not send a Host header of our choosing. */
function rawRequest({
  method = 'GET',
  path,
  headers = {},
  body,
}: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    // An explicit length: Node sends DELETE bodies without one, which its own server then rejects.
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const pending = request(
      { host: '127.0.0.1', port, method, path, headers: { ...length, ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    pending.on('error', reject);
    pending.end(body);
  });
}

interface Operation {
  method: string;
  path: string;
}

async function mutatingOperations(): Promise<Operation[]> {
  const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const method of Object.keys(methods)) {
      if (['get', 'head', 'options', 'parameters'].includes(method)) continue;
      // Any value will do: the refusal comes before routing parameters are even read.
      const path = template.replace(/\{[^}]+\}/g, (name) => (/\{(n|versionNumber)\}/.test(name) ? '1' : 'gate-probe'));
      operations.push({ method: method.toUpperCase(), path });
    }
  }
  return operations;
}

async function agentCount(): Promise<number> {
  const body = (await (await fetch(`${url}/api/agents?limit=100`)).json()) as { items: unknown[] };
  return body.items.length;
}

describe('requests from other sites (production server)', () => {
  it('answers a foreign Host with 421 on the API and on pages, and loopback names normally', async () => {
    for (const path of ['/api/health', '/api/agents', '/']) {
      const foreign = await rawRequest({ path, headers: { host: `rebind.evil.example:${port}` } });
      expect(foreign.status, path).toBe(421);
      expect(JSON.parse(foreign.body).error.code).toBe('misdirected_request');
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await rawRequest({ path: '/api/health', headers: { host } })).status, host).toBe(200);
    }
  });

  it('answers a Host it cannot read as a host name with a JSON 400 that says so, on the API', async () => {
    const cases = [
      { host: 'bad host', reason: 'invalid url' },
      { host: `[::ffff:127.0.0.1]:${port}`, reason: 'invalid host header' },
    ];
    for (const { host, reason } of cases) {
      const answer = await rawRequest({ path: '/api/health', headers: { host } });
      expect(answer.status, host).toBe(400);
      expect(answer.headers['content-type'], host).toMatch(/^application\/json/);
      expect(answer.headers['x-content-type-options'], host).toBe('nosniff');
      expect(JSON.parse(answer.body).error, host).toEqual({
        code: 'invalid_input',
        message: `The request's Host header and path do not make a URL this server can read (${reason}); send a Host header naming this server and a path starting with "/".`,
      });
    }
  });

  it('refuses every mutating route of the OpenAPI document from a foreign Origin or a cross-site fetch, changing nothing', async () => {
    const operations = await mutatingOperations();
    // The document lists well over a dozen mutating routes today; a near-empty list would make this pass vacuously.
    expect(operations.length).toBeGreaterThan(15);
    expect(operations).toContainEqual({ method: 'POST', path: '/api/agents' });
    // Runs start models and tools: they are listed like every other write.
    for (const path of [
      '/api/agents/gate-probe/generate',
      '/api/agents/gate-probe/stream',
      '/api/runs/gate-probe/approve',
      '/api/runs/gate-probe/resume',
      '/api/runs/gate-probe/tool-results',
    ])
      expect(operations).toContainEqual({ method: 'POST', path });
    const before = await agentCount();
    const failures: string[] = [];
    const probes: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `http://localhost:${Number(port) + 1}` },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const operation of operations) {
      for (const probe of probes) {
        const response = await rawRequest({
          method: operation.method,
          path: operation.path,
          headers: { host: `localhost:${port}`, 'content-type': 'application/json', ...probe },
          body: JSON.stringify({ id: 'gate-probe', name: 'x', model: 'openai/gpt-4o-mini', instructions: 'x' }),
        });
        const code = response.status === 403 ? JSON.parse(response.body).error.code : undefined;
        if (response.status !== 403 || code !== 'forbidden')
          failures.push(`${operation.method} ${operation.path} ${JSON.stringify(probe)}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await agentCount()).toBe(before);
  });

  it('refuses every API read marked Sec-Fetch-Site: cross-site with 403, and lets same-site and typed URLs read', async () => {
    const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const reads = Object.entries(document.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([template]) => template.replace(/\{[^}]+\}/g, 'gate-probe'));
    expect(reads.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const path of [...reads, '/api/openapi.json', '/api/agents/demo-assistant/diff?from=1']) {
      for (const method of ['GET', 'HEAD']) {
        const response = await rawRequest({ method, path, headers: { 'sec-fetch-site': 'cross-site' } });
        const code = method === 'GET' && response.status === 403 ? JSON.parse(response.body).error.code : 'forbidden';
        if (response.status !== 403 || code !== 'forbidden') failures.push(`${method} ${path}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    const refused = await rawRequest({ path: '/api/health', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(JSON.parse(refused.body).error.message).toMatch(/Sec-Fetch-Site: cross-site/);
    for (const site of ['same-origin', 'same-site', 'none'])
      expect((await rawRequest({ path: '/api/health', headers: { 'sec-fetch-site': site } })).status, site).toBe(200);
    // Pages stay reachable from links on other sites.
    expect((await rawRequest({ path: '/', headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });

  it('accepts only JSON bodies on mutating routes: text/plain, forms and a missing type get 415', async () => {
    const operations = await mutatingOperations();
    const failures: string[] = [];
    const bodies: Array<[string | undefined, string]> = [
      ['text/plain', '{"id":"gate-probe"}'],
      ['text/plain;charset=UTF-8', ''],
      ['application/x-www-form-urlencoded', 'id=gate-probe'],
      ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="id"\r\n\r\nx\r\n--b--\r\n'],
      [undefined, '{"id":"gate-probe"}'],
    ];
    for (const operation of operations) {
      for (const [contentType, body] of bodies) {
        const response = await rawRequest({
          method: operation.method,
          path: operation.path,
          headers: contentType === undefined ? {} : { 'content-type': contentType },
          body,
        });
        if (response.status !== 415 || JSON.parse(response.body).error.code !== 'unsupported_media_type')
          failures.push(`${operation.method} ${operation.path} ${contentType}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a compressed body with 415 saying to send it as is, and takes Content-Encoding: identity', async () => {
    const { gzipSync } = await import('node:zlib');
    const compressed = await rawRequest({
      method: 'POST',
      path: '/api/agents/demo-assistant/resolve',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync('{"requestContext":{}}'),
    });
    expect(compressed.status).toBe(415);
    expect(JSON.parse(compressed.body).error.message).toBe(
      'Request bodies are read as sent: send the JSON uncompressed, without Content-Encoding (got gzip).',
    );
    const plain = await rawRequest({
      method: 'POST',
      path: '/api/agents/demo-assistant/resolve',
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
      body: '{"requestContext":{}}',
    });
    expect(plain.status).toBe(200);
  });

  it('keeps working for same-origin requests, tools without an Origin and bodiless POSTs', async () => {
    const own = await rawRequest({
      method: 'POST',
      path: '/api/agents/demo-assistant/resolve',
      headers: { origin: url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(own.status).toBe(200);
    const curl = await rawRequest({
      method: 'POST',
      path: '/api/agents/demo-assistant/resolve',
      headers: { 'content-type': 'application/json' },
      body: '{"requestContext":{}}',
    });
    expect(curl.status).toBe(200);
    const bodiless = await rawRequest({ method: 'POST', path: '/api/agents/demo-assistant/resolve' });
    expect(bodiless.status).toBe(200);
  });

  it('refuses foreign Origins on page posts (server actions) but lets the editor post to its own pages', async () => {
    const foreign = await rawRequest({
      method: 'POST',
      path: '/',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain;charset=UTF-8', 'next-action': 'x' },
      body: '[]',
    });
    expect(foreign.status).toBe(403);
    const own = await rawRequest({
      method: 'POST',
      path: '/',
      headers: { origin: url, 'content-type': 'text/plain;charset=UTF-8', 'next-action': 'x' },
      body: '[]',
    });
    // Next itself answers (an unknown action): the gate let it through.
    expect([403, 415, 421]).not.toContain(own.status);
  });

  it('sends security headers on pages and API answers, and no CORS headers by default', async () => {
    const page = await rawRequest({ path: '/' });
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // Next stamps the same nonce on the inline scripts it renders.
    expect(page.body).toContain(`nonce="${nonce}"`);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBeDefined();
    const second = await rawRequest({ path: '/' });
    expect(second.headers['content-security-policy']).not.toBe(page.headers['content-security-policy']);

    const api = await rawRequest({ path: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('turns on the MCP transport DNS-rebinding check for /api/mcp', async () => {
    const rebound = await rawRequest({
      method: 'POST',
      path: '/api/mcp',
      headers: { host: `attacker.example:${port}`, 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    expect(rebound.status).toBe(421);
  });

  it('refuses to start on a network address with sign-in turned off unless asked for explicitly', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'studio-exposed-'));
    try {
      await expect(
        startServerProcess({
          root,
          directory,
          spawn,
          environment: { HOST: '0.0.0.0', STUDIO_AUTH: 'off' },
          timeoutMs: 20_000,
        }),
      ).rejects.toThrow(
        /HOST=0\.0\.0\.0 with STUDIO_AUTH=off would let anyone[\s\S]*STUDIO_ALLOW_UNAUTHENTICATED_NETWORK=true/,
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
