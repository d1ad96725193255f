/**
 * A background task still running when the process stops: the next studio on the same database
 * marks it failed in the stored run.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createStudio } from '@/lib';
import { Agent } from '@/lib/agents';
import { silentLogger } from '@/lib/logger';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { createTestStudio } from '@/tests/support/studio';

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

describe('background tools', () => {
  it('marks a task that outlives a restart failed, in the stored run', async () => {
    const never = createTool({
      id: 'never',
      description: 'Runs until the process stops',
      background: { enabled: true },
      execute: async (_input, { abortSignal }) =>
        new Promise((_resolve, reject) => abortSignal.addEventListener('abort', () => reject(new Error('stopped')))),
    });
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'never', input: {} }] }, { text: 'Later.' }],
    });
    const agent = new Agent({ id: 'forever', name: 'Forever', instructions: 'x', model, tools: { never } });
    const test = await createTestStudio({ agents: { forever: agent } });
    cleanups.push(test.cleanup);
    const abort = new AbortController();
    const runnable = await test.studio.runtime.loadAgent('forever');
    const stream = runnable.stream('go', { abortSignal: abort.signal });
    const reader = stream.fullStream.getReader();
    for (;;) {
      const { value } = await reader.read();
      if (value?.type === 'step-finish') break;
    }
    // The task is on record while it runs.
    const stored = async () => (await test.studio.storage.queries.runs.get(stream.runId))!;
    await expect.poll(async () => JSON.parse((await stored()).state).backgroundTasks?.[0]?.status).toBe('running');

    // Another studio opens the same database, as after a restart of the process.
    const restarted = await createStudio({
      logger: silentLogger,
      agents: { forever: agent },
      ...test.reopen,
      settings: { mode: 'test', ...test.reopen.settings },
    });
    cleanups.push(() => restarted.close());
    await restarted.runtime.ready;
    const state = JSON.parse((await restarted.storage.queries.runs.get(stream.runId))!.state);
    expect(state.backgroundTasks[0]).toMatchObject({
      status: 'failed',
      result: { message: 'The server stopped before the background task finished.' },
    });
    expect((await restarted.runtime.runs.get(stream.runId)).transcript.at(-1)).toMatchObject({
      type: 'background-task-completed',
      toolName: 'never',
      status: 'failed',
    });
    abort.abort();
    await stream.result.catch(() => undefined);
    reader.releaseLock();
  });
});
