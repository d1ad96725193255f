import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '@/lib/agents';
import type { RunChunk } from '@/lib/runtime';
import { createTool } from '@/lib/tools';
import { createStep, createWorkflow } from '@/lib/workflows';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { bookingWorkflow } from './booking-workflow';
import { readChunks } from './run-fixture';

function weatherAgent(steps: ScriptedStep[]) {
  const model = createScriptedModel({ steps });
  const forecast = createTool({
    id: 'forecast',
    description: 'Forecast for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, sky: 'sunny' }),
  });
  const agent = new Agent({
    id: 'weather-agent',
    name: 'Weather',
    description: 'Answers questions about the weather.',
    instructions: 'You know the weather.',
    model,
    tools: { forecast },
  });
  return { agent, model };
}

describe('sub-agents and workflows as tools', () => {
  it('offers a sub-agent as agent-<key> and streams its progress as data-tool-agent chunks with its own id', async () => {
    const weather = weatherAgent([
      { toolCalls: [{ toolName: 'forecast', input: { city: 'Oslo' } }] },
      { text: 'Sunny in Oslo.' },
    ]);
    const model = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'agent-weather', input: { prompt: 'Weather in Oslo?', threadId: 't-9' } }] },
        { text: 'The weather agent says sunny.' },
      ],
    });
    const planner = new Agent({
      id: 'planner',
      name: 'Planner',
      instructions: 'Plan trips.',
      model,
      agents: { weather: weather.agent },
    });
    const stream = planner.stream('Plan Oslo');
    const chunks = await readChunks(stream.fullStream);
    const result = await stream.result;
    expect(result).toMatchObject({ status: 'finished', text: 'The weather agent says sunny.' });

    // What the model was offered: the name, the description and the input shape.
    const offered = (model.doStreamCalls[0]!.tools ?? []) as Array<{
      name: string;
      description?: string;
      inputSchema: unknown;
    }>;
    const tool = offered.find((candidate) => candidate.name === 'agent-weather')!;
    expect(tool.description).toBe('Answers questions about the weather.');
    expect(Object.keys((tool.inputSchema as { properties: object }).properties).sort()).toEqual(
      ['instructions', 'maxSteps', 'prompt', 'resourceId', 'threadId'].sort(),
    );
    // The sub-agent got the prompt; its output is { text, subAgentThreadId }.
    expect(weather.model.prompts[0]!.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'text', text: 'Weather in Oslo?' }],
    });
    expect(result.toolResults).toEqual([
      {
        toolCallId: 'call-1-1',
        toolName: 'agent-weather',
        result: { text: 'Sunny in Oslo.', subAgentThreadId: 't-9' },
        isError: false,
      },
    ]);
    const progress = chunks.filter((chunk) => chunk.type === 'data-tool-agent') as Array<
      Extract<RunChunk, { type: `data-${string}` }>
    >;
    expect(progress.length).toBeGreaterThan(3);
    for (const chunk of progress) {
      expect(chunk.payload).toMatchObject({ toolName: 'agent-weather', id: 'weather-agent', toolCallId: 'call-1-1' });
    }
    const inner = progress.map((chunk) => chunk.payload.data as RunChunk);
    expect(inner.find((chunk) => chunk.type === 'tool-result')?.payload).toMatchObject({
      toolName: 'forecast',
      result: { city: 'Oslo', sky: 'sunny' },
    });
    expect(inner.at(-1)?.type).toBe('finish');
    // Every sub-agent chunk arrives before the calling tool's result.
    const resultIndex = chunks.findIndex((chunk) => chunk.type === 'tool-result');
    expect(chunks.findLastIndex((chunk) => chunk.type === 'data-tool-agent')).toBeLessThan(resultIndex);
  });

  it('refuses a sub-agent whose tool name collides with one of the agent tools, naming both', async () => {
    const weather = weatherAgent([]);
    const clash = createTool({ id: 'clash', description: 'x', execute: async () => 1 });
    const planner = new Agent({
      id: 'planner',
      name: 'Planner',
      instructions: 'Plan.',
      model: createScriptedModel(),
      tools: { 'agent-weather': clash },
      agents: { weather: weather.agent },
    });
    await expect(planner.generate('hi')).rejects.toMatchObject({
      code: 'invalid_input',
      details: {
        issues: [
          {
            message: 'The tool "agent-weather" of the sub-agents collides with the tool "agent-weather" of the agent.',
          },
        ],
      },
    });
  });

  it('runs a workflow as workflow-<key>: input { inputData }, output { result, runId } or { runId, error }', async () => {
    const executed: string[] = [];
    const simple = createWorkflow({
      id: 'shout',
      description: 'Shouts a word.',
      inputSchema: z.object({ word: z.string() }),
      outputSchema: z.object({ loud: z.string() }),
      steps: [
        createStep({
          id: 'upper',
          inputSchema: z.object({ word: z.string() }),
          outputSchema: z.object({ loud: z.string() }),
          execute: async ({ inputData }) => {
            if (inputData.word === 'fail') throw new Error('cannot shout that');
            return { loud: inputData.word.toUpperCase() };
          },
        }),
      ],
    });
    const model = createScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'workflow-shout', input: { inputData: { word: 'hey' } } },
            { toolName: 'workflow-shout', input: { inputData: { word: 'fail' } } },
          ],
        },
        { text: 'Shouted.' },
      ],
    });
    const agent = new Agent({
      id: 'shouter',
      name: 'Shouter',
      instructions: 'Shout.',
      model,
      workflows: { shout: simple, booking: bookingWorkflow(executed) },
    });
    const result = await agent.generate('Shout hey');
    const offered = model.doGenerateCalls[0]!.tools as unknown as Array<{
      name: string;
      description?: string;
      inputSchema: { properties: { inputData: { properties: Record<string, unknown> } } };
    }>;
    expect(offered.map((tool) => tool.name)).toEqual(['workflow-shout', 'workflow-booking']);
    expect(offered[0]!.description).toBe('Shouts a word.');
    expect(offered[0]!.inputSchema.properties.inputData.properties.word).toMatchObject({ type: 'string' });
    const [ok, failed] = result.toolResults;
    expect(ok!.result).toEqual({ result: { loud: 'HEY' }, runId: expect.any(String) });
    expect(failed!.result).toEqual({
      runId: expect.any(String),
      error: { message: 'cannot shout that', step: 'upper' },
    });
  });
});
