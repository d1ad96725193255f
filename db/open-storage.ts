/**
 * Chooses the storage adapter from `DATABASE_URL`: `file:<path>`, a bare path or `:memory:` is a
 * SQLite file; `postgres://` or `postgresql://` a PostgreSQL database; anything else is refused with
 * a message that names the URL (its password hidden) and what is understood.
 */
import { existsSync } from 'node:fs';
import { databaseLocation } from './client';
import { openSqliteStorage } from './sqlite-storage';
import type { StorageLogger } from './postgres-storage';
import type { Storage } from './storage';

export class DatabaseUrlError extends Error {
  override readonly name = 'DatabaseUrlError';
}

export type DatabaseTarget = { kind: 'sqlite'; url: string } | { kind: 'postgres'; url: string };

const understood =
  'file:<path> (SQLite, the default file:./data/studio.db), :memory: or postgres://<user>:<password>@<host>:<port>/<database> (PostgreSQL)';

const postgresSchemes = new Set(['postgres', 'postgresql']);

/** A PostgreSQL URL that `pg` can connect with: it parses, and names a host (or a socket folder in `?host=`). */
function parsePostgresUrl(url: string): DatabaseTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseUrlError(`DATABASE_URL "${withoutPassword(url)}" is not a valid URL; use ${understood}.`);
  }
  if (parsed.hostname === '' && !parsed.searchParams.has('host'))
    throw new DatabaseUrlError(`DATABASE_URL "${withoutPassword(url)}" names no host; use ${understood}.`);
  return { kind: 'postgres', url };
}

/** Passwords are not repeated in messages. */
function withoutPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, '$1***@');
}

/** What a database URL names, or a `DatabaseUrlError` that says what is wrong with it. */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  const trimmed = url.trim();
  if (trimmed === '') throw new DatabaseUrlError(`DATABASE_URL is empty; use ${understood}.`);
  if (trimmed === ':memory:') return { kind: 'sqlite', url: trimmed };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  // A one-letter scheme is a Windows drive (`C:\data\studio.db`), a path.
  if (scheme === undefined || scheme.length === 1) return { kind: 'sqlite', url: trimmed };
  if (scheme === 'file') {
    if (trimmed.slice('file:'.length).trim() === '')
      throw new DatabaseUrlError(`DATABASE_URL "${trimmed}" names no file; use ${understood}.`);
    return { kind: 'sqlite', url: trimmed };
  }
  if (postgresSchemes.has(scheme)) return parsePostgresUrl(trimmed);
  throw new DatabaseUrlError(
    `DATABASE_URL "${withoutPassword(trimmed)}" uses the scheme "${scheme}:", which the studio cannot use; use ${understood}.`,
  );
}

/**
 * The storage adapter the URL names. The PostgreSQL adapter and its driver are loaded only for a
 * PostgreSQL URL, so a studio on SQLite does not hold them in memory.
 */
export async function openStorage({
  url,
  busyTimeoutMs,
  migrationsFolder,
  logger,
  existing = false,
}: {
  url: string;
  /** Refuse a SQLite file that is not there yet instead of creating it (a copy's source). */
  existing?: boolean;
  busyTimeoutMs?: number;
  /** For tests: another folder of migrations (SQLite or PostgreSQL, as the URL names). */
  migrationsFolder?: string;
  /** Where the PostgreSQL adapter reports a lost connection (SQLite has nothing to report). */
  logger?: StorageLogger;
}): Promise<Storage> {
  const target = parseDatabaseUrl(url);
  if (target.kind === 'postgres') {
    const { openPostgresStorage } = await import('./postgres-storage');
    return openPostgresStorage({ url: target.url, logger, migrationsFolder });
  }
  const location = databaseLocation(target.url);
  if (existing && location !== ':memory:' && !existsSync(location))
    throw new DatabaseUrlError(`DATABASE_URL "${target.url}" names a SQLite file that does not exist: ${location}.`);
  return openSqliteStorage({ url: target.url, busyTimeoutMs, migrationsFolder });
}
