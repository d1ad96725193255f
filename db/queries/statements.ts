/**
 * The statements several tables need, prepared once: read, update and delete one row by its `id`,
 * and a record's versions read by number: a page, all of them, the changed fields after a base
 * (agent and saved MCP client versions alike). Table-specific SQL stays in each table's file.
 */
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
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

type VersionTable = SQLiteTable & { changedFields: SQLiteColumn; versionNumber: SQLiteColumn };

/** One page of an owner's versions numbered below `beforeNumber`, newest first. */
export function versionPageBefore<Table extends VersionTable>(db: StudioDb, versions: Table, owner: SQLiteColumn) {
  const statement = db
    .select()
    .from(versions)
    .where(and(eq(owner, sql.placeholder('ownerId')), lt(versions.versionNumber, sql.placeholder('beforeNumber'))))
    .orderBy(desc(versions.versionNumber))
    .limit(sql.placeholder('limit'))
    .prepare();
  return ({ ownerId, beforeNumber, limit }: { ownerId: string; beforeNumber: number; limit: number }) =>
    statement.all({ ownerId, beforeNumber, limit }) as Array<Table['$inferSelect']>;
}

/** Every version of one owner, oldest first. */
export function allVersionsOf<Table extends VersionTable>(db: StudioDb, versions: Table, owner: SQLiteColumn) {
  const statement = db
    .select()
    .from(versions)
    .where(eq(owner, sql.placeholder('ownerId')))
    .orderBy(asc(versions.versionNumber))
    .prepare();
  return (ownerId: string) => statement.all({ ownerId }) as Array<Table['$inferSelect']>;
}

/** The `changedFields` of each version of one owner after a version number, oldest first. */
export function changedFieldsAfter<Table extends VersionTable>(db: StudioDb, versions: Table, owner: SQLiteColumn) {
  const statement = db
    .select({ changedFields: versions.changedFields })
    .from(versions)
    .where(and(eq(owner, sql.placeholder('ownerId')), gt(versions.versionNumber, sql.placeholder('versionNumber'))))
    .orderBy(asc(versions.versionNumber))
    .prepare();
  return (ownerId: string, versionNumber: number): string[][] =>
    statement.all({ ownerId, versionNumber }).map((row) => JSON.parse(String(row.changedFields)) as string[]);
}
