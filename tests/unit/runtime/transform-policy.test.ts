import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '@/lib/agents';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { readChunks } from './run-fixture';

const plain = createTool({
  id: 'lookup',
  description: 'Looks up a customer',
  inputSchema: z.object({ email: z.string() }),
  execute: async ({ email }) => ({ email, card: '4111-1111' }),
});
const shaped = createTool({
  id: 'weather',
  description: 'Weather',
  inputSchema: z.object({ city: z.string() }),
  transform: { display: { output: ({ output }) => ({ own: (output as { sky: string }).sky }) } },
  execute: async ({ city }) => ({ city, sky: 'grey' }),
});
const failing = createTool({
  id: 'broken',
  description: 'Always fails',
  execute: async (): Promise<string> => {
    throw new Error('secret path /etc/shadow');
  },
});

function agentWith(transform: ConstructorParameters<typeof Agent>[0]['transform']) {
  const model = createScriptedModel({
    steps: [
      {
        toolCalls: [
          { toolName: 'lookup', input: { email: 'ada@example.com' } },
          { toolName: 'weather', input: { city: 'Oslo' } },
          { toolName: 'broken', input: {} },
        ],
      },
      { text: 'Done.' },
    ],
  });
  return {
    model,
    agent: new Agent({
      id: 'policy',
      name: 'Policy',
      instructions: 'x',
      model,
      tools: { lookup: plain, weather: shaped, broken: failing },
      ...(transform ? { transform } : {}),
    }),
  };
}

describe('the agent-level transform policy', () => {
  it('shapes input, output and error of tools without their own transform; a tool with its own keeps it', async () => {
    const { agent, model } = agentWith({
      targets: ['display'],
      input: ({ toolName }) => ({ hidden: toolName }),
      output: ({ output }) => ({ keys: Object.keys(output as object) }),
      error: () => ({ message: 'The tool failed.' }),
    });
    const stream = agent.stream('go');
    const chunks = await readChunks(stream.fullStream);
    const result = await stream.result;
    const payloads = (type: string) =>
      chunks.filter((chunk) => chunk.type === type).map((chunk) => chunk.payload as Record<string, unknown>);

    expect(payloads('tool-call').map((payload) => payload.args)).toEqual([
      { hidden: 'lookup' },
      { hidden: 'weather' },
      { hidden: 'broken' },
    ]);
    // No partial input leaks for tools the policy shapes; weather has its own display transform without inputDelta.
    expect(payloads('tool-call-delta')).toEqual([]);
    expect(payloads('tool-result').map((payload) => payload.result)).toEqual([
      { keys: ['email', 'card'] },
      { own: 'grey' },
    ]);
    expect(payloads('tool-error').map((payload) => payload.error)).toEqual([{ message: 'The tool failed.' }]);
    // The model gets the raw output (through toModelOutput), whatever the policy shows.
    expect(result.toolResults.find((entry) => entry.toolName === 'lookup')!.result).toEqual({
      keys: ['email', 'card'],
    });
    const seen = model.prompts[1]!.filter((message) => message.role === 'tool').flatMap((message) => message.content);
    expect(seen[0]).toMatchObject({ output: { type: 'json', value: { email: 'ada@example.com', card: '4111-1111' } } });
  });

  it('shows the placeholder, never the raw payload, when a policy function throws; phases it leaves out stay raw', async () => {
    const { agent } = agentWith({
      output: () => {
        throw new Error('bad policy');
      },
    });
    const stream = agent.stream('go');
    const chunks = await readChunks(stream.fullStream);
    await stream.result;
    const results = chunks.filter((chunk) => chunk.type === 'tool-result').map((chunk) => chunk.payload);
    expect(results.map((payload) => (payload as { result: unknown }).result)).toEqual([
      { message: 'Tool output payload unavailable' },
      { own: 'grey' },
    ]);
    // No input policy: arguments and their deltas flow as they are.
    expect(chunks.find((chunk) => chunk.type === 'tool-call')?.payload).toMatchObject({
      args: { email: 'ada@example.com' },
    });
    expect(chunks.some((chunk) => chunk.type === 'tool-call-delta' && chunk.payload.toolName === 'lookup')).toBe(true);
    expect(chunks.find((chunk) => chunk.type === 'tool-error')?.payload).toMatchObject({
      error: { message: 'secret path /etc/shadow' },
    });
  });
});
