import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { createTestRunner, toolResultsSeen } from './run-fixture';

const add = createTool({
  id: 'add',
  description: 'Adds two numbers',
  inputSchema: z.object({ a: z.number(), b: z.number() }),
  execute: async ({ a, b }) => a + b,
});
const multiply = createTool({
  id: 'multiply',
  description: 'Multiplies two numbers',
  inputSchema: z.object({ a: z.number(), b: z.number() }),
  execute: async ({ a, b }) => a * b,
});
const subtract = createTool({
  id: 'subtract',
  description: 'Subtracts',
  inputSchema: z.object({ a: z.number(), b: z.number() }),
  execute: async ({ a, b }) => a - b,
});

describe('run options', () => {
  it('offers only activeTools and answers a call outside them with the exact not-found text, never executing it', async () => {
    let multiplied = false;
    const watchedMultiply = createTool({
      id: 'multiply',
      description: 'Multiplies two numbers',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      execute: async ({ a, b }) => {
        multiplied = true;
        return a * b;
      },
    });
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'multiply', input: { a: 2, b: 3 } }] }, { text: 'ok' }],
    });
    const { agent } = createTestRunner({ model, tools: { add, multiply: watchedMultiply, subtract } });
    const result = await agent.generate('2*3', { activeTools: ['subtract', 'add'] });
    expect(model.doGenerateCalls[0]!.tools!.map((tool) => tool.name)).toEqual(['add', 'subtract']);
    expect(multiplied).toBe(false);
    expect(toolResultsSeen(model, 1)[0]!.output).toEqual({
      type: 'error-text',
      value: 'Tool "multiply" not found. Available tools: add, subtract',
    });
    expect(result.toolResults[0]).toMatchObject({
      isError: true,
      result: { message: 'Tool "multiply" not found. Available tools: add, subtract' },
    });
  });

  it('answers a call to a tool the agent does not have with the same text', async () => {
    const model = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'divide', input: {} }] }, { text: 'ok' }] });
    const { agent } = createTestRunner({ model, tools: { add, multiply } });
    await agent.generate('1/0');
    expect(toolResultsSeen(model, 1)[0]!.output).toEqual({
      type: 'error-text',
      value: 'Tool "divide" not found. Available tools: add, multiply',
    });
  });

  it('passes toolChoice to the model, and prepareStep changes tools, choice and model per step', async () => {
    const other = createScriptedModel({ steps: [{ text: 'from the other model' }] });
    const model = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'add', input: { a: 1, b: 2 } }] }] });
    const seen: Array<{ stepNumber: number; messages: number }> = [];
    const { agent } = createTestRunner({ model, tools: { add, multiply } });
    const result = await agent.generate('Sum', {
      toolChoice: 'required',
      prepareStep: ({ stepNumber, messages }) => {
        seen.push({ stepNumber, messages: messages.length });
        return stepNumber === 0
          ? { activeTools: ['add'], toolChoice: { type: 'tool', toolName: 'add' } }
          : { model: other, toolChoice: 'none' };
      },
    });
    expect(model.doGenerateCalls[0]!.toolChoice).toEqual({ type: 'tool', toolName: 'add' });
    expect(model.doGenerateCalls[0]!.tools!.map((tool) => tool.name)).toEqual(['add']);
    expect(other.doGenerateCalls[0]!.toolChoice).toEqual({ type: 'none' });
    expect(seen).toEqual([
      { stepNumber: 0, messages: 1 },
      { stepNumber: 1, messages: 3 },
    ]);
    expect(result.text).toBe('from the other model');
  });

  it('merges per-run hooks over the agent hooks per key', async () => {
    const calls: string[] = [];
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'add', input: { a: 1, b: 2 } }] }, { text: 'ok' }],
    });
    const { agent } = createTestRunner({
      model,
      tools: { add },
      hooks: {
        beforeToolCall: ({ toolName }) => void calls.push(`agent before ${toolName}`),
        afterToolCall: ({ toolName, output }) => void calls.push(`agent after ${toolName} ${String(output)}`),
      },
    });
    await agent.generate('Sum', {
      hooks: {
        beforeToolCall: ({ toolName, input, context }) =>
          void calls.push(
            `run before ${toolName} ${JSON.stringify(input)} ${(context as { runId?: string }).runId ? 'with run' : ''}`,
          ),
      },
    });
    expect(calls).toEqual(['run before add {"a":1,"b":2} with run', 'agent after add 3']);
  });

  it('skips execute when beforeToolCall answers { proceed: false, output }', async () => {
    let executed = false;
    const guarded = createTool({
      id: 'guarded',
      description: 'Guarded',
      inputSchema: z.object({}),
      execute: async () => {
        executed = true;
        return 'ran';
      },
    });
    const model = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'guarded', input: {} }] }, { text: 'ok' }] });
    const { agent } = createTestRunner({ model, tools: { guarded } });
    const result = await agent.generate('Go', {
      hooks: { beforeToolCall: () => ({ proceed: false, output: { cached: true } }) },
    });
    expect(executed).toBe(false);
    expect(result.toolResults[0]).toMatchObject({ result: { cached: true }, isError: false });
    expect(toolResultsSeen(model, 1)[0]!.output).toEqual({ type: 'json', value: { cached: true } });
  });

  it('fails only that call when an agent-level hook throws; the run goes on', async () => {
    const model = createScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'add', input: { a: 1, b: 2 } },
            { toolName: 'multiply', input: { a: 2, b: 5 } },
          ],
        },
        { text: 'ok' },
      ],
    });
    const { agent } = createTestRunner({ model, tools: { add, multiply } });
    const result = await agent.generate('Go', {
      hooks: {
        afterToolCall: ({ toolName }) => {
          if (toolName === 'add') throw new Error('audit store unavailable');
        },
      },
    });
    expect(result.status).toBe('finished');
    expect(result.toolResults).toEqual([
      { toolCallId: 'call-1-1', toolName: 'add', result: { message: 'audit store unavailable' }, isError: true },
      { toolCallId: 'call-1-2', toolName: 'multiply', result: 10, isError: false },
    ]);
    expect(toolResultsSeen(model, 1).map((part) => part.output)).toEqual([
      { type: 'error-text', value: 'audit store unavailable' },
      { type: 'json', value: 10 },
    ]);
  });

  it('rejects toolsets and client tools whose names collide with the agent tools, naming both', async () => {
    const { agent } = createTestRunner({ model: createScriptedModel(), tools: { add } });
    await expect(
      agent.generate('Go', {
        toolsets: { math: { add: multiply } },
        clientTools: { add: { description: 'Client add' } },
      }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      details: {
        issues: [
          {
            path: 'toolsets.math.add',
            message: 'The tool "add" of toolset "math" collides with the tool "add" of the agent.',
          },
          {
            path: 'clientTools.add',
            message: 'The tool "add" of the client tools collides with the tool "add" of the agent.',
          },
        ],
      },
    });
  });

  it('runs toolset tools like the agent tools', async () => {
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'times', input: { a: 3, b: 4 } }] }, { text: 'ok' }],
    });
    const { agent } = createTestRunner({ model, tools: { add } });
    const result = await agent.generate('Go', { toolsets: { math: { times: multiply } }, runId: 'chosen-run-id' });
    expect(result.runId).toBe('chosen-run-id');
    expect(result.toolResults[0]).toMatchObject({ toolName: 'times', result: 12 });
    await expect(agent.generate('Again', { runId: 'chosen-run-id' })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('runs one of two simultaneous runs with the same new runId and refuses the other with conflict', async () => {
    const model = createScriptedModel({ steps: [{ text: 'one' }, { text: 'two' }] });
    const { agent, store } = createTestRunner({ model });
    const outcomes = await Promise.allSettled([
      agent.generate('First', { runId: 'same-id' }),
      agent.generate('Second', { runId: 'same-id' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected')!;
    expect(refused.reason).toMatchObject({ code: 'conflict' });
    expect(model.doGenerateCalls).toHaveLength(1);
    expect((await store.get('same-id'))?.status).toBe('finished');
  });
});
