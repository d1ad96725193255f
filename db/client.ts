/**
 * Opens the one SQLite connection a studio uses. WAL with synchronous=NORMAL survives a killed
 * process (not a power loss); foreign keys are on; a busy timeout lets several processes share
 * the file.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
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

/**
 * The database holds encrypted secrets and everything else of the studio: a new file (and a new
 * folder) is readable by its owner only, and an existing file others can read is narrowed. SQLite
 * gives its -wal and -shm files the database file's permissions.
 */
function createPrivately(location: string): void {
  mkdirSync(dirname(location), { recursive: true, mode: 0o700 });
  if (!existsSync(location)) closeSync(openSync(location, 'a', 0o600));
  for (const file of [location, `${location}-wal`, `${location}-shm`]) {
    if (!existsSync(file)) continue;
    const { mode, uid } = statSync(file);
    if ((mode & 0o077) !== 0 && (typeof process.getuid !== 'function' || uid === process.getuid()))
      chmodSync(file, 0o600);
  }
}

export function openDatabase({ url, busyTimeoutMs = 5_000 }: { url: string; busyTimeoutMs?: number }): DatabaseHandle {
  const location = databaseLocation(url);
  if (location !== ':memory:') createPrivately(location);
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
