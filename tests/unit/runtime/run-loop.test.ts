import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { createTestRunner, promptOf, readChunks, toolResultsSeen } from './run-fixture';

const weather = createTool({
  id: 'weather-tool',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, temperature: city === 'Oslo' ? 4 : 20 }),
});

const failing = createTool({
  id: 'failing-tool',
  description: 'Always fails',
  inputSchema: z.object({}),
  execute: async (): Promise<string> => {
    throw new Error('The weather service is down');
  },
});

describe('the run loop', () => {
  it('runs tool calls over several steps and feeds each result back to the model', async () => {
    const model = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }] },
        { toolCalls: [{ toolName: 'weather', input: { city: 'Rome' } }] },
        { text: 'Oslo is colder than Rome.' },
      ],
    });
    const { agent } = createTestRunner({ model, tools: { weather } });
    const result = await agent.generate('Compare Oslo and Rome');

    expect(result).toMatchObject({
      status: 'finished',
      finishReason: 'stop',
      text: 'Oslo is colder than Rome.',
      agentId: 'test-agent',
      versionId: 'version-1',
      versionNumber: 1,
      resolvedToolsHash: 'hash-1',
    });
    expect(result.toolCalls.map((call) => call.args)).toEqual([{ city: 'Oslo' }, { city: 'Rome' }]);
    expect(result.toolResults.map((entry) => entry.result)).toEqual([
      { city: 'Oslo', temperature: 4 },
      { city: 'Rome', temperature: 20 },
    ]);
    expect(model.doGenerateCalls).toHaveLength(3);
    expect(toolResultsSeen(model, 1)).toEqual([
      expect.objectContaining({
        toolCallId: 'call-1-1',
        output: { type: 'json', value: { city: 'Oslo', temperature: 4 } },
      }),
    ]);
    expect(promptOf(model, 0)[0]).toEqual({ role: 'system', content: 'You are a test agent.' });
    expect(result.usage.totalTokens).toBe(45);
  });

  it('offers tools under their record key, not their id', async () => {
    const model = createScriptedModel({ steps: [{ text: 'Hi' }] });
    const { agent } = createTestRunner({ model, tools: { weather, [failing.id]: failing } });
    await agent.generate('Hello');
    const offered = (model.doGenerateCalls[0]!.tools ?? []).map((tool) => tool.name);
    expect(offered).toEqual(['weather', 'failing-tool']);
  });

  it('stops after maxSteps model calls, with the last calls answered', async () => {
    const model = createScriptedModel({
      respond: () => ({ toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }] }),
    });
    const { agent } = createTestRunner({ model, tools: { weather } });
    const result = await agent.generate('Loop forever', { maxSteps: 2 });
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(result.status).toBe('finished');
    expect(result.finishReason).toBe('tool-calls');
    expect(result.toolResults).toHaveLength(2);
  });

  it('uses the default options of the version when the run gives none', async () => {
    const model = createScriptedModel({
      respond: () => ({ toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }] }),
    });
    const { agent } = createTestRunner({ model, tools: { weather }, defaultOptions: { maxSteps: 3 } });
    await agent.generate('Go');
    expect(model.doGenerateCalls).toHaveLength(3);
  });

  it('keeps running when a tool throws: the model sees the error message and continues', async () => {
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'failing', input: {} }] }, { text: 'Sorry, the service is down.' }],
    });
    const { agent } = createTestRunner({ model, tools: { failing } });
    const stream = agent.stream('Try it');
    const chunks = await readChunks(stream.fullStream);
    const result = await stream.result;
    expect(result.status).toBe('finished');
    expect(result.text).toBe('Sorry, the service is down.');
    expect(chunks.find((chunk) => chunk.type === 'tool-error')?.payload).toEqual({
      toolCallId: 'call-1-1',
      toolName: 'failing',
      error: { message: 'The weather service is down' },
    });
    expect(toolResultsSeen(model, 1)[0]!.output).toEqual({ type: 'error-text', value: 'The weather service is down' });
  });

  it('sends validation failures back to the model as the standard message, and the model can retry', async () => {
    const model = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'weather', input: { city: 42, password: 'hunter2' } }] },
        { toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }] },
        { text: 'Fixed it.' },
      ],
    });
    const { agent } = createTestRunner({ model, tools: { weather } });
    const result = await agent.generate('Weather?');
    const seen = toolResultsSeen(model, 1)[0]!.output as { type: string; value: { message: string } };
    expect(seen.type).toBe('json');
    expect(seen.value.message).toBe(
      'Tool input validation failed for weather-tool. Please fix the following errors and try again:\n' +
        '- city: Invalid input: expected string, received number\n\n' +
        'Provided arguments: {"city":42,"password":"[REDACTED]"}',
    );
    expect(result.toolResults[0]).toMatchObject({ isError: true });
    expect(result.toolResults[1]).toMatchObject({ isError: false, result: { city: 'Oslo', temperature: 4 } });
  });

  it('gives the model toModelOutput while the run keeps the raw output', async () => {
    const summarised = createTool({
      id: 'summarised',
      description: 'Returns a big record',
      inputSchema: z.object({}),
      execute: async () => ({ rows: [1, 2, 3], secretInternals: 'x' }),
      toModelOutput: (output) => ({ type: 'text', value: `${output.rows.length} rows` }),
    });
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'summarised', input: {} }] }, { text: 'ok' }],
    });
    const { agent } = createTestRunner({ model, tools: { summarised } });
    const result = await agent.generate('Go');
    expect(result.toolResults[0]!.result).toEqual({ rows: [1, 2, 3], secretInternals: 'x' });
    expect(toolResultsSeen(model, 1)[0]!.output).toEqual({ type: 'text', value: '3 rows' });
  });
});
