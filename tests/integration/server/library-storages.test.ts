/**
 * The production server switches off the async-local storages that a rendered page (Next's and
 * React's) or a session check (the sign-in library's) entered, once no such call has been in flight
 * for five seconds, and pages and sessions work as before afterwards: the server's debug log says
 * each time it switched storages off, and the next call enters them again.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { runCapturing } from '../cli/cli-support';

const root = join(import.meta.dirname, '..', '..', '..');
const quietMs = 5_000;
const releaseLine = /"message":"Switched off the async-local storages of pages and sign-in","storages":(\d+)/g;

/** Waits until the server's output has logged `count` releases; answers the storages each switched off. */
async function releases(server: ServerProcess, count: number): Promise<number[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = [...server.output().matchAll(releaseLine)].map((match) => Number(match[1]));
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`Expected ${count} releases in the server's log:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function editorPage(url: string, cookie?: string): Promise<string> {
  const response = await fetch(`${url}/agents/demo-assistant`, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  return response.text();
}

function startServer(directory: string, environment: Record<string, string> = {}) {
  return startServerProcess({ root, directory, spawn, environment: { LOG_LEVEL: 'debug', ...environment } });
}

describe('the storages a rendered page leaves on', () => {
  let directory: string;
  let server: ServerProcess;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'studio-library-storages-'));
    server = await startServer(directory);
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('are switched off after a quiet period, and the next page renders with them on again', async () => {
    const started = Date.now();
    expect(await editorPage(server.url)).toContain('Demo assistant');
    const [first] = await releases(server, 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(quietMs);
    expect(first).toBeGreaterThanOrEqual(2);

    // The API answers as before between pages.
    const resolved = await fetch(`${server.url}/api/agents/demo-assistant/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(resolved.status).toBe(200);

    const page = await editorPage(server.url);
    expect(page).toContain('Demo assistant');
    expect(page).toContain('convert-units');
    expect(await releases(server, 2)).toEqual([first, first]);
    expect(server.output()).not.toMatch(/unhandledRejection|"level":"error"/);
  });
});

describe('the storages a session check leaves on', () => {
  const email = 'ada@example.com';
  const password = 'a long enough password';
  let directory: string;
  let server: ServerProcess;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'studio-library-storages-'));
    const environment = { DATABASE_URL: `file:${join(directory, 'studio.db')}` };
    const created = await runCapturing(
      ['db', 'user', 'create', '--email', email, '--role', 'admin', '--password-stdin'],
      {
        environment,
        stdin: password,
      },
    );
    expect(created.code).toBe(0);
    server = await startServer(directory, { STUDIO_AUTH: 'required' });
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('are switched off after a quiet period with no page rendered, and sessions work as before after', async () => {
    const signedIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, password }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const agents = await fetch(`${server.url}/api/agents`, { headers: { cookie } });
    expect(agents.status).toBe(200);
    const [first] = await releases(server, 1);
    expect(first).toBeGreaterThanOrEqual(1);

    const again = await fetch(`${server.url}/api/agents`, { headers: { cookie } });
    expect(again.status).toBe(200);
    expect(await editorPage(server.url, cookie)).toContain('Demo assistant');
    const [, second] = await releases(server, 2);
    expect(second).toBeGreaterThan(first!);
    const afterRelease = await fetch(`${server.url}/api/agents`, { headers: { cookie } });
    expect(afterRelease.status).toBe(200);
    expect(server.output()).not.toMatch(/unhandledRejection|"level":"error"/);
  });
});
