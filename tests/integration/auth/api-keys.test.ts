/**
 * API keys on both storage adapters: created and shown once, listed without the key, checked by one
 * cached lookup that sees revocation at once in this process and in another on the same SQLite file
 * (within seconds where nothing announces it), expired
 * on time, and their last use written in batches.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStorage } from '@/db/sqlite-storage';
import type { Storage } from '@/db/storage';
import { createApiKeys, type ApiKeys } from '@/lib/auth';
import { StudioError } from '@/lib/errors';
import { adapters, type OpenedDatabase } from '../storage-adapters/adapters';

const start = Date.parse('2030-01-01T00:00:00.000Z');

/** A key check's refusal: one issue about the key as a whole. */
const refused = (message: string) => ({ ok: false, issues: [{ path: 'root', message }] });

/** The storage with its key reads by hash counted: what the cache saves the database. */
function countingKeyReads(storage: Storage) {
  const counted = { reads: 0 };
  const apiKeys = new Proxy(storage.queries.apiKeys, {
    get(target, name, receiver) {
      if (name !== 'byHash') return Reflect.get(target, name, receiver);
      return (keyHash: string) => {
        counted.reads += 1;
        return target.byHash(keyHash);
      };
    },
  });
  const wrapped: Pick<Storage, 'queries' | 'generation' | 'transaction'> = {
    queries: { ...storage.queries, apiKeys },
    generation: () => storage.generation(),
    transaction: (work, options) => storage.transaction(work, options),
  };
  return { counted, wrapped };
}

async function rejection(promise: Promise<unknown>): Promise<StudioError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(StudioError);
  return error as StudioError;
}

describe.each(adapters)('API keys on $name', ({ missing, open }) => {
  let database: OpenedDatabase;
  let clock: number;
  let counted: { reads: number };
  let keys: ApiKeys;
  beforeEach(async (context) => {
    if (missing) return context.skip();
    database = await open();
    clock = start;
    const counting = countingKeyReads(database.storage);
    counted = counting.counted;
    keys = createApiKeys({ storage: counting.wrapped, now: () => new Date(clock), elapsedMs: () => clock });
  });
  afterEach(async () => {
    await keys?.close();
    await database?.close();
  });

  it('shows a new key once and stores only its hash; lists never show the key', async () => {
    const created = await keys.create({ name: 'orders app', scope: 'runtime', createdBy: 'user:ada@example.com' });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'orders app',
      scope: 'runtime',
      prefix: created.key.slice(0, 10),
      createdAt: new Date(start).toISOString(),
      expiresAt: null,
      key: expect.stringMatching(/^as_[0-9A-Za-z]{40}$/),
    });
    const stored = await database.storage.queries.apiKeys.byId(created.id);
    expect(stored?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    const listed = (await keys.list()).items;
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'orders app',
        scope: 'runtime',
        prefix: created.prefix,
        createdAt: created.createdAt,
        expiresAt: null,
        lastUsedAt: null,
        revokedAt: null,
        createdBy: 'user:ada@example.com',
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(10));
    clock += 1;
    const other = await keys.create({ name: 'second', scope: 'admin', createdBy: 'local' });
    expect(other.key).not.toBe(created.key);
    expect((await keys.list()).items.map((key) => key.name)).toEqual(['second', 'orders app']);
  });

  it('refuses a bad name, scope or expiry, naming each field', async () => {
    const issuesOf = async (input: Record<string, unknown>) =>
      (await rejection(keys.create({ name: 'k', scope: 'runtime', createdBy: 'local', ...input } as never))).details;
    expect(await issuesOf({ name: '' })).toEqual({ issues: [{ path: 'name', message: 'A name is required' }] });
    expect(await issuesOf({ name: 'x'.repeat(101) })).toEqual({
      issues: [{ path: 'name', message: 'A name has at most 100 characters' }],
    });
    expect(await issuesOf({ scope: 'root' })).toEqual({
      issues: [{ path: 'scope', message: 'The scope is one of runtime, editor or admin' }],
    });
    expect(await issuesOf({ expiresAt: 'tomorrow' })).toMatchObject({ issues: [{ path: 'expiresAt' }] });
    expect(await issuesOf({ expiresAt: new Date(start).toISOString() })).toEqual({
      issues: [{ path: 'expiresAt', message: 'The expiry must lie in the future' }],
    });
    expect(await issuesOf({ extra: true })).toEqual({ issues: [{ path: 'extra', message: 'Unknown field' }] });
    expect((await rejection(keys.create({ name: '', scope: 'runtime', createdBy: 'local' }))).code).toBe(
      'invalid_input',
    );
    expect((await keys.list()).items).toEqual([]);
  });

  it('refuses a second live key of the same name, which the audit log could not tell apart', async () => {
    const first = await keys.create({ name: 'orders', scope: 'runtime', createdBy: 'local' });
    const refused = await rejection(keys.create({ name: 'orders', scope: 'editor', createdBy: 'local' }));
    expect(refused.code).toBe('conflict');
    expect(refused.message).toContain('An API key named "orders" is in use');
    expect((await keys.list()).items.map((key) => key.name)).toEqual(['orders']);
    // Once that key is revoked, or expired, the name is free again.
    await keys.revoke({ id: first.id, actor: 'local' });
    const again = await keys.create({
      name: 'orders',
      scope: 'runtime',
      createdBy: 'local',
      expiresAt: new Date(start + 60_000).toISOString(),
    });
    clock = start + 120_000;
    expect((await keys.create({ name: 'orders', scope: 'runtime', createdBy: 'local' })).id).not.toBe(again.id);
  });

  it('accepts its own keys and refuses unknown and malformed ones', async () => {
    const created = await keys.create({ name: 'app', scope: 'editor', createdBy: 'local' });
    expect(await keys.verify(created.key)).toEqual({
      ok: true,
      value: { id: created.id, name: 'app', scope: 'editor' },
    });
    const unknown = refused('This is not an API key of this studio.');
    expect(await keys.verify(`as_${'a'.repeat(40)}`)).toEqual(unknown);
    expect(await keys.verify(created.key.slice(0, -1))).toEqual(unknown);
    expect(await keys.verify('')).toEqual(unknown);
    expect(await keys.verify(`Bearer ${created.key}`)).toEqual(unknown);
    expect(await keys.verify(`${created.key}${'x'.repeat(300)}`)).toEqual(unknown);
  });

  it('refuses a revoked key from the next check on, and revokes idempotently', async () => {
    const created = await keys.create({ name: 'app', scope: 'runtime', createdBy: 'local' });
    expect(await keys.verify(created.key)).toMatchObject({ ok: true });
    clock += 1_000;
    await keys.revoke({ id: created.id, actor: 'local' });
    expect(await keys.verify(created.key)).toEqual(refused('The API key "app" was revoked.'));
    clock += 1_000;
    await keys.revoke({ id: created.id, actor: 'local' });
    expect((await keys.list()).items[0]?.revokedAt).toBe(new Date(start + 1_000).toISOString());
    const error = await rejection(keys.revoke({ id: 'nobody', actor: 'local' }));
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('API key "nobody" does not exist.');
  });

  it('sees a revocation written elsewhere when the generation moves, and within 5 s when it does not', async () => {
    const first = await keys.create({ name: 'first', scope: 'runtime', createdBy: 'local' });
    const second = await keys.create({ name: 'second', scope: 'runtime', createdBy: 'local' });
    expect(await keys.verify(first.key)).toMatchObject({ ok: true });
    expect(await keys.verify(second.key)).toMatchObject({ ok: true });
    const { storage } = database;

    // Written as a plain statement: nothing moves the generation, so the cached row stands a while.
    await storage.queries.apiKeys.revoke({ id: first.id, revokedAt: new Date(clock).toISOString() });
    clock += 4_900;
    expect(await keys.verify(first.key)).toMatchObject({ ok: true });
    clock += 100;
    expect(await keys.verify(first.key)).toEqual(refused('The API key "first" was revoked.'));

    // Written in a transaction, as another writer would: the generation moves and the next check
    // reads, though the entry read just now is fresh.
    expect(await keys.verify(second.key)).toMatchObject({ ok: true });
    const reads = counted.reads;
    const generation = storage.generation();
    await storage.transaction(() =>
      storage.queries.apiKeys.revoke({ id: second.id, revokedAt: new Date(clock).toISOString() }),
    );
    expect(storage.generation()).not.toBe(generation);
    expect(await keys.verify(second.key)).toEqual(refused('The API key "second" was revoked.'));
    expect(counted.reads).toBe(reads + 1);
  });

  it('refuses a key once its expiry passes, though its row is cached', async () => {
    const expiresAt = new Date(start + 60_000).toISOString();
    const created = await keys.create({ name: 'app', scope: 'runtime', createdBy: 'local', expiresAt });
    expect(created.expiresAt).toBe(expiresAt);
    expect(await keys.verify(created.key)).toMatchObject({ ok: true });
    clock += 59_999;
    expect(await keys.verify(created.key)).toMatchObject({ ok: true });
    clock += 1;
    expect(await keys.verify(created.key)).toEqual(refused('The API key "app" has expired.'));
  });

  it('keeps an expiry given with an offset as the same instant in UTC', async () => {
    const created = await keys.create({
      name: 'app',
      scope: 'runtime',
      createdBy: 'local',
      expiresAt: '2030-01-01T03:00:00+02:00',
    });
    expect(created.expiresAt).toBe('2030-01-01T01:00:00.000Z');
  });

  it('writes when keys were last used on a flush, not on each check, stamped with the time of the use', async () => {
    const used = await keys.create({ name: 'used', scope: 'runtime', createdBy: 'local' });
    const idle = await keys.create({ name: 'idle', scope: 'runtime', createdBy: 'local' });
    for (let count = 0; count < 3; count += 1) {
      clock += 1_000;
      await keys.verify(used.key);
    }
    const lastUsed = async () => Object.fromEntries((await keys.list()).items.map((key) => [key.name, key.lastUsedAt]));
    expect(await lastUsed()).toEqual({ used: null, idle: null });
    clock += 1_000;
    await keys.flushUse();
    // The last of the three uses, not the flush a second later.
    expect(await lastUsed()).toEqual({ used: new Date(start + 3_000).toISOString(), idle: null });

    await keys.verify(idle.key);
    clock += 1_000;
    await keys.close();
    expect(await lastUsed()).toEqual({
      used: new Date(start + 3_000).toISOString(),
      idle: new Date(start + 4_000).toISOString(),
    });
  });

  it('never shows a use after the key was revoked, however late the flush', async () => {
    const created = await keys.create({ name: 'app', scope: 'runtime', createdBy: 'local' });
    clock += 1_000;
    await keys.verify(created.key);
    clock += 1_000;
    await keys.revoke({ id: created.id, actor: 'local' });
    clock += 3_000;
    await keys.flushUse();
    const [view] = (await keys.list()).items;
    expect(view?.lastUsedAt).toBe(new Date(start + 1_000).toISOString());
    expect(Date.parse(view!.lastUsedAt!)).toBeLessThan(Date.parse(view!.revokedAt!));
  });

  it('writes the last uses on its own every few seconds', async () => {
    const timed = createApiKeys({
      storage: database.storage,
      now: () => new Date(clock),
      elapsedMs: () => clock,
      flushIntervalMs: 20,
    });
    try {
      const created = await timed.create({ name: 'app', scope: 'runtime', createdBy: 'local' });
      await timed.verify(created.key);
      await vi.waitFor(async () => {
        expect((await timed.list()).items[0]?.lastUsedAt).toBe(new Date(start).toISOString());
      });
    } finally {
      await timed.close();
    }
  });

  it('reads the database once for a thousand checks of one key, and once for a repeated wrong key', async () => {
    const created = await keys.create({ name: 'app', scope: 'runtime', createdBy: 'local' });
    for (let count = 0; count < 500; count += 1) await keys.verify(created.key);
    const together = await Promise.all(Array.from({ length: 500 }, () => keys.verify(created.key)));
    expect(together.every((check) => check.ok)).toBe(true);
    expect(counted.reads).toBe(1);

    const wrong = `as_${'b'.repeat(40)}`;
    const misses = await Promise.all(Array.from({ length: 1_000 }, () => keys.verify(wrong)));
    expect(misses.every((check) => !check.ok)).toBe(true);
    expect(counted.reads).toBe(2);
    clock += 1_000;
    await keys.verify(wrong);
    expect(counted.reads).toBe(3);
  });
});

describe('API keys on one SQLite file shared by two processes', () => {
  it('refuses a key revoked by the other process from the next check on', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'studio-keys-'));
    const url = `file:${join(directory, 'studio.db')}`;
    const here = openSqliteStorage({ url });
    await here.migrate();
    // A connection of its own, as another server process on the same file has.
    const elsewhere = openSqliteStorage({ url });
    const keys = createApiKeys({ storage: here });
    const otherKeys = createApiKeys({ storage: elsewhere });
    try {
      const created = await keys.create({ name: 'app', scope: 'runtime', createdBy: 'local' });
      expect(await keys.verify(created.key)).toMatchObject({ ok: true });
      await otherKeys.revoke({ id: created.id, actor: 'local' });
      expect(await keys.verify(created.key)).toEqual(refused('The API key "app" was revoked.'));
    } finally {
      await keys.close();
      await otherKeys.close();
      await here.close();
      await elsewhere.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
