/**
 * How `db` commands reach the database without a server: the settings of this invocation
 * (environment over studio.config.ts) and the storage a URL names. The storage code is loaded
 * only when a `db` command runs, so other commands start quickly.
 */
import { existsSync, rmSync } from 'node:fs';
import type { Storage } from '../../db/storage';
import { issueMessages } from '../errors';
import { settingsFromEnvironment, type Settings } from '../env';
import type { CliContext } from './context';
import { CliError } from './io';

export async function configuredSettings(cli: CliContext): Promise<Settings> {
  return settingsFromEnvironment(cli.environment, (await cli.studioOptions()).settings);
}

/**
 * The storage a URL names (`DATABASE_URL`, or the option given as `option`). A URL the studio
 * cannot use is a plain CLI error (exit code 1), its message saying what is understood.
 */
export async function openConfiguredStorage(url: string, option?: string, existing = false): Promise<Storage> {
  const { DatabaseUrlError, openStorage } = await import('../../db/open-storage');
  const refused = (message: string) => new CliError(option ? `${option}: ${message}` : message);
  let storage: Storage;
  try {
    storage = await openStorage({ url, existing });
  } catch (error) {
    if (error instanceof DatabaseUrlError) throw refused(error.message);
    throw error;
  }
  // A PostgreSQL connection is made on first use: one trivial read says now, in words, when the
  // server cannot be reached or the database does not exist.
  const checked = await storage.check();
  if (checked.ok) return storage;
  await storage.close();
  throw refused(issueMessages(checked.issues));
}

/**
 * The SQLite file a URL names when it does not exist yet (opening it will create it), so a command
 * that fails can remove what it created; undefined for one that exists, `:memory:` or PostgreSQL.
 */
export async function fileToBeCreated(url: string): Promise<string | undefined> {
  const [{ DatabaseUrlError, parseDatabaseUrl }, { databaseLocation }] = await Promise.all([
    import('../../db/open-storage'),
    import('../../db/client'),
  ]);
  let target: ReturnType<typeof parseDatabaseUrl>;
  try {
    target = parseDatabaseUrl(url);
  } catch (error) {
    // Opening it says what is wrong with it.
    if (error instanceof DatabaseUrlError) return undefined;
    throw error;
  }
  if (target.kind !== 'sqlite') return undefined;
  const location = databaseLocation(target.url);
  return location === ':memory:' || existsSync(location) ? undefined : location;
}

/** Removes a SQLite file this command created, with its WAL and shared-memory files. */
export function removeCreatedFile(location: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${location}${suffix}`, { force: true });
}

/**
 * Runs `work` on the configured database, migrated first as a server start would (unless
 * studio.config.ts says `migrate: false`), and closes it whatever happens.
 */
export async function withConfiguredStorage<T>(
  cli: CliContext,
  work: (storage: Storage, settings: Settings) => Promise<T>,
): Promise<T> {
  const settings = await configuredSettings(cli);
  const storage = await openConfiguredStorage(settings.databaseUrl);
  try {
    if ((await cli.studioOptions()).migrate !== false) await storage.migrate();
    return await work(storage, settings);
  } finally {
    await storage.close();
  }
}
