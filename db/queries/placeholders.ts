/** Named placeholders of prepared statements (SQLite's and PostgreSQL's): rows are bound by column name. */
import { getTableColumns, Param, sql, type Column, type Placeholder, type Table } from 'drizzle-orm';

/** A placeholder where drizzle's types want a value (update sets). */
export const bind = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * A placeholder whose value is stored as `column` stores it, for update sets of columns whose
 * values are not what the driver takes (a Date kept as milliseconds, a boolean kept as 0 or 1).
 */
export const bindAs = (name: string, column: Column) => sql`${new Param(sql.placeholder(name), column)}`;

type ColumnName<Columns extends Table> = keyof Columns['$inferInsert'] & string;

/**
 * Insert values that bind every column of `table` to the placeholder of the same name: a whole-row
 * insert. Columns in `except` are left to the database (an identity id).
 */
export function everyColumn<Columns extends Table, Skipped extends ColumnName<Columns> = never>(
  table: Columns,
  { except = [] }: { except?: Skipped[] } = {},
): Record<Exclude<ColumnName<Columns>, Skipped>, Placeholder> {
  const skipped = new Set<string>(except);
  const names = Object.keys(getTableColumns(table)).filter((name) => !skipped.has(name));
  return Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Record<
    Exclude<ColumnName<Columns>, Skipped>,
    Placeholder
  >;
}
