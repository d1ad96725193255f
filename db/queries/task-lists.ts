/** SQL for the built-in task tools' lists: one row per thread, the items as JSON. */
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { taskLists } from '../schema';
import { bind } from './placeholders';
import { perHandle } from './per-handle';

const p = sql.placeholder;

export const taskListQueries = perHandle(({ db }: DatabaseHandle) => {
  const get = db
    .select({ items: taskLists.items })
    .from(taskLists)
    .where(eq(taskLists.threadId, p('threadId')))
    .prepare();
  const upsert = db
    .insert(taskLists)
    .values({ threadId: bind('threadId'), items: bind('items'), updatedAt: bind('updatedAt') } as never)
    .onConflictDoUpdate({ target: taskLists.threadId, set: { items: bind('items'), updatedAt: bind('updatedAt') } })
    .prepare();
  return {
    get: (threadId: string): string | undefined => get.get({ threadId })?.items,
    put(row: { threadId: string; items: string; updatedAt: string }) {
      upsert.run(row);
    },
  };
});
