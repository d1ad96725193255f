/**
 * Chooses the storage adapter from `DATABASE_URL`: `file:<path>`, a bare path or `:memory:` is a
 * SQLite file; anything else is refused with a message that names the URL and what is understood.
 */
import { openSqliteStorage } from './sqlite-storage';
import type { Storage } from './storage';

export class DatabaseUrlError extends Error {
  override readonly name = 'DatabaseUrlError';
}

export type DatabaseTarget = { kind: 'sqlite'; url: string } | { kind: 'postgres'; url: string };

const understood = 'file:<path> (SQLite, the default file:./data/studio.db) or :memory:';

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
  throw new DatabaseUrlError(
    `DATABASE_URL "${withoutPassword(trimmed)}" uses the scheme "${scheme}:", which the studio cannot use; use ${understood}.`,
  );
}

export function openStorage({
  url,
  busyTimeoutMs,
  migrationsFolder,
}: {
  url: string;
  busyTimeoutMs?: number;
  /** For tests: another folder of SQLite migrations. */
  migrationsFolder?: string;
}): Storage {
  const target = parseDatabaseUrl(url);
  return openSqliteStorage({ url: target.url, busyTimeoutMs, migrationsFolder });
}
