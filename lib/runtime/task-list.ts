/**
 * The rules of a thread's task list, as pure functions: at most one task `in_progress` (a write
 * with two is refused and changes nothing; an update that starts a task puts the running one back
 * to `pending`), ids given to new tasks, and the summary `task_check` reports and the model sees at
 * every step.
 */
import { checkFailed, type CheckResult } from '../errors';

export type TaskStatus = 'pending' | 'in_progress' | 'completed';

export interface TaskItem {
  id: string;
  content: string;
  status: TaskStatus;
  /** The task as an action in progress ("Running the tests"), shown while it runs. */
  activeForm: string;
}

/** The changed list, or why the change was refused (the list is then unchanged). */
export type TaskChange<TValue> = CheckResult<TValue>;

export function writeTasks(
  given: Array<Omit<TaskItem, 'id'> & { id?: string }>,
  newId: () => string,
): TaskChange<TaskItem[]> {
  const running = given.filter((task) => task.status === 'in_progress');
  if (running.length > 1) {
    return checkFailed(
      `At most one task may be in_progress; ${running.length} are (${running.map((task) => JSON.stringify(task.content)).join(', ')}). The list was not changed.`,
    );
  }
  const ids = new Set<string>();
  const items = given.map((task) => {
    let id = task.id ?? newId();
    while (ids.has(id)) id = newId();
    ids.add(id);
    return { id, content: task.content, status: task.status, activeForm: task.activeForm };
  });
  return { ok: true, value: items };
}

export function updateTask(
  items: TaskItem[],
  change: { id: string } & Partial<Omit<TaskItem, 'id'>>,
): TaskChange<{ items: TaskItem[]; demoted?: string }> {
  const index = items.findIndex((task) => task.id === change.id);
  if (index < 0) {
    const known = items.map((task) => task.id).join(', ') || 'none';
    return checkFailed(`No task with id "${change.id}" (the ids are: ${known}).`, 'id');
  }
  let demoted: string | undefined;
  const next = items.map((task, position) => {
    if (position === index) {
      return {
        ...task,
        content: change.content ?? task.content,
        status: change.status ?? task.status,
        activeForm: change.activeForm ?? task.activeForm,
      };
    }
    if (change.status === 'in_progress' && task.status === 'in_progress') {
      demoted = task.id;
      return { ...task, status: 'pending' as const };
    }
    return task;
  });
  return { ok: true, value: { items: next, demoted } };
}

export function checkTasks(items: TaskItem[]) {
  const count = (status: TaskStatus) => items.filter((task) => task.status === status).length;
  return {
    total: items.length,
    completed: count('completed'),
    inProgress: count('in_progress'),
    pending: count('pending'),
    incomplete: items.filter((task) => task.status !== 'completed'),
  };
}

/** The list as the model reads it at each step. */
export function describeTasks(items: TaskItem[]): string {
  if (items.length === 0) return 'Task list: empty.';
  const mark: Record<TaskStatus, string> = { pending: '[ ]', in_progress: '[~]', completed: '[x]' };
  const lines = items.map(
    (task) =>
      `${mark[task.status]} ${task.id}: ${task.content}${task.status === 'in_progress' ? ` (${task.activeForm})` : ''}`,
  );
  return `Task list (${checkTasks(items).completed}/${items.length} completed):\n${lines.join('\n')}`;
}
