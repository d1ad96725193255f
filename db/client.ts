/**
 * Opens the one SQLite connection a studio uses. WAL with synchronous=NORMAL survives a killed
 * process (not a power loss); foreign keys are on; a busy timeout lets several processes share
 * the file.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema';

export type StudioDb = BetterSQLite3Database<typeof schema>;

export interface DatabaseHandle {
  /** The drizzle database (typed queries). */
  db: StudioDb;
  /** The raw better-sqlite3 connection (prepared statements on the hot path). */
  sqlite: Database.Database;
  /** The file path, or `:memory:`. */
  location: string;
  close(): void;
}

/** `file:./data/studio.db`, `./data/studio.db`, `file::memory:` and `:memory:` are understood. */
export function databaseLocation(url: string): string {
  const path = url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (path === ':memory:' || path === '') return ':memory:';
  return resolve(path);
}

export function openDatabase({ url, busyTimeoutMs = 5_000 }: { url: string; busyTimeoutMs?: number }): DatabaseHandle {
  const location = databaseLocation(url);
  if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
  const sqlite = new Database(location);
  sqlite.pragma(`busy_timeout = ${Math.floor(busyTimeoutMs)}`);
  if (location !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = drizzle(sqlite, { schema });
  let closed = false;
  return {
    db,
    sqlite,
    location,
    close() {
      if (closed) return;
      closed = true;
      sqlite.close();
    },
  };
}
