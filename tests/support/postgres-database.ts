/**
 * A fresh database on the tests' PostgreSQL server (tests/support/global-postgres.ts), copied from
 * the migrated template: every test file (or test) gets its own, so they run side by side.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const postgresTemplateDatabase = 'studio_template';

/** The server's maintenance database URL, or undefined where PostgreSQL is not installed. */
export const testPostgresUrl = (): string | undefined => process.env.STUDIO_TEST_POSTGRES_URL || undefined;

function databaseUrl(database: string): string {
  const url = new URL(testPostgresUrl() ?? '');
  url.pathname = `/${database}`;
  return url.toString();
}

async function onAdmin<Result>(work: (admin: pg.Client) => Promise<Result>): Promise<Result> {
  const admin = new pg.Client({ connectionString: testPostgresUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Creates a database (migrated, unless `empty`) and answers its URL and how to drop it. The URL
 * names a server started for the tests: no password, loopback only.
 */
export async function createTestDatabase({ empty = false }: { empty?: boolean } = {}): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const database = `test_${randomUUID().replaceAll('-', '')}`;
  await onAdmin((admin) =>
    admin.query(
      `CREATE DATABASE ${database}${empty ? '' : ` TEMPLATE ${postgresTemplateDatabase} STRATEGY FILE_COPY`}`,
    ),
  );
  return {
    url: databaseUrl(database),
    drop: () =>
      onAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).then(() => undefined),
  };
}
