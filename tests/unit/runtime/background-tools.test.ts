import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStudio } from '@/lib';
import { Agent } from '@/lib/agents';
import { silentLogger } from '@/lib/logger';
import type { RunChunk } from '@/lib/runtime';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { createTestStudio } from '@/tests/support/studio';
import { readChunks } from './run-fixture';

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((given) => (resolve = given));
  return { promise, resolve };
}

const userMessages = (prompt: Array<{ role: string; content: unknown }>) =>
  prompt
    .filter((message) => message.role === 'user')
    .map((message) => (message.content as Array<{ text: string }>).map((part) => part.text).join(''));

describe('background tools', () => {
  it('answers with the task id at once, streams started/completed, and hands the result to the model on its next step', async () => {
    const gate = deferred<void>();
    const report = createTool({
      id: 'report',
      description: 'Builds a slow report',
      inputSchema: z.object({ topic: z.string() }),
      background: { enabled: true },
      execute: async ({ topic }) => {
        await gate.promise;
        return { report: `All about ${topic}` };
      },
    });
    const model = createScriptedModel({
      respond: (_call, index) => {
        if (index === 0) return { toolCalls: [{ toolName: 'report', input: { topic: 'tides' } }] };
        if (index === 1) {
          // The model goes on while the task runs; it ends the task only now.
          gate.resolve();
          return { text: 'I started the report.' };
        }
        return { text: 'The report is ready.' };
      },
    });
    const agent = new Agent({ id: 'reporter', name: 'Reporter', instructions: 'x', model, tools: { report } });
    const stream = agent.stream('Make a report on tides');
    const chunks = await readChunks(stream.fullStream);
    const result = await stream.result;

    expect(result).toMatchObject({ status: 'finished', text: 'The report is ready.' });
    const started = chunks.find((chunk) => chunk.type === 'background-task-started')!;
    const taskId = (started.payload as { taskId: string }).taskId;
    expect(started.payload).toEqual({ taskId, toolCallId: 'call-1-1', toolName: 'report' });
    expect(chunks.find((chunk) => chunk.type === 'tool-result')!.payload).toEqual({
      toolCallId: 'call-1-1',
      toolName: 'report',
      result: `Background task started. Task ID: ${taskId}`,
      isError: false,
    });
    const completed = chunks.find((chunk) => chunk.type === 'background-task-completed') as RunChunk;
    expect(completed.payload).toEqual({
      taskId,
      toolCallId: 'call-1-1',
      toolName: 'report',
      status: 'completed',
      result: { report: 'All about tides' },
      isError: false,
    });
    // Second model call: the immediate answer; third: the result, after the step in which it ended.
    const second = model.prompts[1]!.filter((message) => message.role === 'tool').flatMap((message) => message.content);
    expect(second).toMatchObject([{ output: { type: 'text', value: `Background task started. Task ID: ${taskId}` } }]);
    expect(userMessages(model.prompts[1]!)).toEqual(['Make a report on tides']);
    expect(userMessages(model.prompts[2]!)).toEqual([
      'Make a report on tides',
      `Background task ${taskId} (report) completed: {"report":"All about tides"}`,
    ]);
    expect(model.prompts).toHaveLength(3);
  });

  it('reports a task that throws or times out as failed, and the model reads why', async () => {
    const slow = createTool({
      id: 'slow',
      description: 'Never answers in time',
      background: { enabled: true, timeoutMs: 50 },
      execute: async (_input, { abortSignal }) =>
        new Promise((_resolve, reject) => abortSignal.addEventListener('abort', () => reject(abortSignal.reason))),
    });
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'slow', input: {} }] }, { text: 'Waiting.' }, { text: 'It failed.' }],
    });
    const agent = new Agent({ id: 'waiter', name: 'Waiter', instructions: 'x', model, tools: { slow } });
    const result = await agent.generate('go');
    expect(result.text).toBe('It failed.');
    expect(userMessages(model.prompts[2]!).at(-1)).toMatch(
      /^Background task [0-9a-f-]+ \(slow\) failed: The background task timed out after 50 ms\.$/,
    );
  });

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
    const test = createTestStudio({ agents: { forever: agent } });
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
    const row = () =>
      test.studio.database.sqlite.prepare('select status, state from runs where id = ?').get(stream.runId) as {
        status: string;
        state: string;
      };
    await expect.poll(() => JSON.parse(row().state).backgroundTasks?.[0]?.status).toBe('running');

    // Another studio opens the same database, as after a restart of the process.
    const restarted = createStudio({
      logger: silentLogger,
      agents: { forever: agent },
      database: { url: `file:${test.databaseFile}` },
      settings: { mode: 'test' },
    });
    cleanups.push(() => restarted.close());
    const state = JSON.parse(row().state);
    expect(state.backgroundTasks[0]).toMatchObject({
      status: 'failed',
      result: { message: 'The server stopped before the background task finished.' },
    });
    expect(restarted.runtime.runs.get(stream.runId).transcript.at(-1)).toMatchObject({
      type: 'background-task-completed',
      toolName: 'never',
      status: 'failed',
    });
    abort.abort();
    await stream.result.catch(() => undefined);
    reader.releaseLock();
  });
});
