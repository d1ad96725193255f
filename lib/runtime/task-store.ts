/**
 * Where the task tools keep each thread's list: SQLite in a studio (so the list outlives runs and
 * restarts), memory for an `Agent` used on its own.
 */
import type { DatabaseHandle } from '../../db/client';
import { taskListQueries } from '../../db/queries';
import type { TaskItem } from './task-list';

export interface TaskStore {
  /** The thread's list (empty when it has none). */
  read(threadId: string): TaskItem[];
  /** The thread's list, or `undefined` when it never had one. */
  find(threadId: string): TaskItem[] | undefined;
  write(threadId: string, items: TaskItem[]): void;
}

export function createMemoryTaskStore(): TaskStore {
  const lists = new Map<string, TaskItem[]>();
  return {
    read: (threadId) => structuredClone(lists.get(threadId) ?? []),
    find: (threadId) => {
      const items = lists.get(threadId);
      return items && structuredClone(items);
    },
    write: (threadId, items) => void lists.set(threadId, structuredClone(items)),
  };
}

export function createSqliteTaskStore({
  database,
  now = () => new Date(),
}: {
  database: DatabaseHandle;
  now?: () => Date;
}): TaskStore {
  const find = (threadId: string): TaskItem[] | undefined => {
    const items = taskListQueries(database).get(threadId);
    return items === undefined ? undefined : (JSON.parse(items) as TaskItem[]);
  };
  return {
    read: (threadId) => find(threadId) ?? [],
    find,
    write(threadId, items) {
      taskListQueries(database).put({ threadId, items: JSON.stringify(items), updatedAt: now().toISOString() });
    },
  };
}
