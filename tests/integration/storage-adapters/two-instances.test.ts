/**
 * Two production servers on one PostgreSQL database, as behind a load balancer: started together
 * on an empty database they migrate and seed it once; parallel saves of one agent through both
 * give one winner per base version and contiguous numbers; a publish through one is resolved by
 * the other within a second; and a server killed while saving loses no version it acknowledged.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testPostgresUrl } from '../../support/postgres-database';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const root = join(import.meta.dirname, '..', '..', '..');
const secretsKey = 'two-instances-test-secrets-key';

async function send(server: ServerProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe.skipIf(!testPostgresUrl())('two servers on one PostgreSQL database', () => {
  const directory = mkdtempSync(join(tmpdir(), 'studio-two-instances-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let servers: ServerProcess[] = [];
  const start = () =>
    startServerProcess({
      root,
      directory,
      spawn,
      environment: { DATABASE_URL: database.url, SECRETS_KEY: secretsKey, LOG_LEVEL: 'error' },
    });

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    // Both start at once on an empty database: one migrates while the other waits on the lock.
    servers = await Promise.all([start(), start()]);
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database.drop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('migrates and seeds an empty database once when both start together', async () => {
    const [first, second] = servers;
    const listed = await send(first!, 'GET', '/api/agents');
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual(['demo-assistant']);
    const versions = await send(second!, 'GET', '/api/agents/demo-assistant/versions');
    expect(versions.body.items).toHaveLength(1);
  });

  it('gives exactly one winner per base version when both save one agent at once, numbered without gaps', async () => {
    const [first, second] = servers;
    const created = await send(first!, 'POST', '/api/agents', {
      id: 'shared',
      name: 'Shared',
      model: 'openai/gpt-4o-mini',
      instructions: 'Version 1',
    });
    expect(created.status).toBe(201);
    let latest = 1;
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.all(
        [first!, second!].map((server, index) =>
          send(server, 'PATCH', '/api/agents/shared', {
            baseVersionNumber: latest,
            instructions: `Round ${round} from server ${index}`,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 409]);
      latest = answers.find((answer) => answer.status === 200)!.body.version.versionNumber;
    }
    expect(latest).toBe(9);
    const page = await send(second!, 'GET', '/api/agents/shared/versions?limit=100');
    expect(page.body.items.map((version: { versionNumber: number }) => version.versionNumber)).toEqual([
      9, 8, 7, 6, 5, 4, 3, 2, 1,
    ]);
  });

  it('serves a publish made through one server from the other within a second', async () => {
    const [first, second] = servers;
    const resolvedNumber = async () =>
      (await send(second!, 'POST', '/api/agents/shared/resolve', { requestContext: {} })).body.versionNumber;
    expect((await send(first!, 'POST', '/api/agents/shared/versions/3/publish', {})).status).toBe(200);
    // The other server has now read the published pointer (and cached it).
    await expect.poll(resolvedNumber, { timeout: 1_000, interval: 20 }).toBe(3);
    expect((await send(first!, 'POST', '/api/agents/shared/versions/7/publish', {})).status).toBe(200);
    const published = Date.now();
    await expect.poll(resolvedNumber, { timeout: 1_000, interval: 20 }).toBe(7);
    expect(Date.now() - published).toBeLessThan(1_000);
  });

  it('loses no acknowledged version when a server is killed while saving', async () => {
    const [first, second] = servers;
    const acknowledged: number[] = [];
    let base = (await send(first!, 'GET', '/api/agents/shared')).body.agent.latestVersionNumber as number;
    let killed: Promise<unknown> | undefined;
    // Saves one after another until the server goes; it is killed as its eleventh save is under way.
    for (let index = 0; index < 1_000; index++) {
      const saving = send(second!, 'PATCH', '/api/agents/shared', {
        baseVersionNumber: base,
        instructions: `Save ${index} before the kill`,
      });
      if (acknowledged.length === 10) killed = second!.stop('SIGKILL');
      const answer = await saving.catch(() => undefined);
      if (answer?.status !== 200) break;
      base = answer.body.version.versionNumber;
      acknowledged.push(base);
    }
    await killed;
    expect(acknowledged.length).toBeGreaterThan(0);
    const page = await send(first!, 'GET', '/api/agents/shared/versions?limit=100');
    const stored = new Set(page.body.items.map((version: { versionNumber: number }) => version.versionNumber));
    for (const number of acknowledged) expect(stored.has(number), `version ${number}`).toBe(true);
  });
});
