import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStudio, type StudioOptions } from '@/lib';
import { silentLogger } from '@/lib/logger';
import type { DatabaseHandle } from '@/db/client';
import type { Storage } from '@/db/storage';
import { createTestDatabase } from './postgres-database';

/**
 * Whether this test run puts its studios on PostgreSQL (the `integration-postgres` project runs the
 * storage, resolver, runtime and API tests again with it) instead of a SQLite file.
 */
export const onPostgres = process.env.STUDIO_TEST_DATABASE === 'postgres';

/** Every instance on a shared database needs the same secrets key; the tests' studios use this one. */
const postgresSecretsKey = 'test-secrets-key-for-postgres';

/**
 * Where a test studio keeps its data: a fresh, migrated SQLite file in a temp folder, or on
 * PostgreSQL a fresh database copied from the migrated template. `reopen` holds the options that
 * open the same data again (a restart).
 */
async function createTestDatabaseOptions(directory: string) {
  if (!onPostgres) {
    const databaseFile = join(directory, 'studio.db');
    return { databaseFile, reopen: { database: { url: `file:${databaseFile}` } }, drop: async () => {} };
  }
  const database = await createTestDatabase();
  return {
    databaseFile: undefined,
    reopen: { database: { url: database.url }, settings: { secretsKey: postgresSecretsKey } },
    drop: database.drop,
  };
}

/** A studio on its own fresh database (see `createTestDatabaseOptions`); `cleanup()` closes and removes it. */
export async function createTestStudio(options: StudioOptions = {}) {
  const directory = mkdtempSync(join(tmpdir(), 'studio-test-'));
  const { databaseFile, reopen, drop } = await createTestDatabaseOptions(directory);
  const studio = await createStudio({
    logger: silentLogger,
    ...options,
    database: options.database ?? reopen.database,
    settings: { mode: 'test', ...reopen.settings, ...options.settings },
  });
  return {
    studio,
    directory,
    /** The SQLite file (undefined on PostgreSQL). */
    databaseFile,
    /** What `createStudio` needs besides its own options to open the same data again. */
    reopen,
    async cleanup() {
      await studio.close();
      await drop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** JSON request helper for `studio.api.request`. */
export function jsonRequest(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  };
}

type TestStudio = Awaited<Awaited<ReturnType<typeof createTestStudio>>>['studio'];

// Response bodies are checked with matchers; typing each one would only restate the assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResponseBody = Record<string, any>;

/** One request through `studio.api.request` (JSON when it has a body); the answer parsed (`{}` when empty). */
export async function call(studio: TestStudio, method: string, path: string, body?: unknown) {
  const response = await studio.api.request(path, body === undefined ? { method } : jsonRequest(method, body));
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as ResponseBody };
}

/** POST /api/agents, then publish version 1; throws with the answer when either fails. */
export async function createAndPublish(studio: TestStudio, body: Record<string, unknown>) {
  const created = await call(studio, 'POST', '/api/agents', body);
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const published = await call(studio, 'POST', `/api/agents/${String(body.id)}/versions/1/publish`, {});
  if (published.status !== 200) throw new Error(`publish failed: ${JSON.stringify(published.body)}`);
  return created.body;
}

/**
 * The SQLite connection under a test studio, for tests that look at or plant rows directly. Only a
 * SQLite studio has one; such tests run on SQLite only.
 */
export function sqliteHandle(studio: { storage: Storage }): DatabaseHandle {
  const handle = (studio.storage as Partial<{ handle: DatabaseHandle }>).handle;
  if (!handle)
    throw new Error(`This test reads rows directly, which needs a SQLite studio, not ${studio.storage.description}.`);
  return handle;
}

/** The SQLite file under a test studio, for tests that read the file itself (SQLite only). */
export function sqliteFile(test: { databaseFile: string | undefined }): string {
  if (!test.databaseFile) throw new Error('This test reads the SQLite file, which a PostgreSQL studio has not.');
  return test.databaseFile;
}
