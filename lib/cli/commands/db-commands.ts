/** `db migrate` and `db seed`: work on the configured database directly, without a server. */
import type { Command } from 'commander';
import { openDatabase } from '../../../db/client';
import { migrateDatabase } from '../../../db/migrate';
import { settingsFromEnvironment } from '../../env';
import { createStudio } from '../../index';
import { silentLogger } from '../../logger';
import { demoAgentId, seedStudio } from '../../seed';
import type { CliContext } from '../context';

export function registerDbCommands(parent: Command, cli: CliContext) {
  const db = parent.command('db').description('the database itself (no server needed; DATABASE_URL)');
  const settings = () => settingsFromEnvironment(cli.environment, cli.studioOptions.settings);

  db.command('migrate')
    .description('apply pending migrations to the configured database')
    .action(() => {
      const database = openDatabase({ url: settings().databaseUrl });
      try {
        const { applied, total } = migrateDatabase(database);
        cli.io.stdout(
          applied === 0
            ? `Database ${database.location} is up to date (${total} migrations applied).`
            : `Applied ${applied} migration(s) to ${database.location} (${total} in all).`,
        );
      } finally {
        database.close();
      }
    });

  db.command('seed')
    .description('migrate, then create the demo agent when the database has no agents')
    .action(async () => {
      const studio = createStudio({ ...cli.studioOptions, settings: settings(), logger: silentLogger });
      try {
        const { created } = await seedStudio(studio);
        cli.io.stdout(
          created
            ? `Created and published the demo agent "${demoAgentId}" in ${studio.database.location}.`
            : `The database ${studio.database.location} already has agents; nothing was seeded.`,
        );
      } finally {
        await studio.close();
      }
    });
}
