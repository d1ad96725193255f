/**
 * Runs left running by a process that stopped: another studio on the same database ends them as
 * failed (their background tasks failed with them) once their process has been silent for a while,
 * and leaves alone a run whose process is still running it.
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

/** The silence after which the second studio counts a process as stopped. */
const judgedSilentAfterMs = 1_000;

const never = createTool({
  id: 'never',
  description: 'Runs until the process stops',
  background: { enabled: true },
  execute: async (_input, { abortSignal }) =>
    new Promise((_resolve, reject) => abortSignal.addEventListener('abort', () => reject(new Error('stopped')))),
});

/**
 * A studio streaming a run whose background task never ends, and a second studio opened on its
 * database; `processSilentAfterMs` is the first studio's (it beats six times in that span).
 */
async function runUnderWay(processSilentAfterMs: number) {
  const model = createScriptedModel({
    steps: [{ toolCalls: [{ toolName: 'never', input: {} }] }, { text: 'Later.' }],
  });
  const agent = new Agent({ id: 'forever', name: 'Forever', instructions: 'x', model, tools: { never } });
  const test = await createTestStudio({ agents: { forever: agent }, settings: { processSilentAfterMs } });
  cleanups.push(test.cleanup);
  const abort = new AbortController();
  const runnable = await test.studio.runtime.loadAgent('forever');
  const stream = runnable.stream('go', { abortSignal: abort.signal });
  const reader = stream.fullStream.getReader();
  for (;;) {
    const { value } = await reader.read();
    if (value?.type === 'step-finish') break;
  }
  cleanups.push(async () => {
    abort.abort();
    await stream.result.catch(() => undefined);
    reader.releaseLock();
  });
  const stored = async () => (await test.studio.storage.queries.runs.get(stream.runId))!;
  // The task is on record while it runs.
  await expect.poll(async () => JSON.parse((await stored()).state).backgroundTasks?.[0]?.status).toBe('running');
  return {
    test,
    runId: stream.runId,
    /** Another studio on the same database, as after a restart or beside this one; it judges silence of a second. */
    async openAnother() {
      const another = await createStudio({
        logger: silentLogger,
        agents: { forever: agent },
        ...test.reopen,
        settings: { mode: 'test', ...test.reopen.settings, processSilentAfterMs: judgedSilentAfterMs },
      });
      cleanups.push(() => another.close());
      return another;
    },
  };
}

describe('runs whose process stopped', () => {
  it('ends a run whose process fell silent as failed, its background task failed too', async () => {
    // The first studio beats only every ten minutes, so its row stays as this test leaves it.
    const { test, runId, openAnother } = await runUnderWay(60 * 60_000);
    // The process stops: the time until which its last sign of life vouched for it has passed.
    const { processId } = (await test.studio.storage.queries.runs.get(runId))!;
    expect(processId).toEqual(expect.any(String));
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    await test.studio.storage.queries.processes.beat({
      id: processId!,
      startedAt: ago(60_000),
      aliveAt: ago(60_000),
      aliveUntil: ago(30_000),
    });

    const restarted = await openAnother();
    // Once the new studio has been heard for the silence it judges by, a sweep ends the run.
    await expect.poll(async () => (await restarted.runtime.runs.get(runId)).status, { timeout: 5_000 }).toBe('failed');
    const run = await restarted.runtime.runs.get(runId);
    expect(run).toMatchObject({
      status: 'failed',
      error: { code: 'unavailable', details: { runId, reason: 'interrupted' } },
    });
    expect(run.error?.message).toMatch(/stopped while this run was going/);
    expect(run.transcript.at(-1)).toMatchObject({
      type: 'background-task-completed',
      toolName: 'never',
      status: 'failed',
    });
    const state = JSON.parse((await restarted.storage.queries.runs.get(runId))!.state);
    expect(state.backgroundTasks[0]).toMatchObject({
      status: 'failed',
      result: { message: 'The server stopped before the background task finished.' },
    });
    expect((await restarted.runtime.runs.list({ status: 'failed' })).items.map((item) => item.runId)).toContain(runId);
  });

  it('leaves a run whose process is still running it to that process', async () => {
    // Both studios beat six times a second and judge silence of a second.
    const { test, runId, openAnother } = await runUnderWay(judgedSilentAfterMs);
    const beside = await openAnother();
    // Long enough for the second studio to judge, and to sweep several times.
    await new Promise((resolve) => setTimeout(resolve, 3 * judgedSilentAfterMs));
    expect(await beside.runtime.runs.get(runId)).toMatchObject({ status: 'running' });
    const state = JSON.parse((await beside.storage.queries.runs.get(runId))!.state);
    expect(state.backgroundTasks[0]).toMatchObject({ status: 'running' });
    expect(await test.studio.runtime.runs.get(runId)).toMatchObject({ status: 'running' });
  });
});
