/** Named placeholders of prepared statements: rows are bound by column name. */
import { getTableColumns, sql, type Placeholder } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/** A placeholder where drizzle's types want a value (update sets). */
export const bind = (name: string) => sql`${sql.placeholder(name)}`;

/** Insert values that bind every column of `table` to the placeholder of the same name: a whole-row insert. */
export function everyColumn<Table extends SQLiteTable>(
  table: Table,
): Record<keyof Table['$inferInsert'] & string, Placeholder> {
  const names = Object.keys(getTableColumns(table)) as Array<keyof Table['$inferInsert'] & string>;
  return Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Record<
    keyof Table['$inferInsert'] & string,
    Placeholder
  >;
}
