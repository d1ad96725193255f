/** Every table read and written whole on PostgreSQL (db/whole-tables.ts has the list, the interface and SQLite's). */
import { count, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { newestFirst, primaryKeyColumns, type TableName, type WholeTables } from '../whole-tables';
import type { PostgresDb } from './queries/shared';
import { schemaTables as postgresTables } from './schema';

/**
 * `db` answers the database to use now: the open transaction of the calling context, or the pool
 * (the adapter's `currentDb`).
 */
export function postgresWholeTables(db: () => PostgresDb): WholeTables {
  const table = (name: TableName) => postgresTables[name] as PgTable;
  return {
    count: async (name) => (await db().select({ rows: count() }).from(table(name)))[0]?.rows ?? 0,
    page: async (name, { offset, limit }) =>
      db()
        .select()
        .from(table(name))
        .orderBy(...primaryKeyColumns<PgColumn>(getTableConfig(table(name))))
        .limit(limit)
        .offset(offset),
    insert: async (name, rows) => {
      if (rows.length === 0) return;
      await db().insert(table(name)).values(rows);
      // The audit log's identity does not see ids given to it: its next value is moved past the copied ones.
      if (name === 'auditLog')
        await db().execute(
          sql`SELECT setval(pg_get_serial_sequence('audit_log', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM audit_log), false)`,
        );
    },
    clear: async () => {
      for (const name of newestFirst) await db().delete(table(name));
    },
  };
}
