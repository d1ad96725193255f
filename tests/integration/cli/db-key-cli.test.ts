/**
 * `agent-studio db key create` on a database file, with no server: the key printed once checks out
 * against the same database, and bad input is a plain error with exit code 1 naming the option.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from '@/db/open-storage';
import type { Storage } from '@/db/storage';
import { createApiKeys } from '@/lib/auth';
import { runCapturing } from './cli-support';

const directory = mkdtempSync(join(tmpdir(), 'studio-db-key-'));
const databaseUrl = `file:${join(directory, 'studio.db')}`;
const environment = { DATABASE_URL: databaseUrl };

afterAll(() => rmSync(directory, { recursive: true, force: true }));

const run = (argv: string[]) => runCapturing(['db', ...argv], { environment });

async function withStorage<T>(work: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = await openStorage({ url: databaseUrl });
  try {
    return await work(storage);
  } finally {
    await storage.close();
  }
}

describe('agent-studio db key create', () => {
  it('prints a key once that the same database then accepts, with its scope', async () => {
    const created = await run(['key', 'create', '--name', 'deploy', '--scope', 'editor']);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^as_[0-9A-Za-z]{40}$/);
    expect(created.stderr).toContain('shown only now');
    expect(created.stderr).toContain('Authorization: Bearer <key>');
    expect(created.stderr).toContain('STUDIO_API_KEY');
    const check = await withStorage(async (storage) => {
      const apiKeys = createApiKeys({ storage });
      try {
        return await apiKeys.verify(created.stdout);
      } finally {
        await apiKeys.close();
      }
    });
    expect(check).toEqual({ ok: true, value: { id: expect.any(String), name: 'deploy', scope: 'editor' } });
  });

  it('prints with --json the object POST /api/keys answers, and records the CLI as its maker', async () => {
    const created = await run([
      'key',
      'create',
      '--name',
      'nightly',
      '--scope',
      'runtime',
      '--expires-at',
      '2099-01-01T00:00:00+02:00',
      '--json',
    ]);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const body = JSON.parse(created.stdout) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'key', 'name', 'prefix', 'scope']);
    expect(body).toMatchObject({ name: 'nightly', scope: 'runtime', expiresAt: '2098-12-31T22:00:00.000Z' });
    expect(body.key).toMatch(/^as_/);
    expect(String(body.key).startsWith(String(body.prefix))).toBe(true);
    const listed = (await withStorage((storage) => createApiKeys({ storage }).list())).items;
    expect(listed.find((key) => key.id === body.id)).toMatchObject({ createdBy: 'cli' });
    const entries = await withStorage((storage) =>
      storage.queries.audit.page({ entityId: String(body.id), beforeId: Number.MAX_SAFE_INTEGER, limit: 10 }),
    );
    expect(entries).toEqual([
      expect.objectContaining({ actor: 'cli', action: 'api_key.create', entity: 'api_key', entityId: body.id }),
    ]);
    expect(entries[0]!.details).not.toContain(String(body.key).slice(10));
  });

  it.each([
    [['--name', 'x', '--scope', 'owner'], '- --scope: The scope is one of runtime, editor or admin'],
    [['--name', '', '--scope', 'admin'], '- --name: A name is required'],
    [['--name', 'x', '--scope', 'admin', '--expires-at', 'soon'], '- --expires-at: An ISO date and time'],
    [['--name', 'x', '--scope', 'admin', '--expires-at', '2001-01-01T00:00:00Z'], '- --expires-at: The expiry must'],
  ])('refuses %j with exit code 1 and the problem by option', async (options, problem) => {
    const refused = await run(['key', 'create', ...options]);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toContain('The key was not created:');
    expect(refused.stderr).toContain(problem);
    expect(refused.stderr).not.toMatch(/^\s+at /m);
  });
});
