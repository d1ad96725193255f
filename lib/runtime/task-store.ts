/**
 * Where the task tools keep each thread's list: SQLite in a studio (so the list outlives runs and
 * restarts), memory for an `Agent` used on its own.
 */
import type { DatabaseHandle } from '../../db/client';
import { taskListQueries } from '../../db/queries';
import type { TaskItem } from './task-list';

export interface TaskStore {
  read(threadId: string): TaskItem[];
  write(threadId: string, items: TaskItem[]): void;
}

export function createMemoryTaskStore(): TaskStore {
  const lists = new Map<string, TaskItem[]>();
  return {
    read: (threadId) => structuredClone(lists.get(threadId) ?? []),
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
  return {
    read(threadId) {
      const items = taskListQueries(database).get(threadId);
      return items ? (JSON.parse(items) as TaskItem[]) : [];
    },
    write(threadId, items) {
      taskListQueries(database).put({ threadId, items: JSON.stringify(items), updatedAt: now().toISOString() });
    },
  };
}
