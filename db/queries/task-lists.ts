/** SQL for the built-in task tools' lists: one row per thread, the items as JSON. */
import type { DatabaseHandle } from '../client';
import { taskLists } from '../schema';
import { perHandle } from './per-handle';
import { selectFieldsBy, upsertRow } from './statements';

export const taskListQueries = perHandle(({ db }: DatabaseHandle) => {
  const get = selectFieldsBy(
    db,
    { items: taskLists.items },
    { from: taskLists, where: [taskLists.threadId, 'threadId'] },
  );
  const upsert = upsertRow(db, taskLists, 'threadId');
  return {
    get: (threadId: string): string | undefined => get.get({ threadId })?.items,
    put(row: { threadId: string; items: string; updatedAt: string }) {
      upsert.run(row);
    },
  };
});
