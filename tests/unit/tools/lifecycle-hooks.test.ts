import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callLifecycleHook, createTool, runToolCall, type ToolOptions } from '@/lib/tools';
import { createRecordingLogger } from './recording-logger';

const abortSignal = new AbortController().signal;

describe('callLifecycleHook', () => {
  it('calls the hook with its argument', async () => {
    const received: unknown[] = [];
    const tool = createTool({ id: 't', description: 'd', onInputDelta: (argument) => void received.push(argument) });
    const argument = { inputTextDelta: '{"ci', toolCallId: 'c1', messages: [], abortSignal };
    await callLifecycleHook({ tool, hook: 'onInputDelta', argument, logger: createRecordingLogger().logger });
    expect(received).toEqual([argument]);
  });

  it('does nothing for a hook the tool does not have', async () => {
    const { logger, entries } = createRecordingLogger();
    await callLifecycleHook({
      tool: createTool({ id: 't', description: 'd' }),
      hook: 'onInputStart',
      argument: { toolCallId: 'c1', messages: [], abortSignal },
      logger,
    });
    expect(entries).toEqual([]);
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error('hook broke');
      },
    ],
    [
      'rejects',
      async () => {
        throw new Error('hook broke');
      },
    ],
  ])('logs a hook that %s and resolves', async (_how, hook) => {
    const { logger, entries } = createRecordingLogger();
    const tool = createTool({ id: 'noisy', description: 'd', onInputStart: hook });
    await expect(
      callLifecycleHook({
        tool,
        hook: 'onInputStart',
        argument: { toolCallId: 'c9', messages: [], abortSignal },
        logger,
      }),
    ).resolves.toBeUndefined();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 'error',
      message: 'Tool lifecycle hook onInputStart threw; the call goes on',
      data: { toolId: 'noisy', toolCallId: 'c9' },
    });
  });
});

describe('runToolCall: order of hooks and steps', () => {
  function recordingTool(events: string[], overrides: Partial<ToolOptions> = {}) {
    return createTool({
      id: 'recorder',
      description: 'Records what happens',
      inputSchema: z.object({ mode: z.enum(['ok', 'throw', 'suspend', 'bad-output']).default('ok') }),
      outputSchema: z.object({ done: z.boolean() }),
      onInputAvailable: ({ input }) => void events.push(`onInputAvailable ${JSON.stringify(input)}`),
      onOutput: ({ output }) => void events.push(`onOutput ${JSON.stringify(output)}`),
      execute: async ({ mode }, context) => {
        events.push('execute');
        if (mode === 'throw') throw new Error('execute failed');
        if (mode === 'suspend') await context.agent!.suspend({ waiting: true });
        return mode === 'bad-output' ? { done: 'no' } : { done: true };
      },
      ...overrides,
    } as ToolOptions);
  }

  const agent = { agentId: 'a', toolCallId: 'c1', messages: [], suspend: () => undefined };

  it('runs onInputAvailable (validated input), beforeExecute, execute, afterExecute, onOutput', async () => {
    const events: string[] = [];
    const outcome = await runToolCall({
      tool: recordingTool(events),
      input: {},
      toolCallId: 'c1',
      logger: createRecordingLogger().logger,
      beforeExecute: async () => (events.push('beforeExecute'), { proceed: true }),
      afterExecute: async (argument) => void events.push(`afterExecute ${JSON.stringify(argument)}`),
    });
    expect(events).toEqual([
      'onInputAvailable {"mode":"ok"}',
      'beforeExecute',
      'execute',
      'afterExecute {"input":{"mode":"ok"},"output":{"done":true}}',
      'onOutput {"done":true}',
    ]);
    expect(outcome).toEqual({
      status: 'output',
      output: { done: true },
      modelOutput: { type: 'json', value: { done: true } },
    });
  });

  it('gives onInputAvailable the messages and onOutput the tool name and no messages', async () => {
    const seen: Record<string, unknown> = {};
    const tool = createTool({
      id: 'weather-tool',
      description: 'd',
      onInputAvailable: (argument) => void (seen.available = argument),
      onOutput: (argument) => void (seen.output = argument),
      execute: () => 'sunny',
    });
    const messages = [{ role: 'user', content: 'weather?' }];
    await runToolCall({
      tool,
      input: { city: 'Oslo' },
      toolCallId: 'c7',
      toolName: 'weatherTool',
      messages,
      logger: createRecordingLogger().logger,
    });
    expect(seen.available).toEqual({
      input: { city: 'Oslo' },
      toolCallId: 'c7',
      messages,
      abortSignal: expect.any(AbortSignal),
    });
    expect(seen.output).toEqual({
      output: 'sunny',
      toolName: 'weatherTool',
      toolCallId: 'c7',
      abortSignal: expect.any(AbortSignal),
    });
  });

  it('names the tool by its id in onOutput when no toolName is given', async () => {
    let toolName: string | undefined;
    const tool = createTool({
      id: 'by-id',
      description: 'd',
      onOutput: (argument) => void (toolName = argument.toolName),
      execute: () => 1,
    });
    await runToolCall({ tool, input: {}, toolCallId: 'c1', logger: createRecordingLogger().logger });
    expect(toolName).toBe('by-id');
  });

  it.each([
    ['execute throws', { mode: 'throw' }, undefined, 'error', ['onInputAvailable {"mode":"throw"}', 'execute']],
    [
      'the call is declined',
      { mode: 'ok' },
      { proceed: false, output: 'Tool call was not approved by the user' },
      'skipped',
      ['onInputAvailable {"mode":"ok"}'],
    ],
    [
      'the tool suspends',
      { mode: 'suspend' },
      undefined,
      'suspended',
      ['onInputAvailable {"mode":"suspend"}', 'execute'],
    ],
    [
      'the output is invalid',
      { mode: 'bad-output' },
      undefined,
      'invalid',
      ['onInputAvailable {"mode":"bad-output"}', 'execute'],
    ],
    ['the input is invalid', { mode: 'nope' }, undefined, 'invalid', []],
  ] as const)('does not fire onOutput when %s', async (_case, input, decision, status, expectedEvents) => {
    const events: string[] = [];
    const outcome = await runToolCall({
      tool: recordingTool(events),
      input,
      toolCallId: 'c1',
      context: { agent },
      logger: createRecordingLogger().logger,
      beforeExecute: decision ? async () => decision : undefined,
    });
    expect(outcome.status).toBe(status);
    expect(events).toEqual(expectedEvents);
  });

  it('gives the model the error message when execute throws', async () => {
    const outcome = await runToolCall({
      tool: recordingTool([]),
      input: { mode: 'throw' },
      toolCallId: 'c1',
      logger: createRecordingLogger().logger,
    });
    expect(outcome).toMatchObject({ status: 'error', modelOutput: { type: 'error-text', value: 'execute failed' } });
  });

  it('gives the model the declined output for a skipped call', async () => {
    const outcome = await runToolCall({
      tool: recordingTool([]),
      input: {},
      toolCallId: 'c1',
      logger: createRecordingLogger().logger,
      beforeExecute: async () => ({ proceed: false, output: 'Tool call was not approved by the user' }),
    });
    expect(outcome).toEqual({
      status: 'skipped',
      output: 'Tool call was not approved by the user',
      modelOutput: { type: 'text', value: 'Tool call was not approved by the user' },
    });
  });

  it('never fails the call because a lifecycle hook threw, and logs each failure', async () => {
    const { logger, entries } = createRecordingLogger();
    const fail = () => {
      throw new Error('hook broke');
    };
    const tool = recordingTool([], { onInputAvailable: fail, onOutput: fail });
    const outcome = await runToolCall({ tool, input: {}, toolCallId: 'c1', logger });
    expect(outcome.status).toBe('output');
    expect(entries.map((entry) => entry.message)).toEqual([
      'Tool lifecycle hook onInputAvailable threw; the call goes on',
      'Tool lifecycle hook onOutput threw; the call goes on',
    ]);
  });

  it('lets an error of beforeExecute or afterExecute fail the call (agent-level hooks do)', async () => {
    const logger = createRecordingLogger().logger;
    const failing = async () => {
      throw new Error('policy says no');
    };
    await expect(
      runToolCall({ tool: recordingTool([]), input: {}, toolCallId: 'c1', logger, beforeExecute: failing }),
    ).rejects.toThrow('policy says no');
    await expect(
      runToolCall({ tool: recordingTool([]), input: {}, toolCallId: 'c1', logger, afterExecute: failing }),
    ).rejects.toThrow('policy says no');
  });

  it('stops the call instead of answering a tool error when the run is aborted', async () => {
    const controller = new AbortController();
    const tool = createTool({ id: 'slow', description: 'd', execute: () => new Promise(() => undefined) });
    const call = runToolCall({
      tool,
      input: {},
      toolCallId: 'c1',
      context: { abortSignal: controller.signal },
      logger: createRecordingLogger().logger,
    });
    controller.abort(new Error('run aborted'));
    await expect(call).rejects.toThrow('run aborted');
  });

  it('shapes what the model sees with toModelOutput after onOutput', async () => {
    const events: string[] = [];
    const tool = recordingTool(events, {
      toModelOutput: (output: unknown) => (
        events.push('toModelOutput'),
        { type: 'text', value: `done: ${JSON.stringify(output)}` }
      ),
    });
    const outcome = await runToolCall({ tool, input: {}, toolCallId: 'c1', logger: createRecordingLogger().logger });
    expect(events.slice(-2)).toEqual(['onOutput {"done":true}', 'toModelOutput']);
    expect(outcome).toMatchObject({
      status: 'output',
      output: { done: true },
      modelOutput: { type: 'text', value: 'done: {"done":true}' },
    });
  });

  it('turns a failing toModelOutput into a tool error, logged', async () => {
    const { logger, entries } = createRecordingLogger();
    const tool = recordingTool([], { toModelOutput: () => ({ type: 'image' }) } as unknown as Partial<ToolOptions>);
    const outcome = await runToolCall({ tool, input: {}, toolCallId: 'c1', logger });
    expect(outcome.status).toBe('error');
    expect(entries[0]?.message).toBe('toModelOutput failed; the model sees the error instead of the output');
  });
});
