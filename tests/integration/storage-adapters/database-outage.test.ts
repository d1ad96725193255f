/**
 * A PostgreSQL server that goes down and comes back under a running studio: a server of its own
 * (the shared one of the other tests must stay up), stopped with a fast shutdown as an operator's
 * restart does. While it is down every route that needs the database answers 503 `unavailable`
 * with `Retry-After`, never a 500; once it is back the same studio serves again, with no restart.
 * Until the storage hears the other instances' commits again its generation moves on every call,
 * so a key revoked through another instance meanwhile is refused at once.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStorage } from '@/db/postgres-storage';
import { createStudio } from '@/lib';
import { silentLogger } from '@/lib/logger';
import { findPostgresBinaries, startThrowawayPostgres } from '../../../scripts/postgres-server.mjs';
import { createPromptScriptedModel } from '../../support/prompt-scripted-model';
import { call, createAndPublish } from '../../support/studio';

type ThrowawayPostgres = Awaited<ReturnType<typeof startThrowawayPostgres>>;

const secretsKey = 'database-outage-test-secrets-key';

async function createDatabase(server: ThrowawayPostgres, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return server.url(name);
}

describe.skipIf(!findPostgresBinaries())('a studio whose PostgreSQL server goes down and comes back', () => {
  const parent = mkdtempSync(join(tmpdir(), 'studio-outage-'));
  let server: ThrowawayPostgres;
  let studio: Awaited<ReturnType<typeof createStudio>>;
  let url: string;

  beforeAll(async () => {
    // Under root the server runs as the postgres user, which must reach the folder.
    chmodSync(parent, 0o755);
    server = await startThrowawayPostgres({ parent });
    url = await createDatabase(server, 'outage');
    studio = await createStudio({
      logger: silentLogger,
      database: { url },
      settings: { mode: 'test', secretsKey },
      models: { 'test/scripted': createPromptScriptedModel() },
    });
    await createAndPublish(studio, { id: 'support', name: 'Support', model: 'openai/gpt-4o-mini', instructions: 'Hi' });
    await createAndPublish(studio, { id: 'talker', name: 'Talker', model: 'test/scripted', instructions: 'Hi' });
  }, 120_000);

  afterAll(async () => {
    await studio?.close();
    server?.stop();
    rmSync(parent, { recursive: true, force: true });
  });

  const resolve = () =>
    studio.api.request('/api/agents/support/resolve', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestContext: {} }),
    });

  it('answers 503 unavailable with Retry-After while the server is down, and serves again once it is back', async () => {
    expect((await call(studio, 'GET', '/api/agents')).status).toBe(200);
    expect((await resolve()).status).toBe(200);

    server.shutDown();
    // The resolve path trusts its pointers for 100 ms; past that it reads them again.
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (const answer of [await studio.api.request('/api/agents'), await resolve()]) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toEqual({
        error: {
          code: 'unavailable',
          message: 'The database cannot be reached right now; try again shortly.',
          details: { reason: 'database', retryAfterSeconds: 5 },
        },
      });
    }
    expect((await call(studio, 'GET', '/api/agents/support/versions')).status).toBe(503);
    expect((await studio.api.request('/api/health')).status).toBe(503);

    server.startAgain();
    await expect.poll(async () => (await call(studio, 'GET', '/api/agents')).status, { timeout: 10_000 }).toBe(200);
    expect((await resolve()).status).toBe(200);
    const saved = await call(studio, 'PATCH', '/api/agents/support', { baseVersionNumber: 1, instructions: 'Hello' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }, 60_000);

  it('keeps a run that finished while the server was down, and writes it once the server is back', async () => {
    // A streamed run is stored as it starts; the model answers after the server is down.
    const streamed = studio.api.request('/api/agents/talker/stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: '[[delay 1500]] Are you there?' }),
    });
    const runningIds = async (): Promise<string[]> =>
      (await call(studio, 'GET', '/api/runs?agentId=talker&status=running')).body.items.map(
        (run: { runId: string }) => run.runId,
      );
    await expect.poll(async () => (await runningIds()).length, { timeout: 10_000, interval: 50 }).toBe(1);
    const [runId] = await runningIds();

    server.shutDown();
    try {
      const answer = await streamed;
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('You said: Are you there?');
      // Still down when the finished run's write is tried (20 ms after it ended), and for a while after.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      server.startAgain();
    }
    // Another instance reads only what the database holds: the run lands there once the server is back.
    const other = await createStudio({
      logger: silentLogger,
      database: { url },
      settings: { mode: 'test', secretsKey },
    });
    try {
      await expect
        .poll(async () => (await call(other, 'GET', `/api/runs/${runId}`)).body.status, {
          timeout: 20_000,
          interval: 250,
        })
        .toBe('finished');
    } finally {
      await other.close();
    }
  }, 60_000);
});

/** Until `check` holds, polling every 20 ms; fails after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Still not so after ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!findPostgresBinaries())('the caches of an instance whose change notifications were cut', () => {
  const parent = mkdtempSync(join(tmpdir(), 'studio-outage-'));
  let server: ThrowawayPostgres;
  let url: string;

  beforeAll(async () => {
    chmodSync(parent, 0o755);
    server = await startThrowawayPostgres({ parent });
    url = await createDatabase(server, 'listener');
  }, 120_000);

  afterAll(() => {
    server?.stop();
    rmSync(parent, { recursive: true, force: true });
  });

  /** Whether two calls in a row answer different counts: the storage trusts no cache now. */
  const moves = (storage: { generation(): number }) => storage.generation() !== storage.generation();

  it('moves the generation on every call from the lost connection until it listens again', async () => {
    const storage = openPostgresStorage({ url });
    try {
      await storage.migrate();
      await storage.listening();
      expect(moves(storage)).toBe(false);

      server.shutDown();
      try {
        await until(() => moves(storage), 5_000);
      } finally {
        server.startAgain();
      }
      // Still moving while the listener waits out its pause, then still once it listens again.
      await storage.listening();
      expect(moves(storage)).toBe(false);
    } finally {
      await storage.close();
    }
  }, 60_000);

  it('answers a sign-in 503 unavailable while the server is down, and signs in again once it is back', async () => {
    const studio = await createStudio({
      logger: silentLogger,
      database: { url },
      settings: { mode: 'test', secretsKey, auth: 'required' },
    });
    const password = 'correct horse battery staple';
    await studio.access.signIn!.createUser({ email: 'grace@example.com', name: 'Grace', password, role: 'editor' });
    const http = createServer(getRequestListener(studio.api.fetch));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const signIn = () =>
      fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        // As the sign-in page sends it: the library refuses a sign-in that names no origin.
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email: 'grace@example.com', password }),
      });
    try {
      expect((await signIn()).status).toBe(200);
      server.shutDown();
      try {
        const answer = await signIn();
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('5');
        expect(await answer.json()).toMatchObject({ error: { code: 'unavailable', details: { reason: 'database' } } });
      } finally {
        server.startAgain();
      }
      await expect.poll(async () => (await signIn()).status, { timeout: 10_000, interval: 100 }).toBe(200);
    } finally {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await studio.close();
    }
  }, 60_000);

  it('refuses a key revoked through another instance while this one was not listening yet', async () => {
    const options = {
      logger: silentLogger,
      database: { url },
      settings: { mode: 'test' as const, secretsKey, auth: 'required' as const },
    };
    const first = await createStudio(options);
    const second = await createStudio(options);
    try {
      const { id, key } = await first.access.apiKeys.create({ name: 'ci', scope: 'admin', createdBy: 'test' });
      const agents = async () =>
        (await second.api.request('/api/agents', { headers: { authorization: `Bearer ${key}` } })).status;
      expect(await agents()).toBe(200);

      // Down long enough that the second instance's listener waits a while before its next try.
      server.shutDown();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      server.startAgain();
      // The second instance serves again and has read the key anew (it is still valid).
      await expect.poll(agents, { timeout: 10_000, interval: 50 }).toBe(200);
      await first.access.apiKeys.revoke({ id, actor: 'test' });
      expect(await agents()).toBe(401);
    } finally {
      await second.close();
      await first.close();
    }
  }, 60_000);
});
