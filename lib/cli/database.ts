/**
 * How `db` commands reach the database without a server: the settings of this invocation
 * (environment over studio.config.ts) and the storage a URL names. The storage code is loaded
 * only when a `db` command runs, so other commands start quickly.
 */
import type { Storage } from '../../db/storage';
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
  try {
    return await openStorage({ url, existing });
  } catch (error) {
    if (error instanceof DatabaseUrlError) throw new CliError(option ? `${option}: ${error.message}` : error.message);
    throw error;
  }
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
