import { openDatabase } from '../../db/client';
import { createStudio, type StudioOptions } from '../index';
import { silentLogger } from '../logger';
import { demoAgentId, seedStudio } from '../seed';
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

/** `db seed`: migrates, then creates the demo agent when the database has no agents. */
export async function runDbSeed({
  settings,
  io,
  studioOptions,
}: {
  settings: Settings;
  io: CliIo;
  studioOptions: StudioOptions;
}) {
  const studio = createStudio({ ...studioOptions, settings, logger: silentLogger });
  try {
    const { created } = await seedStudio(studio);
    io.stdout(
      created
        ? `Created and published the demo agent "${demoAgentId}" in ${studio.database.location}.`
        : `The database ${studio.database.location} already has agents; nothing was seeded.`,
    );
    return 0;
  } finally {
    await studio.close();
  }
}

export function unknownCommand(words: string[], usage: string): never {
  throw new CliError(`Unknown command: ${words.join(' ') || '(none)'}\n\n${usage}`);
}
