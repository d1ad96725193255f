import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from '@/lib/agents';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { call, createTestStudio } from '@/tests/support/studio';
import { toolResultsSeen } from '@/tests/unit/runtime/run-fixture';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const task = (id: string, status: string) => ({ id, content: `Do ${id}`, status, activeForm: `Doing ${id}` });

async function setUp(steps: ScriptedStep[]) {
  const model = createScriptedModel({ steps });
  const planner = new Agent({ id: 'planner', name: 'Planner', instructions: 'Plan.', model, taskTools: true });
  const test = await createTestStudio({ agents: { planner } });
  cleanup = test.cleanup;
  return { model, ...test };
}

const systemOf = (prompt: Array<{ role: string; content: unknown }>) =>
  prompt.find((message) => message.role === 'system')?.content as string;

describe('the task tools', () => {
  it('keeps one in_progress task per thread: a write with two is refused, an update demotes the running one', async () => {
    const { model, studio } = await setUp([
      {
        toolCalls: [{ toolName: 'task_write', input: { tasks: [task('a', 'in_progress'), task('b', 'in_progress')] } }],
      },
      {
        toolCalls: [
          {
            toolName: 'task_write',
            input: { tasks: [task('a', 'in_progress'), task('b', 'pending'), task('c', 'pending')] },
          },
        ],
      },
      { toolCalls: [{ toolName: 'task_update', input: { id: 'b', status: 'in_progress' } }] },
      {
        toolCalls: [
          { toolName: 'task_complete', input: { id: 'a' } },
          { toolName: 'task_check', input: {} },
        ],
      },
      { text: 'Planned.' },
    ]);
    const agent = await studio.runtime.loadAgent('planner');
    const result = await agent.generate('Plan the release', { threadId: 'thread-1', maxSteps: 6 });
    expect(result.text).toBe('Planned.');

    const [refused] = toolResultsSeen(model, 1);
    expect(refused!.output).toEqual({
      type: 'error-text',
      value: 'At most one task may be in_progress; 2 are ("Do a", "Do b"). The list was not changed.',
    });
    expect(result.toolResults[0]).toMatchObject({ toolName: 'task_write', isError: true });
    // The list the model reads before each step: empty after the refused write, then the current one.
    expect(systemOf(model.prompts[1]!)).toBe('Plan.\n\nTask list: empty.');
    expect(systemOf(model.prompts[2]!)).toBe(
      'Plan.\n\nTask list (0/3 completed):\n[~] a: Do a (Doing a)\n[ ] b: Do b\n[ ] c: Do c',
    );
    const updated = toolResultsSeen(model, 3).at(-1);
    expect(updated!.output).toMatchObject({ type: 'json', value: { demoted: 'a' } });
    expect(systemOf(model.prompts[3]!)).toContain('[ ] a: Do a\n[~] b: Do b (Doing b)');
    const checked = toolResultsSeen(model, 4).at(-1);
    expect(checked!.output).toEqual({
      type: 'json',
      value: {
        total: 3,
        completed: 1,
        inProgress: 1,
        pending: 1,
        incomplete: [task('b', 'in_progress'), task('c', 'pending')],
      },
    });

    // Stored per thread in the database, and readable over HTTP.
    const items = (await studio.storage.queries.taskLists.get('thread-1'))!;
    expect(JSON.parse(items).map((item: { status: string }) => item.status)).toEqual([
      'completed',
      'in_progress',
      'pending',
    ]);
    const listed = await call(studio, 'GET', '/api/threads/thread-1/tasks');
    expect(listed).toEqual({
      status: 200,
      body: { threadId: 'thread-1', tasks: [task('a', 'completed'), task('b', 'in_progress'), task('c', 'pending')] },
    });
    const none = await call(studio, 'GET', '/api/threads/other/tasks');
    expect(none.status).toBe(404);
    expect(none.body.error).toMatchObject({ code: 'not_found', message: 'Thread "other" has no task list.' });
  });

  it('answers with an error result saying a thread is needed when the run has no threadId', async () => {
    const { model, studio } = await setUp([
      { toolCalls: [{ toolName: 'task_write', input: { tasks: [task('a', 'pending')] } }] },
      { text: 'No thread.' },
    ]);
    const agent = await studio.runtime.loadAgent('planner');
    const result = await agent.generate('Plan');
    expect(toolResultsSeen(model, 1)[0]!.output).toEqual({
      type: 'error-text',
      value:
        'The task tools keep a list per conversation thread, and this run has none: run the agent with a threadId to use them.',
    });
    expect(result.toolResults[0]!.isError).toBe(true);
    // Without a thread there is no list to show.
    expect(systemOf(model.prompts[0]!)).toBe('Plan.');
  });
});
