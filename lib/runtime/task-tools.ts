/**
 * The built-in task tools (`taskTools: true` on an agent): `task_write`, `task_update`,
 * `task_complete` and `task_check`, over a list kept per thread. Refusals (no thread, two tasks in
 * progress, an unknown id) are error results the model reads and can act on, not thrown errors.
 */
import { randomUUID } from 'node:crypto';
import { builtInModelOutput, errorResult } from '../builtin-tools/error-result';
import { issueMessages } from '../errors';
import { createTool, type Tool, type ToolExecutionContext } from '../tools';
import { checkTasks, describeTasks, updateTask, writeTasks, type TaskChange, type TaskItem } from './task-list';
import type { TaskStore } from './task-store';

export const taskToolNames = ['task_write', 'task_update', 'task_complete', 'task_check'] as const;
export const noThreadMessage =
  'The task tools keep a list per conversation thread, and this run has none: run the agent with a threadId to use them.';

const status = { type: 'string', enum: ['pending', 'in_progress', 'completed'] } as const;
const taskShape = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'Keep the id of an existing task; leave it out for a new one.' },
    content: { type: 'string', minLength: 1, description: 'What to do, in the imperative ("Run the tests").' },
    status,
    activeForm: { type: 'string', minLength: 1, description: 'The task while it runs ("Running the tests").' },
  },
  required: ['content', 'status', 'activeForm'],
  additionalProperties: false,
} as const;

const refusal = errorResult;
const toModelOutput = (output: unknown) => builtInModelOutput(output);

/** What the model reads before each step: the thread's current list. */
export function taskNote(store: TaskStore) {
  return async ({ threadId }: { threadId?: string }) =>
    threadId === undefined ? undefined : describeTasks(await store.read(threadId));
}

function threadOf(context: ToolExecutionContext): string | undefined {
  return context.agent?.threadId;
}

export function createTaskTools(store: TaskStore): Record<string, Tool> {
  /**
   * The last task call. The calls of one step run at once, and each reads the list, then writes
   * it: they take turns in the order the model made them, so a check after a completion sees it
   * and no write is lost to another's older read.
   */
  let previous: Promise<unknown> = Promise.resolve();
  const withThread =
    <TInput>(run: (input: TInput, threadId: string) => Promise<unknown>) =>
    (input: TInput, context: ToolExecutionContext): Promise<unknown> => {
      const threadId = threadOf(context);
      if (threadId === undefined) return Promise.resolve(refusal(noThreadMessage));
      const result = previous.then(() => run(input, threadId));
      previous = result.catch(() => undefined);
      return result;
    };
  const save = async (threadId: string, change: TaskChange<TaskItem[]>, extra: Record<string, unknown> = {}) => {
    if (!change.ok) return refusal(issueMessages(change.issues));
    await store.write(threadId, change.value);
    return { tasks: change.value, ...extra };
  };
  const newId = () => randomUUID().slice(0, 8);

  return {
    task_write: createTool({
      id: 'task_write',
      description:
        'Replace the task list of this conversation with the given tasks (at most one in_progress). Use it to plan work of several steps.',
      inputSchema: { type: 'object', properties: { tasks: { type: 'array', items: taskShape } }, required: ['tasks'] },
      toModelOutput,
      execute: withThread(({ tasks }: { tasks: Array<Omit<TaskItem, 'id'> & { id?: string }> }, threadId) =>
        save(threadId, writeTasks(tasks, newId)),
      ),
    }),
    task_update: createTool({
      id: 'task_update',
      description:
        'Change one task (content, status or activeForm). Starting a task puts the one in progress back to pending.',
      inputSchema: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          content: taskShape.properties.content,
          status,
          activeForm: taskShape.properties.activeForm,
        },
        required: ['id'],
        additionalProperties: false,
      },
      toModelOutput,
      execute: withThread(async (change: { id: string } & Partial<Omit<TaskItem, 'id'>>, threadId) => {
        const updated = updateTask(await store.read(threadId), change);
        if (!updated.ok) return refusal(issueMessages(updated.issues));
        const { items, demoted } = updated.value;
        return save(threadId, { ok: true, value: items }, demoted ? { demoted } : {});
      }),
    }),
    task_complete: createTool({
      id: 'task_complete',
      description: 'Mark one task completed.',
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
        additionalProperties: false,
      },
      toModelOutput,
      execute: withThread(async ({ id }: { id: string }, threadId) => {
        const updated = updateTask(await store.read(threadId), { id, status: 'completed' });
        return updated.ok
          ? save(threadId, { ok: true, value: updated.value.items })
          : refusal(issueMessages(updated.issues));
      }),
    }),
    task_check: createTool({
      id: 'task_check',
      description: 'Report how many tasks there are, how many are done, and which are not completed yet.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      toModelOutput,
      execute: withThread(async (_input: unknown, threadId) => checkTasks(await store.read(threadId))),
    }),
  };
}
