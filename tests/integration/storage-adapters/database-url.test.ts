/** Which database DATABASE_URL names, and the messages that refuse what the studio cannot use. */
import { describe, expect, it } from 'vitest';
import { DatabaseUrlError, parseDatabaseUrl } from '../../../db/open-storage';
import { describePostgresUrl } from '../../../db/postgres-storage';

describe('parseDatabaseUrl', () => {
  it.each([
    'file:./data/studio.db',
    './data/studio.db',
    '/var/lib/studio.db',
    ':memory:',
    'file::memory:',
    'C:\\data\\studio.db',
  ])('reads %s as a SQLite file', (url) => {
    expect(parseDatabaseUrl(url)).toEqual({ kind: 'sqlite', url });
  });

  it.each([
    'postgres://studio:secret@db.internal:5432/studio',
    'postgresql://studio@localhost/studio',
    'postgres://127.0.0.1:6543/studio?sslmode=require',
    'postgresql:///studio?host=/var/run/postgresql',
  ])('reads %s as a PostgreSQL database', (url) => {
    expect(parseDatabaseUrl(url)).toEqual({ kind: 'postgres', url });
  });

  it('refuses other schemes, naming the URL without its password and what is understood', () => {
    const refusal = () => parseDatabaseUrl('mysql://root:hunter2@db/studio');
    expect(refusal).toThrow(DatabaseUrlError);
    expect(refusal).toThrow('DATABASE_URL "mysql://root:***@db/studio" uses the scheme "mysql:"');
    expect(refusal).toThrow(/postgres:\/\/<user>:<password>@<host>:<port>\/<database> \(PostgreSQL\)/);
    expect(refusal).not.toThrow(/hunter2/);
  });

  it('refuses a malformed PostgreSQL URL, naming it without its password', () => {
    const badPort = () => parseDatabaseUrl('postgres://studio:hunter2@db.internal:99999/studio');
    expect(badPort).toThrow(DatabaseUrlError);
    expect(badPort).toThrow('DATABASE_URL "postgres://studio:***@db.internal:99999/studio" is not a valid URL');
    expect(badPort).not.toThrow(/hunter2/);
    expect(() => parseDatabaseUrl('postgres://')).toThrow('DATABASE_URL "postgres://" names no host');
  });

  it('refuses an empty URL and a file URL without a path', () => {
    expect(() => parseDatabaseUrl('  ')).toThrow('DATABASE_URL is empty');
    expect(() => parseDatabaseUrl('file:')).toThrow('DATABASE_URL "file:" names no file');
  });
});

describe('the PostgreSQL description', () => {
  it('names host, port and database, never the user or password', () => {
    expect(describePostgresUrl('postgres://studio:hunter2@db.internal:6543/agents')).toBe(
      'PostgreSQL db.internal:6543/agents',
    );
    expect(describePostgresUrl('postgresql://db.internal/agents')).toBe('PostgreSQL db.internal:5432/agents');
  });
});
