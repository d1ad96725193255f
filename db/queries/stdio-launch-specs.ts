/** SQL for the stdio launch specs an admin approved in the editor, listed oldest first (whole or a page). */
import type { DatabaseHandle } from '../client';
import { stdioLaunchSpecs } from '../schema';
import { deleteById, insertRow, listOldestFirst, pageAfterKey } from './statements';
import { perHandle } from './per-handle';

export type StdioLaunchSpecRow = typeof stdioLaunchSpecs.$inferSelect;

/** Where a page of stored specs starts: after this creation time and id. */
export type StdioLaunchSpecPosition = Pick<StdioLaunchSpecRow, 'createdAt' | 'id'>;

export const stdioLaunchSpecQueries = perHandle(({ db }: DatabaseHandle) => {
  const insert = insertRow(db, stdioLaunchSpecs);
  const list = listOldestFirst(db, stdioLaunchSpecs);
  const page = pageAfterKey(db, stdioLaunchSpecs, { time: stdioLaunchSpecs.createdAt, id: stdioLaunchSpecs.id });
  const remove = deleteById(db, stdioLaunchSpecs);
  return {
    insert(row: StdioLaunchSpecRow) {
      insert.run(row);
    },
    /** Every stored spec, oldest first. */
    list: (): StdioLaunchSpecRow[] => list.all(),
    /** Up to `limit` stored specs, oldest first, after the `after` position of the page before. */
    page: ({ after, limit }: { after: StdioLaunchSpecPosition; limit: number }): StdioLaunchSpecRow[] =>
      page.all({ afterTime: after.createdAt, afterId: after.id, limit }),
    delete: (id: string): boolean => remove.run({ id }).changes > 0,
  };
});
