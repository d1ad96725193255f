/**
 * Whole tables, read and written row by row as they are stored: what copying a deployment from one
 * database to another needs (db/copy.ts), and what the per-table query objects do not offer. Rows
 * are keyed by the schema's property names, which both dialects share with identical row types, so
 * a row read from SQLite is inserted into PostgreSQL unchanged (and back). PostgreSQL's are in
 * db/postgres/whole-tables.ts.
 */
import { count, getTableName } from 'drizzle-orm';
import { getTableConfig as getSqliteTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { StudioDb } from './client';
import { schemaTables as sqliteTables } from './schema';

export type TableName = keyof typeof sqliteTables;

/** A table's name in the database (`agent_versions`), the same in both dialects. */
export const storedTableName = (name: TableName): string => getTableName(sqliteTables[name]);

/** One stored row, by the schema's property names. */
export type TableRow = Record<string, unknown>;

/** Every table, each after the tables its foreign keys point at (delete in the reverse order). */
export const tablesInCopyOrder = [
  'agents',
  'agentVersions',
  'versionLabels',
  'mcpClients',
  'mcpClientVersions',
  'mcpToolListings',
  'stdioLaunchSpecs',
  'integrationConfigs',
  'toolProviderConfigs',
  'modelProviderSettings',
  'auditLog',
  'runs',
  'taskLists',
  'testCases',
  'testCaseChanges',
  'users',
  'sessions',
  'accounts',
  'verifications',
  'rateLimits',
  'apiKeys',
  'evaluations',
] as const satisfies readonly TableName[];

// A table added to the schema and not to the list above fails to compile here, rather than being
// left behind by a copy.
type UnlistedTable = Exclude<TableName, (typeof tablesInCopyOrder)[number]>;
const everyTableListed: [UnlistedTable] extends [never] ? true : UnlistedTable = true;
void everyTableListed;

export interface WholeTables {
  count(table: TableName): Promise<number>;
  /** Rows `offset` to `offset + limit` of a table in primary key order (pages do not overlap). */
  page(table: TableName, range: { offset: number; limit: number }): Promise<TableRow[]>;
  /** Inserts rows as they are, their ids included. */
  insert(table: TableName, rows: TableRow[]): Promise<void>;
  /** Deletes every row of every table. */
  clear(): Promise<void>;
}

/** The primary key columns of a table, a composite key's included, in the order they are declared. */
export function primaryKeyColumns<Column>(config: {
  columns: Array<Column & { primary: boolean }>;
  primaryKeys: Array<{ columns: Column[] }>;
}): Column[] {
  return [...config.columns.filter((column) => column.primary), ...config.primaryKeys.flatMap((key) => key.columns)];
}

/** The tables in the order their rows can be deleted. */
export const newestFirst = [...tablesInCopyOrder].reverse();

export function sqliteWholeTables(db: StudioDb): WholeTables {
  const table = (name: TableName) => sqliteTables[name] as SQLiteTable;
  return {
    count: async (name) => db.select({ rows: count() }).from(table(name)).get()?.rows ?? 0,
    page: async (name, { offset, limit }) =>
      db
        .select()
        .from(table(name))
        .orderBy(...primaryKeyColumns<SQLiteColumn>(getSqliteTableConfig(table(name))))
        .limit(limit)
        .offset(offset)
        .all(),
    insert: async (name, rows) => {
      // AUTOINCREMENT remembers the highest id inserted, so the audit log's next id follows the copied ones.
      if (rows.length > 0) db.insert(table(name)).values(rows).run();
    },
    clear: async () => {
      for (const name of newestFirst) db.delete(table(name)).run();
    },
  };
}
