/**
 * `db migrate` and `db seed`: work on the configured database directly, without a server. The
 * database and studio code is loaded only when one of them runs, so other commands start quickly.
 */
import type { Command } from 'commander';
import { settingsFromEnvironment } from '../../env';
import type { CliContext } from '../context';

export function registerDbCommands(parent: Command, cli: CliContext) {
  const db = parent.command('db').description('the database itself (no server needed; DATABASE_URL)');
  const settings = async () => settingsFromEnvironment(cli.environment, (await cli.studioOptions()).settings);

  db.command('migrate')
    .description('apply pending migrations to the configured database')
    .action(async () => {
      const [{ openDatabase }, { migrateDatabase }] = await Promise.all([
        import('../../../db/client'),
        import('../../../db/migrate'),
      ]);
      const database = openDatabase({ url: (await settings()).databaseUrl });
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
      const [{ createStudio }, { silentLogger }, { demoAgentId, seedStudio }] = await Promise.all([
        import('../../index'),
        import('../../logger'),
        import('../../seed'),
      ]);
      const studio = await createStudio({
        ...(await cli.studioOptions()),
        settings: await settings(),
        logger: silentLogger,
      });
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
