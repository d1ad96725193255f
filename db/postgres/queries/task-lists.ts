/** PostgreSQL SQL for the built-in task tools' lists (db/queries/task-lists.ts is the SQLite twin). */
import { eq } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { taskLists } from '../schema';
import type { CurrentDb } from './shared';

export function taskListQueries(db: CurrentDb): StudioQueries['taskLists'] {
  return {
    get: async (threadId) =>
      (await db().select({ items: taskLists.items }).from(taskLists).where(eq(taskLists.threadId, threadId)))[0]?.items,
    async put({ threadId, items, updatedAt }) {
      await db()
        .insert(taskLists)
        .values({ threadId, items, updatedAt })
        .onConflictDoUpdate({ target: taskLists.threadId, set: { items, updatedAt } });
    },
  };
}
