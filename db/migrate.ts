/**
 * Applies the drizzle-kit migrations in `migrations/`. Idempotent: applied migrations are recorded
 * in `__drizzle_migrations` and skipped on the next run.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { DatabaseHandle } from './client';

/** `db/` and `dist/` both sit one level below the repository root. */
export function defaultMigrationsFolder(): string {
  return fileURLToPath(new URL('../migrations', import.meta.url));
}

function appliedCount(handle: DatabaseHandle): number {
  const table = handle.sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return 0;
  return (handle.sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
}

export function migrateDatabase(
  handle: DatabaseHandle,
  { migrationsFolder = defaultMigrationsFolder() }: { migrationsFolder?: string } = {},
): { applied: number; total: number } {
  if (!existsSync(migrationsFolder)) throw new Error(`Migrations folder not found: ${migrationsFolder}`);
  const before = appliedCount(handle);
  migrate(handle.db, { migrationsFolder });
  const total = appliedCount(handle);
  return { applied: total - before, total };
}
