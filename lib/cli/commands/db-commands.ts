/**
 * `db migrate`, `db seed`, `db copy`, `db key create` and `db user create`: work on databases
 * directly, without a server. The database and studio code is loaded only when one of them runs,
 * so other commands start quickly.
 */
import type { Command } from 'commander';
import type { CliContext } from '../context';
import { configuredSettings, fileToBeCreated, openConfiguredStorage, removeCreatedFile } from '../database';
import { CliError } from '../io';
import { registerDbKeyCommands } from './db-key-commands';
import { registerDbUserCommands } from './db-user-commands';

export function registerDbCommands(parent: Command, cli: CliContext) {
  const db = parent.command('db').description('the database itself (no server needed; DATABASE_URL)');
  const settings = () => configuredSettings(cli);

  db.command('migrate')
    .description('apply pending migrations to the configured database')
    .action(async () => {
      const storage = await openConfiguredStorage((await settings()).databaseUrl);
      // A database file is named by its path; a server by its description.
      const where = storage.fileLocation ?? storage.description;
      try {
        const { applied, total } = await storage.migrate();
        cli.io.stdout(
          applied === 0
            ? `Database ${where} is up to date (${total} migrations applied).`
            : `Applied ${applied} migration(s) to ${where} (${total} in all).`,
        );
      } finally {
        await storage.close();
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
            ? `Created and published the demo agent "${demoAgentId}" in ${studio.storage.description}.`
            : `The database (${studio.storage.description}) already has agents, or had them or a restore before; nothing was seeded.`,
        );
      } finally {
        await studio.close();
      }
    });

  db.command('copy')
    .description('copy every table from one database to another (SQLite or PostgreSQL, either way)')
    .requiredOption('--from <url>', 'the database to copy (file:<path> or postgres://...)')
    .requiredOption('--to <url>', 'the database to copy into; it is migrated first and must be empty')
    .option('--force', 'replace everything the target already holds')
    .action(async (options: { from: string; to: string; force?: boolean }) => {
      const { copyDatabase, DatabaseCopyError } = await import('../../../db/copy');
      if (options.from.trim() === options.to.trim()) throw new CliError('--from and --to name the same database.');
      const source = await openConfiguredStorage(options.from, '--from', true);
      // A failed copy leaves the target as it was: a SQLite file it created is removed again.
      const created = await fileToBeCreated(options.to);
      let copiedWhole = false;
      try {
        const target = await openConfiguredStorage(options.to, '--to');
        try {
          await copyDatabase({
            source,
            target,
            force: options.force === true,
            onTable: ({ table, rows }) => cli.io.stdout(`${table}: ${rows} rows`),
          });
          copiedWhole = true;
          cli.io.stdout(`Copied ${source.description} to ${target.description}; every table matches.`);
        } catch (error) {
          if (error instanceof DatabaseCopyError) throw new CliError(error.message);
          throw error;
        } finally {
          await target.close();
        }
      } finally {
        await source.close();
        if (created && !copiedWhole) removeCreatedFile(created);
      }
    });

  registerDbKeyCommands(db, cli);
  registerDbUserCommands(db, cli);
}
