/** SQL for the stdio launch specs an admin approved in the editor, listed oldest first. */
import type { DatabaseHandle } from '../client';
import { stdioLaunchSpecs } from '../schema';
import { deleteById, insertRow, listOldestFirst } from './statements';
import { perHandle } from './per-handle';

export type StdioLaunchSpecRow = typeof stdioLaunchSpecs.$inferSelect;

export const stdioLaunchSpecQueries = perHandle(({ db }: DatabaseHandle) => {
  const insert = insertRow(db, stdioLaunchSpecs);
  const list = listOldestFirst(db, stdioLaunchSpecs);
  const remove = deleteById(db, stdioLaunchSpecs);
  return {
    insert(row: StdioLaunchSpecRow) {
      insert.run(row);
    },
    /** Every stored spec, oldest first. */
    list: (): StdioLaunchSpecRow[] => list.all(),
    delete: (id: string): boolean => remove.run({ id }).changes > 0,
  };
});
