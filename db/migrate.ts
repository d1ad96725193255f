/**
 * Applies the drizzle-kit migrations in `migrations/sqlite/`. Idempotent: applied migrations are recorded
 * in `__drizzle_migrations` (drizzle's own table and format) and skipped on the next run.
 *
 * Several processes may start on one database file at once (two servers, a server and the CLI).
 * drizzle's migrator reads what was applied before it takes the write lock, so two of them could
 * both apply the same migration; here the lock comes first (BEGIN IMMEDIATE: one writer at a time,
 * the others wait on the busy timeout), then what was applied is read, then the rest is applied,
 * all in one transaction.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { DatabaseHandle } from './client';

/** `db/` and `dist/` both sit one level below the repository root. */
export function defaultMigrationsFolder(): string {
  return fileURLToPath(new URL('../migrations/sqlite', import.meta.url));
}

const migrationsTable = '__drizzle_migrations';
/** Another process may be migrating a large database: wait longer than for an ordinary write. */
const migrationLockWaitMs = 60_000;

function appliedCount(handle: DatabaseHandle): number {
  const table = handle.sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(migrationsTable);
  if (!table) return 0;
  return (handle.sqlite.prepare(`SELECT count(*) AS n FROM ${migrationsTable}`).get() as { n: number }).n;
}

export function migrateDatabase(
  handle: DatabaseHandle,
  { migrationsFolder = defaultMigrationsFolder() }: { migrationsFolder?: string } = {},
): { applied: number; total: number } {
  if (!existsSync(migrationsFolder)) throw new Error(`Migrations folder not found: ${migrationsFolder}`);
  const migrations = readMigrationFiles({ migrationsFolder });
  const { sqlite } = handle;
  const busyTimeout = sqlite.pragma('busy_timeout', { simple: true }) as number;
  sqlite.pragma(`busy_timeout = ${migrationLockWaitMs}`);
  try {
    const apply = sqlite.transaction(() => {
      sqlite.exec(
        `CREATE TABLE IF NOT EXISTS ${migrationsTable} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
      );
      const last = sqlite
        .prepare(`SELECT created_at AS at FROM ${migrationsTable} ORDER BY created_at DESC LIMIT 1`)
        .get() as { at: number | string } | undefined;
      const record = sqlite.prepare(`INSERT INTO ${migrationsTable} ("hash", "created_at") VALUES (?, ?)`);
      let applied = 0;
      for (const migration of migrations) {
        if (last !== undefined && Number(last.at) >= migration.folderMillis) continue;
        for (const statement of migration.sql) if (statement.trim()) sqlite.exec(statement);
        record.run(migration.hash, migration.folderMillis);
        applied += 1;
      }
      return applied;
    });
    const applied = apply.immediate();
    return { applied, total: appliedCount(handle) };
  } finally {
    sqlite.pragma(`busy_timeout = ${busyTimeout}`);
  }
}
