/**
 * Applies the drizzle-kit migrations in `migrations/postgres/` with drizzle's migrator (applied
 * migrations are recorded in drizzle.__drizzle_migrations and skipped next time).
 *
 * Several instances may start on one database at once. drizzle's migrator reads what was applied
 * before its transaction begins, so two of them could both apply the same migration; here each
 * first takes one session-level advisory lock on a dedicated connection: the others wait for it,
 * then find nothing left to apply.
 */
import { existsSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/** Any fixed number will do, as long as every studio uses the same one: "studio migrations". */
const migrationLockKey = 7_315_062_911;

async function appliedCount(client: pg.PoolClient): Promise<number> {
  const table = await client.query<{ name: string | null }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name",
  );
  if (!table.rows[0]?.name) return 0;
  const count = await client.query<{ n: number }>('SELECT count(*)::integer AS n FROM drizzle.__drizzle_migrations');
  return count.rows[0]?.n ?? 0;
}

export async function migratePostgres(
  pool: pg.Pool,
  { migrationsFolder }: { migrationsFolder: string },
): Promise<{ applied: number; total: number }> {
  if (!existsSync(migrationsFolder)) throw new Error(`Migrations folder not found: ${migrationsFolder}`);
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    try {
      const before = await appliedCount(client);
      await migrate(drizzle(client), { migrationsFolder });
      const total = await appliedCount(client);
      return { applied: total - before, total };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}
