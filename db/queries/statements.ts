/**
 * The statements every table of records needs, prepared once: read, update and delete one row by
 * its `id`. Table-specific SQL stays in each table's file.
 */
import { eq, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import type { StudioDb } from '../client';

type TableWithId = SQLiteTable & { id: SQLiteColumn };

const byId = <Table extends TableWithId>(table: Table) => eq(table.id, sql.placeholder('id'));

/** `SELECT * ... WHERE id = :id`. */
export const selectById = <Table extends TableWithId>(db: StudioDb, table: Table) =>
  db.select().from(table).where(byId(table)).prepare();

/** `DELETE ... WHERE id = :id`. */
export const deleteById = <Table extends TableWithId>(db: StudioDb, table: Table) =>
  db.delete(table).where(byId(table)).prepare();

/** `UPDATE ... SET ... WHERE id = :id`; `set` binds columns with `bind` (placeholders.ts). */
export const updateById = <Table extends TableWithId>(db: StudioDb, table: Table, set: SQLiteUpdateSetSource<Table>) =>
  db.update(table).set(set).where(byId(table)).prepare();
