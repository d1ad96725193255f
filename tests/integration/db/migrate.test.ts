import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { migrateDatabase } from '@/db/migrate';

const root = join(import.meta.dirname, '..', '..', '..');

function schemaOf(file: string) {
  const handle = openDatabase({ url: `file:${file}` });
  try {
    return handle.sqlite
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
      .all();
  } finally {
    handle.close();
  }
}

describe('database migrations', () => {
  const directories: string[] = [];
  const tempDirectory = () => {
    const directory = mkdtempSync(join(tmpdir(), 'studio-migrate-'));
    directories.push(directory);
    return directory;
  };
  afterEach(() => directories.splice(0).forEach((directory) => rmSync(directory, { recursive: true, force: true })));

  it('creates every table on a new file and changes nothing when run again', () => {
    const file = join(tempDirectory(), 'nested', 'studio.db');
    const handle = openDatabase({ url: `file:${file}` });
    const first = migrateDatabase(handle);
    const second = migrateDatabase(handle);
    handle.close();
    expect(first.applied).toBeGreaterThan(0);
    expect(second).toEqual({ applied: 0, total: first.total });
    const names = (schemaOf(file) as Array<{ name: string }>).map((entry) => entry.name);
    for (const table of [
      'agents',
      'agent_versions',
      'version_labels',
      'mcp_clients',
      'mcp_client_versions',
      'audit_log',
      'runs',
      'task_lists',
      'api_keys',
      'users',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('uses WAL, synchronous=NORMAL, foreign keys and a busy timeout', () => {
    const handle = openDatabase({ url: `file:${join(tempDirectory(), 'studio.db')}` });
    expect(handle.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(handle.sqlite.pragma('synchronous', { simple: true })).toBe(1);
    expect(handle.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(handle.sqlite.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    handle.close();
  });

  it('`agent-studio db migrate` (compiled CLI) migrates, then reports the database up to date', () => {
    const directory = tempDirectory();
    const file = join(directory, 'data', 'studio.db');
    const run = () =>
      execFileSync(process.execPath, [join(root, 'dist', 'cli.js'), 'db', 'migrate'], {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: `file:${file}` },
        encoding: 'utf8',
      });
    expect(run()).toMatch(/Applied \d+ migration/);
    expect(existsSync(file)).toBe(true);
    const before = schemaOf(file);
    expect(run()).toMatch(/is up to date/);
    expect(schemaOf(file)).toEqual(before);
  });

  it('`agent-studio db seed` creates and publishes the demo agent once, then leaves the database alone', () => {
    const file = join(tempDirectory(), 'studio.db');
    const seed = () =>
      execFileSync(process.execPath, [join(root, 'dist', 'cli.js'), 'db', 'seed'], {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: `file:${file}` },
        encoding: 'utf8',
      });
    expect(seed()).toMatch(/Created and published the demo agent "demo-assistant"/);
    expect(seed()).toMatch(/already has agents, or had them or a restore before; nothing was seeded/);
    const handle = openDatabase({ url: `file:${file}` });
    const rows = handle.sqlite.prepare('SELECT id, status, active_version_id FROM agents').all() as Array<
      Record<string, unknown>
    >;
    handle.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 'demo-assistant', status: 'published' });
    expect(rows[0]!.active_version_id).toEqual(expect.any(String));
  });
});
