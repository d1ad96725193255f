/**
 * What the PostgreSQL queries of every table share: the database they run on (chosen per call, see
 * `CurrentDb`), the comparisons that must order exactly as SQLite does, whole-row inserts, reads and
 * deletes by one column, pages of lists, and a record's versions read by number (agent and saved MCP
 * client versions alike).
 */
import { and, asc, desc, eq, getTableColumns, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgColumn, PgDatabase, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';

export type PostgresDb = PgDatabase<NodePgQueryResultHKT>;

/**
 * The database to run a query on now: the open transaction of the calling async context, or the
 * pool. A function, so one queries object serves transactions and plain reads alike.
 */
export type CurrentDb = () => PostgresDb;

/**
 * The column compared byte by byte, as SQLite compares text: the database's own collation may sort
 * `B` after `a` or ignore punctuation, which would change list order and page boundaries.
 */
export const binary = (column: PgColumn): SQL => sql`${column} collate "C"`;

/**
 * A page of a list ordered by one unique text column (byte order, as on SQLite): up to `limit`
 * rows whose `column` sorts after `after` (`''` for the first page), in that order.
 */
export const pageAfter = async <Table extends PgTable>(
  db: CurrentDb,
  table: Table,
  column: PgColumn,
  { after, limit }: { after: string; limit: number },
): Promise<Array<Table['$inferSelect']>> =>
  (await db()
    .select()
    .from(table as PgTable)
    .where(gt(binary(column), after))
    .orderBy(asc(binary(column)))
    .limit(limit)) as Array<Table['$inferSelect']>;

/** The (time, id) key a page of a list is ordered by, and the rows it picks (every row without `where`). */
interface PageKey {
  time: PgColumn;
  id: PgColumn;
  where?: SQL;
}

/**
 * A page of a list ordered by a (time, id) key compared byte by byte: up to `limit` rows of those
 * `where` picks whose key sorts beyond `from`, newest first (below it) or oldest first (after it).
 */
export async function pageByKey<Table extends PgTable>(
  db: CurrentDb,
  table: Table,
  { time, id, where }: PageKey,
  { from, limit, order }: { from: { time: string; id: string }; limit: number; order: 'newest first' | 'oldest first' },
): Promise<Array<Table['$inferSelect']>> {
  const [beyond, direction] = order === 'newest first' ? ([lt, desc] as const) : ([gt, asc] as const);
  return (await db()
    .select()
    .from(table as PgTable)
    .where(and(where, or(beyond(binary(time), from.time), and(eq(time, from.time), beyond(binary(id), from.id)))))
    .orderBy(direction(binary(time)), direction(binary(id)))
    .limit(limit)) as Array<Table['$inferSelect']>;
}

/** Inserts a whole row (`insertRow` of db/queries/statements.ts). */
export const insertRow =
  <Table extends PgTable>(db: CurrentDb, table: Table) =>
  async (row: Table['$inferInsert']): Promise<void> => {
    await db()
      .insert(table)
      .values(row as PgInsertValue<Table>);
  };

/**
 * Writes a whole row by its primary key, the column `key` names: inserted, or where the key is
 * taken, the row's other columns set (`upsertRow` of db/queries/statements.ts).
 */
export const upsertRow =
  <Table extends PgTable>(db: CurrentDb, table: Table, key: keyof Table['$inferInsert'] & string) =>
  async (row: Table['$inferInsert']): Promise<void> => {
    const others = Object.fromEntries(Object.entries(row as object).filter(([name]) => name !== key));
    await db()
      .insert(table)
      .values(row as PgInsertValue<Table>)
      .onConflictDoUpdate({ target: getTableColumns(table)[key] as PgColumn, set: others as PgUpdateSetSource<Table> });
  };

/** The row whose `column` holds `value`, or undefined: a read by a unique column. */
export const rowBy =
  <Table extends PgTable>(db: CurrentDb, table: Table, column: PgColumn) =>
  async (value: string): Promise<Table['$inferSelect'] | undefined> =>
    (
      (await db()
        .select()
        .from(table as PgTable)
        .where(eq(column, value))) as Array<Table['$inferSelect']>
    )[0];

/** Deletes the rows whose `column` holds `value`; whether one went. */
export const deleteBy =
  (db: CurrentDb, table: PgTable, column: PgColumn) =>
  async (value: string): Promise<boolean> =>
    changedAny(await db().delete(table).where(eq(column, value)));

/**
 * `column < value` with the value read as a bigint: the first page of a list asks for everything
 * below Number.MAX_SAFE_INTEGER, which does not fit the integer the column's type would give it.
 */
export const below = (column: PgColumn, value: number): SQL => sql`${column} < cast(${value} as bigint)`;

/**
 * A statement drizzle builds once per connection and PostgreSQL parses and plans once per
 * connection (a named prepared statement), for the queries every save and publish makes: built
 * and planned on each call they cost more than the bench bound of a save allows (docs/performance.md).
 * `build` gets the database of the connection in use and names the parameters with
 * `sql.placeholder`; `name` must be unique among the statements.
 */
export function preparedStatement<Prepared>(
  db: CurrentDb,
  name: string,
  build: (db: PostgresDb) => { prepare(name: string): Prepared },
): () => Prepared {
  const byConnection = new WeakMap<PostgresDb, Prepared>();
  return () => {
    const current = db();
    let prepared = byConnection.get(current);
    if (!prepared) {
      prepared = build(current).prepare(name);
      byConnection.set(current, prepared);
    }
    return prepared;
  };
}

/** Whether a statement changed a row (`changes > 0` on SQLite). */
export const changedAny = (result: { rowCount: number | null }): boolean => (result.rowCount ?? 0) > 0;

/** How many rows of `table` match `where`. count(*) is a bigint, which pg hands over as a string. */
export async function countWhere(db: CurrentDb, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::integer` })
    .from(table)
    .where(where);
  return row?.count ?? 0;
}

/**
 * The version a pointer leads to: `from` (a record's latest or active version, a label) joined to
 * `versions` on `on`, in the row `where` picks; undefined when there is none.
 */
export async function versionThrough<Versions extends PgTable>(
  db: CurrentDb,
  { versions, from, on, where }: { versions: Versions; from: PgTable; on: SQL | undefined; where: SQL | undefined },
): Promise<Versions['$inferSelect'] | undefined> {
  const [row] = await db()
    .select({ version: versions as PgTable })
    .from(from)
    .innerJoin(versions as PgTable, on)
    .where(where);
  return row?.version as Versions['$inferSelect'] | undefined;
}

type VersionTable = PgTable & { changedFields: PgColumn; versionNumber: PgColumn };

/** A record's versions by number (agent and saved MCP client versions share the shape). */
export function versionReads<Table extends VersionTable>(db: CurrentDb, versions: Table, owner: PgColumn) {
  type Row = Table['$inferSelect'];
  return {
    /** One page of an owner's versions numbered below `beforeNumber`, newest first. */
    pageBefore: async ({ ownerId, beforeNumber, limit }: { ownerId: string; beforeNumber: number; limit: number }) =>
      (await db()
        .select()
        .from(versions as PgTable)
        .where(and(eq(owner, ownerId), below(versions.versionNumber, beforeNumber)))
        .orderBy(desc(versions.versionNumber))
        .limit(limit)) as Row[],
    /** Every version of one owner, oldest first. */
    all: async (ownerId: string) =>
      (await db()
        .select()
        .from(versions as PgTable)
        .where(eq(owner, ownerId))
        .orderBy(asc(versions.versionNumber))) as Row[],
    /** The `changedFields` of each version of one owner after a version number, oldest first. */
    changedFieldsAfter: async (ownerId: string, versionNumber: number): Promise<string[][]> => {
      const rows = await db()
        .select({ changedFields: versions.changedFields })
        .from(versions as PgTable)
        .where(and(eq(owner, ownerId), gt(versions.versionNumber, versionNumber)))
        .orderBy(asc(versions.versionNumber));
      return rows.map((row) => JSON.parse(String(row.changedFields)) as string[]);
    },
  };
}
