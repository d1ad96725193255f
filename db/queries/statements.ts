/**
 * The statements several tables need, prepared once: insert a whole row, read and delete rows by
 * one column (one row by its `id`), update one row by its `id`, a page of a list by a unique column
 * or by a (time, id) key (newest or oldest first), and a record's versions read by number: a page, all of them,
 * the changed fields after a base (agent and saved MCP client versions alike). Table-specific SQL
 * stays in each table's file.
 */
import { and, asc, desc, eq, getTableColumns, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  SelectedFields,
  SQLiteColumn,
  SQLiteInsertValue,
  SQLiteTable,
  SQLiteUpdateSetSource,
} from 'drizzle-orm/sqlite-core';
import type { StudioDb } from '../client';
import { bind, everyColumn } from './placeholders';

type TableWithId = SQLiteTable & { id: SQLiteColumn };
type ColumnName<Table extends SQLiteTable> = keyof Table['$inferInsert'] & string;

const byId = <Table extends TableWithId>(table: Table) => eq(table.id, sql.placeholder('id'));

/** `SELECT * ... WHERE column = :name`. */
export const selectBy = <Table extends SQLiteTable>(db: StudioDb, table: Table, column: SQLiteColumn, name: string) =>
  db
    .select()
    .from(table)
    .where(eq(column, sql.placeholder(name)))
    .prepare();

/**
 * A page of a list ordered by one unique column: up to `:limit` rows whose `column` sorts after
 * `:name` (`''` for the first page), in that order.
 */
export const pageAfter = <Table extends SQLiteTable>(db: StudioDb, table: Table, column: SQLiteColumn, name: string) =>
  db
    .select()
    .from(table)
    .where(gt(column, sql.placeholder(name)))
    .orderBy(asc(column))
    .limit(sql.placeholder('limit'))
    .prepare();

/** The (time, id) key a page of a list is ordered by, and the rows it picks (every row without `where`). */
interface PageKey {
  time: SQLiteColumn;
  id: SQLiteColumn;
  where?: SQL;
}

/**
 * A page of a list ordered by a (time, id) key: up to `:limit` rows of those `where` picks whose key
 * sorts below (`:beforeTime`, `:beforeId`), newest first, or after (`:afterTime`, `:afterId`), oldest
 * first.
 */
function pageByKey<Table extends SQLiteTable>(
  db: StudioDb,
  table: Table,
  { time, id, where }: PageKey,
  order: 'newest first' | 'oldest first',
) {
  const [beyond, direction, bound] =
    order === 'newest first' ? ([lt, desc, 'before'] as const) : ([gt, asc, 'after'] as const);
  const boundTime = sql.placeholder(`${bound}Time`);
  return db
    .select()
    .from(table)
    .where(and(where, or(beyond(time, boundTime), and(eq(time, boundTime), beyond(id, sql.placeholder(`${bound}Id`))))))
    .orderBy(direction(time), direction(id))
    .limit(sql.placeholder('limit'))
    .prepare();
}

/** A page newest first: keys below (`:beforeTime`, `:beforeId`). */
export const pageBeforeKey = <Table extends SQLiteTable>(db: StudioDb, table: Table, key: PageKey) =>
  pageByKey(db, table, key, 'newest first');

/** A page oldest first: keys after (`:afterTime`, `:afterId`). */
export const pageAfterKey = <Table extends SQLiteTable>(db: StudioDb, table: Table, key: PageKey) =>
  pageByKey(db, table, key, 'oldest first');

/** The rows `where` picks (every row without it), oldest first by `createdAt`, the `id` breaking ties. */
export const listOldestFirst = <Table extends TableWithId & { createdAt: SQLiteColumn }>(
  db: StudioDb,
  table: Table,
  where?: SQL,
) => db.select().from(table).where(where).orderBy(asc(table.createdAt), asc(table.id)).prepare();

/** `SELECT fields ... WHERE column = :name`: a few columns or aggregates instead of whole rows. */
export const selectFieldsBy = <Fields extends SelectedFields>(
  db: StudioDb,
  fields: Fields,
  { from, where: [column, name] }: { from: SQLiteTable; where: readonly [column: SQLiteColumn, name: string] },
) =>
  db
    .select(fields)
    .from(from)
    .where(eq(column, sql.placeholder(name)))
    .prepare();

/** `DELETE ... WHERE column = :name`. */
export const deleteBy = (db: StudioDb, table: SQLiteTable, column: SQLiteColumn, name: string) =>
  db
    .delete(table)
    .where(eq(column, sql.placeholder(name)))
    .prepare();

/** `INSERT` of a whole row, every column bound to the placeholder of its name. */
export const insertRow = <Table extends SQLiteTable>(db: StudioDb, table: Table) =>
  db
    .insert(table)
    .values(everyColumn(table) as SQLiteInsertValue<Table>)
    .prepare();

/**
 * `INSERT` of a whole row that sets the row's other columns instead where its primary key, the
 * column `key` names, is taken: a row written by its key.
 */
export const upsertRow = <Table extends SQLiteTable>(db: StudioDb, table: Table, key: ColumnName<Table>) => {
  const others = Object.keys(getTableColumns(table)).filter((name) => name !== key);
  return db
    .insert(table)
    .values(everyColumn(table) as SQLiteInsertValue<Table>)
    .onConflictDoUpdate({
      target: getTableColumns(table)[key] as SQLiteColumn,
      set: Object.fromEntries(others.map((name) => [name, bind(name)])) as SQLiteUpdateSetSource<Table>,
    })
    .prepare();
};

/** `SELECT * ... WHERE id = :id`. */
export const selectById = <Table extends TableWithId>(db: StudioDb, table: Table) =>
  selectBy(db, table, table.id, 'id');

/** `DELETE ... WHERE id = :id`. */
export const deleteById = (db: StudioDb, table: TableWithId) => deleteBy(db, table, table.id, 'id');

/** `UPDATE ... SET ... WHERE id = :id`; `set` binds columns with `bind` (placeholders.ts). */
export const updateById = <Table extends TableWithId>(db: StudioDb, table: Table, set: SQLiteUpdateSetSource<Table>) =>
  db.update(table).set(set).where(byId(table)).prepare();

/**
 * `UPDATE ... SET column = :column, ... WHERE id = :id` for each of `columns`; `only`, when given,
 * is a further condition the row must meet (`AND status = 'running'`).
 */
export const updateColumnsById = <Table extends TableWithId>(
  db: StudioDb,
  table: Table,
  columns: Array<ColumnName<Table>>,
  only?: SQL,
) =>
  db
    .update(table)
    .set(Object.fromEntries(columns.map((name) => [name, bind(name)])) as SQLiteUpdateSetSource<Table>)
    .where(only ? and(byId(table), only) : byId(table))
    .prepare();

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
