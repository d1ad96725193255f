/**
 * Several processes on one database file: starting together they migrate once (under the write
 * lock) and seed once, share one key file, and a write that waits too long for another process's
 * lock (an agent run's included) is answered 503 `busy` with Retry-After instead of a 500.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createScriptedModel } from '../../support/scripted-model';
import { createTestStudio, jsonRequest } from '../../support/studio';

const root = join(import.meta.dirname, '..', '..', '..');
const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function runCli(args: string[], databaseFile: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'dist', 'cli.js'), ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        DATABASE_URL: `file:${databaseFile}`,
        LOG_LEVEL: 'silent',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('two processes on one database file', () => {
  it('migrate once and seed once when they start together, sharing one key file readable by its owner only', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'studio-race-'));
    directories.push(directory);
    const databaseFile = join(directory, 'data', 'studio.db');
    const runs = await Promise.all(Array.from({ length: 4 }, () => runCli(['db', 'seed'], databaseFile)));
    for (const run of runs) expect(run.code, run.output).toBe(0);
    expect(runs.filter((run) => /Created and published/.test(run.output))).toHaveLength(1);

    const database = new Database(databaseFile, { readonly: true });
    try {
      const migrations = readdirSync(join(root, 'migrations', 'sqlite')).filter((name) => name.endsWith('.sql')).length;
      expect(database.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get()).toEqual({ n: migrations });
      expect(database.prepare('SELECT id FROM agents').all()).toEqual([{ id: 'demo-assistant' }]);
      expect(database.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'agent.create'").get()).toEqual({
        n: 1,
      });
    } finally {
      database.close();
    }
    expect(readdirSync(join(directory, 'data')).filter((name) => name.startsWith('secrets.key'))).toEqual([
      'secrets.key',
    ]);
    for (const name of ['studio.db', 'secrets.key']) {
      expect(statSync(join(directory, 'data', name)).mode & 0o777, name).toBe(0o600);
    }
  });

  it('answers 503 busy with Retry-After while another process holds the write lock too long', async () => {
    const context = await createTestStudio({ settings: { databaseBusyTimeoutMs: 100 } });
    directories.push(context.directory);
    const other = new Database(context.databaseFile);
    try {
      other.exec('BEGIN IMMEDIATE');
      const agent = { id: 'while-locked', name: 'x', model: 'openai/gpt-4o-mini', instructions: 'x' };
      const refused = await context.studio.api.request('/api/agents', jsonRequest('POST', agent));
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect((await refused.json()).error.code).toBe('busy');
      other.exec('ROLLBACK');
      const retried = await context.studio.api.request('/api/agents', jsonRequest('POST', agent));
      expect(retried.status).toBe(201);
    } finally {
      other.close();
      await context.studio.close();
    }
  });
  it('answers a streamed run 503 busy while another process holds the lock; a generated run is answered and stored once the lock is free', async () => {
    const context = await createTestStudio({
      settings: { databaseBusyTimeoutMs: 100 },
      models: { 'test/scripted': createScriptedModel({ respond: () => ({ text: 'Hello.' }) }) },
    });
    directories.push(context.directory);
    const agent = { id: 'runner', name: 'x', model: 'test/scripted', instructions: 'x' };
    expect((await context.studio.api.request('/api/agents', jsonRequest('POST', agent))).status).toBe(201);
    const published = await context.studio.api.request(
      '/api/agents/runner/versions/1/publish',
      jsonRequest('POST', {}),
    );
    expect(published.status).toBe(200);
    const other = new Database(context.databaseFile);
    const storedStatus = (runId: string) =>
      (other.prepare('select status from runs where id = ?').get(runId) as { status: string } | undefined)?.status;
    try {
      other.exec('BEGIN IMMEDIATE');
      // A streamed run is stored when it starts (its id can be looked up while it streams).
      const refused = await context.studio.api.request(
        '/api/agents/runner/stream',
        jsonRequest('POST', { prompt: 'Hi.' }),
      );
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect((await refused.json()).error.code).toBe('busy');
      // A generated run is stored when it is over, with others: its write waits for the lock.
      const answered = await context.studio.api.request(
        '/api/agents/runner/generate',
        jsonRequest('POST', { prompt: 'Hi.' }),
      );
      expect(answered.status).toBe(200);
      const { runId, text } = (await answered.json()) as { runId: string; text: string };
      expect(text).toBe('Hello.');
      const whileLocked = await context.studio.api.request(`/api/runs/${runId}`);
      expect(whileLocked.status).toBe(200);
      expect((await whileLocked.json()).status).toBe('finished');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(storedStatus(runId)).toBeUndefined();
      other.exec('ROLLBACK');
      await vi.waitFor(() => expect(storedStatus(runId)).toBe('finished'), { timeout: 5_000, interval: 100 });

      const retried = await context.studio.api.request(
        '/api/agents/runner/stream',
        jsonRequest('POST', { prompt: 'Hi.' }),
      );
      expect(retried.status).toBe(200);
      expect(await retried.text()).toContain('Hello.');
    } finally {
      other.close();
      await context.studio.close();
    }
  });
});
