/**
 * Where the task tools keep each thread's list: the studio's storage (so the list outlives runs and
 * restarts), memory for an `Agent` used on its own.
 */
import type { Storage } from '../../db/storage';
import type { TaskItem } from './task-list';

export interface TaskStore {
  /** The thread's list (empty when it has none). */
  read(threadId: string): Promise<TaskItem[]>;
  /** The thread's list, or `undefined` when it never had one. */
  find(threadId: string): Promise<TaskItem[] | undefined>;
  write(threadId: string, items: TaskItem[]): Promise<void>;
}

export function createMemoryTaskStore(): TaskStore {
  const lists = new Map<string, TaskItem[]>();
  return {
    read: async (threadId) => structuredClone(lists.get(threadId) ?? []),
    find: async (threadId) => {
      const items = lists.get(threadId);
      return items && structuredClone(items);
    },
    write: async (threadId, items) => void lists.set(threadId, structuredClone(items)),
  };
}

export function createStoredTaskStore({
  storage,
  now = () => new Date(),
}: {
  storage: Storage;
  now?: () => Date;
}): TaskStore {
  const find = async (threadId: string): Promise<TaskItem[] | undefined> => {
    const items = await storage.queries.taskLists.get(threadId);
    return items === undefined ? undefined : (JSON.parse(items) as TaskItem[]);
  };
  return {
    read: async (threadId) => (await find(threadId)) ?? [],
    find,
    async write(threadId, items) {
      await storage.queries.taskLists.put({ threadId, items: JSON.stringify(items), updatedAt: now().toISOString() });
    },
  };
}
