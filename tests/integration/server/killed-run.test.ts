/**
 * A run cut off by a killed server: the next server on the same database file ends it as failed
 * ("interrupted") once the killed process has been silent for `STUDIO_PROCESS_SILENT_AFTER_MS`,
 * through real processes (dist/server.js with the test configuration's scripted model) and real HTTP.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const root = join(import.meta.dirname, '..', '..', '..');
const directory = mkdtempSync(join(tmpdir(), 'studio-killed-run-'));
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
  rmSync(directory, { recursive: true, force: true });
});

/** A server on the test's database file; a process counts as stopped after two silent seconds. */
async function start(): Promise<ServerProcess> {
  const server = await startServerProcess({
    root,
    directory,
    spawn,
    config: 'test',
    environment: {
      SECRETS_KEY: 'killed-run-test-secrets-key',
      LOG_LEVEL: 'error',
      STUDIO_PROCESS_SILENT_AFTER_MS: '2000',
    },
  });
  servers.push(server);
  return server;
}

async function send(server: ServerProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('a run whose server was killed', () => {
  it('is ended as failed by the next server on the database once the killed one has been silent a while', async () => {
    const first = await start();
    const created = await send(first, 'POST', '/api/agents', {
      id: 'patient',
      name: 'Patient',
      model: 'test/scripted',
      instructions: 'Answer slowly.',
    });
    expect(created.status).toBe(201);
    expect((await send(first, 'POST', '/api/agents/patient/versions/1/publish', {})).status).toBe(200);
    // The model's answer is a minute away: the run is stored as running and stays so.
    const streamed = await fetch(`${first.url}/api/agents/patient/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: '[[delay 60000]] Take your time.' }),
    });
    const reader = streamed.body!.getReader();
    const firstEvent = new TextDecoder().decode((await reader.read()).value);
    const runId = /"runId":"([^"]+)"/.exec(firstEvent)![1]!;
    expect((await send(first, 'GET', `/api/runs/${runId}`)).body.status).toBe('running');

    await first.stop('SIGKILL');
    await reader.cancel().catch(() => undefined);
    const killedAt = Date.now();
    const next = await start();
    await expect
      .poll(async () => (await send(next, 'GET', `/api/runs/${runId}`)).body.status, { timeout: 15_000, interval: 200 })
      .toBe('failed');
    // Two seconds of silence, judged by a server heard for two seconds, swept three times in that span.
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    const run = (await send(next, 'GET', `/api/runs/${runId}`)).body;
    expect(run.error).toMatchObject({ code: 'unavailable', details: { runId, reason: 'interrupted' } });
    const failed = await send(next, 'GET', '/api/runs?agentId=patient&status=failed');
    expect(failed.body.items.map((item: { runId: string }) => item.runId)).toEqual([runId]);
  }, 60_000);
});
