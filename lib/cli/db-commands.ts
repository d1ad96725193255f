import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import type { Settings } from '../env';
import { CliError, type CliIo } from './io';

/** `db migrate`: applies pending migrations to the configured database, without a server. */
export function runDbMigrate({ settings, io }: { settings: Settings; io: CliIo }): number {
  const database = openDatabase({ url: settings.databaseUrl });
  try {
    const { applied, total } = migrateDatabase(database);
    io.stdout(
      applied === 0
        ? `Database ${database.location} is up to date (${total} migrations applied).`
        : `Applied ${applied} migration(s) to ${database.location} (${total} in all).`,
    );
    return 0;
  } finally {
    database.close();
  }
}

export function unknownCommand(words: string[], usage: string): never {
  throw new CliError(`Unknown command: ${words.join(' ') || '(none)'}\n\n${usage}`);
}
