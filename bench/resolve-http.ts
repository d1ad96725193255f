/**
 * `POST /api/agents/:id/resolve` through the production server (the seeded demo agent, published;
 * after one rendered editor page) against a bare node:http server answering the same JSON, same
 * keep-alive load; and the same
 * route with the database on PostgreSQL against SQLite, and with a runtime API key against sign-in off.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage } from '../db/open-storage';
import { createApiKeys } from '../lib/auth';
import { libraryStoragesQuietMs } from '../lib/http';
import { demoAgentId } from '../lib/seed';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process';
import { pairedRow, type BenchRow } from './harness';
import { alternateRounds, startBareServer } from './http-load';
import { startThrowawayPostgres } from './postgres-server';

const path = `/api/agents/${demoAgentId}/resolve`;
const requestBody = JSON.stringify({ requestContext: { tier: 'pro', user: { name: 'Ada' } } });

/** Resolves once through `url`, which must answer 200; answers the body. */
async function resolveOnce(url: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: requestBody,
  });
  if (answer.status !== 200) throw new Error(`resolve answered ${answer.status}: ${await answer.text()}`);
  return answer.text();
}

/**
 * Renders the demo agent's editor page once and waits until the server has switched off the
 * storages the page entered, as in a deployment whose editor is used between the API's requests.
 */
async function renderEditorPage(url: string) {
  const page = await fetch(`${url}/agents/${demoAgentId}`);
  if (page.status !== 200) throw new Error(`the editor page answered ${page.status}`);
  await page.text();
  await new Promise((resolve) => setTimeout(resolve, libraryStoragesQuietMs + 1_000));
}

export async function benchResolveHttp({ root }: { root: string }): Promise<BenchRow[]> {
  const directory = mkdtempSync(join(tmpdir(), 'studio-bench-'));
  const server = await startServerProcess({ root, directory, spawn, environment: { LOG_LEVEL: 'error' } });
  await renderEditorPage(server.url);
  const bare = await startBareServer({ root, body: await resolveOnce(server.url) });
  try {
    const rounds = await alternateRounds({
      measured: { url: `${server.url}${path}`, method: 'POST', body: requestBody },
      baseline: { url: `${bare.url}${path}`, method: 'POST', body: requestBody },
      serverPids: [server.child.pid!, bare.pid],
    });
    return [
      pairedRow({
        name: 'POST /api/agents/:id/resolve, production server vs bare node:http',
        unit: 'req/s',
        rounds,
        target: '>= 0.4',
      }),
    ];
  } finally {
    await bare.stop();
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** One of two production servers to compare: its environment, and headers for every request. */
interface ComparedServer {
  environment: Record<string, string>;
  headers?: Record<string, string>;
  /** Its own folder (for its SQLite file), made before it starts. */
  directory?: string;
}

/**
 * The resolve route's requests per second through two production servers with the same load, in
 * alternating rounds: `measured` against `baseline`, one row.
 */
async function compareServers({
  root,
  name,
  measured,
  baseline,
}: {
  root: string;
  name: string;
  measured: ComparedServer;
  baseline: ComparedServer;
}): Promise<BenchRow> {
  const servers: ServerProcess[] = [];
  const folders: string[] = [];
  try {
    for (const compared of [measured, baseline]) {
      const directory = compared.directory ?? mkdtempSync(join(tmpdir(), 'studio-bench-'));
      folders.push(directory);
      const server = await startServerProcess({
        root,
        directory,
        spawn,
        environment: { LOG_LEVEL: 'error', ...compared.environment },
      });
      servers.push(server);
      await resolveOnce(server.url, compared.headers);
    }
    const [measuredServer, baselineServer] = servers as [ServerProcess, ServerProcess];
    const rounds = await alternateRounds({
      measured: { url: `${measuredServer.url}${path}`, method: 'POST', body: requestBody, headers: measured.headers },
      baseline: { url: `${baselineServer.url}${path}`, method: 'POST', body: requestBody, headers: baseline.headers },
      serverPids: [measuredServer.child.pid!, baselineServer.child.pid!],
    });
    return pairedRow({ name, unit: 'req/s', rounds, target: '>= 0.9' });
  } finally {
    for (const server of servers) await server.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The same route and load with the database on PostgreSQL against SQLite: published versions and
 * pointers are served from memory on both, so PostgreSQL should cost next to nothing here.
 */
export async function benchResolveHttpPostgres({ root }: { root: string }): Promise<BenchRow[]> {
  const database = await startThrowawayPostgres();
  try {
    return [
      await compareServers({
        root,
        name: 'POST /api/agents/:id/resolve, database on PostgreSQL vs SQLite',
        measured: { environment: { DATABASE_URL: database.url, SECRETS_KEY: 'bench-postgres-secrets-key' } },
        baseline: { environment: {} },
      }),
    ];
  } finally {
    database.stop();
  }
}

/** A runtime key made in the database of a server about to start there, as `db key create` does. */
async function runtimeKeyIn(directory: string): Promise<string> {
  const storage = await openStorage({ url: `file:${join(directory, 'studio.db')}` });
  try {
    await storage.migrate();
    const apiKeys = createApiKeys({ storage });
    const created = await apiKeys.create({ name: 'bench', scope: 'runtime', createdBy: 'bench' });
    await apiKeys.close();
    return created.key;
  } finally {
    await storage.close();
  }
}

/**
 * The same route and load with sign-in required and a `runtime` API key on every request, against
 * the same server with sign-in off: the key's check is one cached lookup.
 */
export async function benchResolveHttpWithKey({ root }: { root: string }): Promise<BenchRow[]> {
  const directory = mkdtempSync(join(tmpdir(), 'studio-bench-'));
  const key = await runtimeKeyIn(directory);
  return [
    await compareServers({
      root,
      name: 'POST /api/agents/:id/resolve with a runtime API key (sign-in required) vs sign-in off',
      measured: { environment: { STUDIO_AUTH: 'required' }, headers: { authorization: `Bearer ${key}` }, directory },
      baseline: { environment: {} },
    }),
  ];
}
