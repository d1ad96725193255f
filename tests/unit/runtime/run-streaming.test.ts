import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { createRecordingLogger } from '../tools/recording-logger';
import { createTestRunner, readChunks, toolResultsSeen } from './run-fixture';

describe('streaming a run', () => {
  it('streams text and argument deltas, and fires the lifecycle hooks in order while input streams', async () => {
    const events: string[] = [];
    const lookup = createTool({
      id: 'lookup',
      description: 'Looks a term up',
      inputSchema: z.object({ term: z.string() }),
      onInputStart: ({ toolCallId }) => void events.push(`start ${toolCallId}`),
      onInputDelta: ({ inputTextDelta }) => void events.push(`delta ${inputTextDelta}`),
      onInputAvailable: ({ input }) => void events.push(`available ${JSON.stringify(input)}`),
      execute: async ({ term }) => {
        events.push('execute');
        return { definition: `${term} means something` };
      },
      onOutput: ({ toolName }) => void events.push(`output ${toolName}`),
    });
    const model = createScriptedModel({
      chunkSize: 5,
      steps: [
        { text: 'Let me look.', toolCalls: [{ toolName: 'lookup', input: { term: 'agent' } }] },
        { text: 'Done!' },
      ],
    });
    const { agent } = createTestRunner({ model, tools: { lookup } });
    const stream = agent.stream('What is an agent?');
    const chunks = await readChunks(stream.fullStream);

    expect(events).toEqual([
      'start call-1-1',
      'delta {"ter',
      'delta m":"a',
      'delta gent"',
      'delta }',
      'available {"term":"agent"}',
      'execute',
      'output lookup',
    ]);
    expect(chunks.map((chunk) => chunk.type)).toEqual([
      'start',
      'text-delta',
      'text-delta',
      'text-delta',
      'tool-call-input-streaming-start',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-input-streaming-end',
      'tool-call',
      'tool-result',
      'step-finish',
      'text-delta',
      'step-finish',
      'finish',
    ]);
    expect(chunks.every((chunk) => chunk.runId === stream.runId)).toBe(true);
    const deltas = chunks.filter((chunk) => chunk.type === 'tool-call-delta').map((chunk) => chunk.payload);
    expect(deltas[0]).toEqual({ toolCallId: 'call-1-1', toolName: 'lookup', argsTextDelta: '{"ter' });
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', payload: { status: 'finished', text: 'Done!' } });
    expect(chunks[0]).toMatchObject({
      type: 'start',
      payload: { runId: stream.runId, agentId: 'test-agent', versionNumber: 1 },
    });
    await expect(stream.result).resolves.toMatchObject({ status: 'finished', text: 'Done!' });
  });

  it('answers a call it could not parse in our words, then goes on with the same stream, steps and stored run', async () => {
    const lookup = createTool({
      id: 'lookup',
      description: 'Looks a term up',
      inputSchema: z.object({ term: z.string() }),
      execute: async ({ term }) => ({ definition: `${term} means something` }),
    });
    const model = createScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'lookup', input: { term: 'agent' } },
            { toolName: 'missing', input: {} },
          ],
        },
        { toolCalls: [{ toolName: 'lookup', input: { term: 'tool' } }] },
        { text: 'Both looked up.' },
      ],
    });
    const { agent, store } = createTestRunner({ model, tools: { lookup } });
    const stream = agent.stream('Define both');
    const chunks = await readChunks(stream.fullStream);

    // The model read our text for the call it could not make, beside the real result.
    expect(toolResultsSeen(model, 1)).toMatchObject([
      { toolCallId: 'call-1-1', output: { type: 'json', value: { definition: 'agent means something' } } },
      {
        toolCallId: 'call-1-2',
        output: { type: 'error-text', value: 'Tool "missing" not found. Available tools: lookup' },
      },
    ]);
    expect(model.prompts).toHaveLength(3);
    // One stream: one start, steps numbered on across the stretches, one finish.
    expect(chunks.filter((chunk) => chunk.type === 'start')).toHaveLength(1);
    expect(chunks.filter((chunk) => chunk.type === 'step-finish').map((chunk) => chunk.payload)).toMatchObject([
      { stepNumber: 0, finishReason: 'tool-calls' },
      { stepNumber: 1, finishReason: 'tool-calls' },
      { stepNumber: 2, finishReason: 'stop' },
    ]);
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', payload: { status: 'finished', text: 'Both looked up.' } });
    const result = await stream.result;
    // Results come as the calls finish (the unparseable one is answered before the other runs).
    const outcomes = result.toolResults.map((entry) => [entry.toolCallId, entry.isError]);
    expect(outcomes.sort()).toEqual([
      ['call-1-1', false],
      ['call-1-2', true],
      ['call-2-1', false],
    ]);
    const stored = (await store.get(stream.runId))!;
    expect(stored.state.stepCount).toBe(3);
    expect(stored.state.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('shapes the display stream and the stored transcript with the tool transform, never leaking raw payloads', async () => {
    const { logger, entries } = createRecordingLogger();
    const secretive = createTool({
      id: 'secretive',
      description: 'Returns secrets',
      inputSchema: z.object({ account: z.string() }),
      transform: {
        display: {
          input: ({ input }) => ({ account: `${String((input as { account: string }).account).slice(0, 2)}…` }),
          output: () => {
            throw new Error('broken transform');
          },
        },
        transcript: { output: ({ output }) => ({ balance: (output as { balance: number }).balance }) },
      },
      execute: async ({ account }) => ({ account, balance: 12, pin: '1234' }),
    });
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'secretive', input: { account: 'ACC-998877' } }] }, { text: 'ok' }],
    });
    const { agent, store } = createTestRunner({ model, tools: { secretive }, logger });
    const stream = agent.stream('Balance?');
    const chunks = await readChunks(stream.fullStream);

    expect(chunks.filter((chunk) => chunk.type === 'tool-call-delta')).toEqual([]);
    expect(chunks.find((chunk) => chunk.type === 'tool-call')?.payload).toMatchObject({ args: { account: 'AC…' } });
    expect(chunks.find((chunk) => chunk.type === 'tool-result')?.payload).toMatchObject({
      result: { message: 'Tool output payload unavailable' },
    });
    const transcript = (await store.get(stream.runId))!.state.transcript;
    expect(transcript).toContainEqual({
      type: 'tool-call',
      toolCallId: 'call-1-1',
      toolName: 'secretive',
      args: { message: 'Tool input payload unavailable' },
    });
    expect(transcript).toContainEqual({
      type: 'tool-result',
      toolCallId: 'call-1-1',
      toolName: 'secretive',
      result: { balance: 12 },
      isError: false,
    });
    // The model and the stored conversation keep the raw output.
    expect(toolResultsSeen(model, 1)[0]!.output).toEqual({
      type: 'json',
      value: { account: 'ACC-998877', balance: 12, pin: '1234' },
    });
    expect(entries.some((entry) => entry.message.includes('transform threw'))).toBe(true);
  });

  it('lets tools write data chunks through context.agent.writer', async () => {
    const progress = createTool({
      id: 'progress',
      description: 'Reports progress',
      inputSchema: z.object({}),
      execute: async (_input, context) => {
        await context.agent?.writer?.write({ type: 'data-progress', data: { percent: 50 } });
        return 'done';
      },
    });
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'progress', input: {} }] }, { text: 'ok' }],
    });
    const { agent } = createTestRunner({ model, tools: { progress } });
    const chunks = await readChunks(agent.stream('Go').fullStream);
    expect(chunks.find((chunk) => chunk.type === 'data-progress')).toMatchObject({
      payload: { toolCallId: 'call-1-1', toolName: 'progress', data: { percent: 50 } },
    });
  });

  it('aborts the run when the stream is cancelled, and stops the running tool through its signal', async () => {
    let sawAbort = false;
    let started!: () => void;
    const executing = new Promise<void>((resolve) => (started = resolve));
    const slow = createTool({
      id: 'slow',
      description: 'Takes a while',
      inputSchema: z.object({}),
      execute: (_input, context) =>
        new Promise((resolve) => {
          started();
          context.abortSignal.addEventListener('abort', () => {
            sawAbort = true;
            resolve('stopped');
          });
        }),
    });
    const model = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'slow', input: {} }] }] });
    const { agent, store } = createTestRunner({ model, tools: { slow } });
    const stream = agent.stream('Go');
    const reader = stream.fullStream.getReader();
    await executing;
    await reader.cancel();
    await expect(stream.result).rejects.toMatchObject({ message: 'The run was aborted.' });
    expect(sawAbort).toBe(true);
    expect((await store.get(stream.runId))!.status).toBe('aborted');
  });

  it("records a generate whose caller went away as aborted, whatever reason the caller's signal gives", async () => {
    const gone = new AbortController();
    const waiting = createTool({
      id: 'waiting',
      description: 'Waits until the caller goes',
      inputSchema: z.object({}),
      execute: () =>
        new Promise((resolve) => {
          // A server's signal gives its own reason, not an AbortError ("Client connection prematurely closed").
          setImmediate(() => gone.abort(new Error('Client connection prematurely closed')));
          gone.signal.addEventListener('abort', () => resolve('late'));
        }),
    });
    const model = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'waiting', input: {} }] }, { text: 'x' }] });
    const { logger, entries } = createRecordingLogger();
    const { agent, store } = createTestRunner({ model, tools: { waiting }, logger });
    const failure = await agent.generate('Go', { abortSignal: gone.signal }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({
      code: 'unavailable',
      message: 'The run was aborted.',
      details: { reason: 'aborted' },
    });
    const [stored] = await store.list({ filter: {}, after: { createdAt: '~', id: '' }, limit: 1 });
    expect(await store.get(stored!.runId)).toMatchObject({ status: 'aborted', error: { code: 'unavailable' } });
    // Not "a run failed on the server": nothing is logged as an error.
    expect(entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });
});
