/** PostgreSQL SQL for the built-in task tools' lists (db/queries/task-lists.ts is the SQLite twin). */
import { eq } from 'drizzle-orm';
import type { StudioQueries } from '../../storage';
import { taskLists } from '../schema';
import { upsertRow, type CurrentDb } from './shared';

export function taskListQueries(db: CurrentDb): StudioQueries['taskLists'] {
  return {
    get: async (threadId) =>
      (await db().select({ items: taskLists.items }).from(taskLists).where(eq(taskLists.threadId, threadId)))[0]?.items,
    put: upsertRow(db, taskLists, 'threadId'),
  };
}
