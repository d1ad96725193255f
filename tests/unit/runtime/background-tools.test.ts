import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '@/lib/agents';
import type { RunChunk } from '@/lib/runtime';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { readChunks } from './run-fixture';

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
});
