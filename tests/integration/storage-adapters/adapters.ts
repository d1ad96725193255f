/**
 * The storage adapters every contract test runs against: SQLite in a temp file, and PostgreSQL in a
 * fresh database of the tests' server (skipped, with the reason printed by the global setup, where
 * PostgreSQL is not installed). Each test opens its own database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../db/client';
import { migrateDatabase } from '../../../db/migrate';
import { openPostgresStorage } from '../../../db/postgres-storage';
import { openSqliteStorage } from '../../../db/sqlite-storage';
import type { Storage } from '../../../db/storage';
import { createTestDatabase, testPostgresUrl } from '../../support/postgres-database';

export interface OpenedDatabase {
  /** The database's URL on PostgreSQL, for a storage opened with other options. */
  postgresUrl: string | undefined;
  /** A migrated storage on a database of its own. */
  storage: Storage;
  /**
   * Another storage object on the same database: a second pool on PostgreSQL, as another process
   * would have; the same object on SQLite, whose one connection per process orders the writers.
   */
  other(): Storage;
  /**
   * Two storage objects (two pools) on one new database no migration has touched; undefined on
   * SQLite, whose adapter prepares its statements as it opens and so needs the tables first
   * (db/migrate.ts creates them there).
   */
  unmigrated: (() => Promise<[Storage, Storage]>) | undefined;
  close(): Promise<void>;
}

export interface Adapter {
  name: string;
  /** Whether the adapter's tests cannot run here. */
  missing: boolean;
  open(): Promise<OpenedDatabase>;
}

async function openSqlite(): Promise<OpenedDatabase> {
  const directory = mkdtempSync(join(tmpdir(), 'studio-storage-'));
  const url = `file:${join(directory, 'studio.db')}`;
  const tables = openDatabase({ url });
  migrateDatabase(tables);
  tables.close();
  const storage = openSqliteStorage({ url });
  return {
    storage,
    postgresUrl: undefined,
    other: () => storage,
    unmigrated: undefined,
    close: async () => {
      await storage.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function openPostgres(): Promise<OpenedDatabase> {
  const database = await createTestDatabase();
  const storage = openPostgresStorage({ url: database.url });
  const opened: Storage[] = [storage];
  const dropped: Array<() => Promise<void>> = [database.drop];
  return {
    storage,
    postgresUrl: database.url,
    other: () => {
      const another = openPostgresStorage({ url: database.url });
      opened.push(another);
      return another;
    },
    unmigrated: async () => {
      const empty = await createTestDatabase({ empty: true });
      dropped.push(empty.drop);
      const pair: [Storage, Storage] = [
        openPostgresStorage({ url: empty.url }),
        openPostgresStorage({ url: empty.url }),
      ];
      opened.push(...pair);
      return pair;
    },
    close: async () => {
      for (const each of opened) await each.close();
      for (const drop of dropped) await drop();
    },
  };
}

export const adapters: Adapter[] = [
  { name: 'SQLite', missing: false, open: openSqlite },
  { name: 'PostgreSQL', missing: testPostgresUrl() === undefined, open: openPostgres },
];
