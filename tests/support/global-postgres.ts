/**
 * Starts one throwaway PostgreSQL server for the integration tests (the machine's own binaries, in
 * a temp folder, on a free port: scripts/postgres-server.mjs) and migrates a template database
 * in it, so a test file gets a fresh migrated database in milliseconds with `CREATE DATABASE ...
 * TEMPLATE` (tests/support/postgres-database.ts). Tests find the server through
 * STUDIO_TEST_POSTGRES_URL; where PostgreSQL is not installed it stays unset, the reason is printed
 * and the PostgreSQL tests are skipped.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgresStorage } from '../../db/postgres-storage';
import { findPostgresBinaries, startThrowawayPostgres } from '../../scripts/postgres-server.mjs';
import { postgresTemplateDatabase } from './postgres-database';

export default async function setup() {
  if (!findPostgresBinaries()) {
    process.stdout.write(
      'PostgreSQL is not installed (apt-get install postgresql): the PostgreSQL storage tests are skipped.\n',
    );
    return;
  }
  // Under root the server runs as the postgres user, which must reach the folder.
  const parent = mkdtempSync(join(tmpdir(), 'studio-postgres-'));
  chmodSync(parent, 0o755);
  const server = await startThrowawayPostgres({ parent });
  const adminUrl = server.url('postgres');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${postgresTemplateDatabase}`);
  await admin.end();
  const template = openPostgresStorage({ url: server.url(postgresTemplateDatabase) });
  await template.migrate();
  await template.close();
  process.env.STUDIO_TEST_POSTGRES_URL = adminUrl;
  return () => {
    server.stop();
    rmSync(parent, { recursive: true, force: true });
  };
}
