import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startServerProcess } from '../../support/server-process';

const root = join(import.meta.dirname, '..', '..', '..');

describe('the production server (dist/server.js)', () => {
  const url = inject('serverUrl');

  it('answers /api/health through Hono', async () => {
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe('ok');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('serves the editor home page through Next', async () => {
    const response = await fetch(`${url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('Agent Studio');
  });

  it('seeds the demo agent into the empty database and resolves it with the demo tools', async () => {
    const agent = await fetch(`${url}/api/agents/demo-assistant`);
    expect(agent.status).toBe(200);
    const body = await agent.json();
    expect(body.agent).toMatchObject({ id: 'demo-assistant', status: 'published' });
    const resolved = await fetch(`${url}/api/agents/demo-assistant/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestContext: {} }),
    });
    expect(resolved.status).toBe(200);
    const resolution = await resolved.json();
    expect(resolution.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'convert-units',
      'search-knowledge-base',
      'world-time',
    ]);
    expect(resolution.warnings).toEqual([]);
  });

  it('answers errors as JSON without stack traces', async () => {
    const unknown = await fetch(`${url}/api/unknown-route`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('not_found');

    const malformed = await fetch(`${url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"unterminated": ',
    });
    expect(malformed.status).toBe(400);
    const malformedText = await malformed.text();
    expect(JSON.parse(malformedText).error.code).toBe('invalid_input');
    expect(malformedText).not.toMatch(/\bat .+:\d+:\d+/);

    const oversized = await fetch(`${url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(oversized.status).toBe(413);
    expect((await oversized.json()).error.code).toBe('payload_too_large');
    // The unread body is not drained: the answer closes its connection, so a client's next
    // requests go out on a fresh one instead of failing on a socket the server drops.
    expect(oversized.headers.get('connection')).toBe('close');
    for (let index = 0; index < 3; index++) expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  it('creates and migrates the database on start, and shuts down gracefully finishing in-flight requests', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'studio-lifecycle-'));
    try {
      const server = await startServerProcess({ root, directory, spawn });
      expect(existsSync(join(directory, 'studio.db'))).toBe(true);
      // A request that is still sending its body when the signal arrives must still be answered.
      const { port } = new URL(server.url);
      const answer = new Promise<number>((resolve, reject) => {
        const pending = request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/health',
            method: 'POST',
            // With 100-continue the server says when it has the headers, so the signal is sent only once
            // the request is really in flight (a fixed delay raced the server on a busy machine).
            headers: { 'content-type': 'application/json', expect: '100-continue' },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        pending.on('error', reject);
        pending.on('continue', () => {
          pending.write('{"a":');
          server.child.kill('SIGTERM');
          setTimeout(() => pending.end('1}'), 200);
        });
        pending.flushHeaders();
      });
      // The route only answers GET, so a well-formed POST is a 405 — but it is answered.
      expect(await answer).toBe(405);
      expect(await server.stop()).toBe(0);
      expect(server.output()).not.toMatch(/Error:/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('stops on SIGTERM after whoever read its output has gone (a closed pipe)', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'studio-closed-output-'));
    try {
      // At info level the stop itself logs a line, which now goes to a pipe nobody reads.
      const server = await startServerProcess({ root, directory, spawn, environment: { LOG_LEVEL: 'info' } });
      server.child.stdout?.destroy();
      server.child.stderr?.destroy();
      const exited = server.stop();
      const stalled = new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), 10_000).unref());
      const outcome = await Promise.race([exited, stalled]);
      if (outcome === 'stalled') server.child.kill('SIGKILL');
      expect(outcome).toBe(0);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('refuses to start with an invalid environment value and names the variable', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'studio-badenv-'));
    try {
      await expect(
        startServerProcess({
          root,
          directory,
          spawn,
          environment: { STUDIO_MCP_CALL_TIMEOUT_MS: 'soon' },
          timeoutMs: 15_000,
        }),
      ).rejects.toThrow(/STUDIO_MCP_CALL_TIMEOUT_MS/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
