import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '@/lib/agents';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { promptOf, readChunks } from './run-fixture';

const greet = createTool({
  id: 'greet',
  description: 'Greets',
  inputSchema: z.object({ name: z.string() }),
  requireApproval: true,
  execute: async ({ name }) => `Hello, ${name}!`,
});

describe('new Agent(...) on its own', () => {
  it('runs the same loop: instructions rendered for the request context, tools by key, approval by toolCallId', async () => {
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'greeter', input: { name: 'Ada' } }] }, { text: 'Greeted.' }],
    });
    const agent = new Agent({
      id: 'standalone',
      name: 'Standalone',
      instructions: [
        { type: 'text', content: 'You help {{user.name || "someone"}}.' },
        {
          type: 'prompt_block',
          content: 'Be brief.',
          rules: { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] },
        },
      ],
      model,
      tools: { greeter: greet },
    });
    const paused = await agent.generate('Greet Ada', { requestContext: { user: { name: 'Grace' }, tier: 'pro' } });
    expect(promptOf(model, 0)[0]).toEqual({ role: 'system', content: 'You help Grace.\n\nBe brief.' });
    expect(paused).toMatchObject({ status: 'paused', agentId: 'standalone', versionId: null, versionNumber: null });
    expect(paused.resolvedToolsHash).toMatch(/^[0-9a-f]{64}$/);

    const finished = await agent.approveToolCall({ runId: paused.runId, toolCallId: paused.pending![0]!.toolCallId });
    expect(finished).toMatchObject({ status: 'finished', text: 'Greeted.' });
    expect(finished.toolResults).toEqual([
      { toolCallId: 'call-1-1', toolName: 'greeter', result: 'Hello, Ada!', isError: false },
    ]);
  });

  it('streams synchronously: the run id is known at once and the chunks arrive in order', async () => {
    const agent = new Agent({
      id: 'streamer',
      name: 'Streamer',
      instructions: 'Talk.',
      model: createScriptedModel({ steps: [{ text: 'Hi there' }] }),
    });
    const stream = agent.stream('Hello', { runId: 'run-known-early' });
    expect(stream.runId).toBe('run-known-early');
    const chunks = await readChunks(stream.fullStream);
    expect(chunks[0]).toMatchObject({ type: 'start', runId: 'run-known-early' });
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', payload: { text: 'Hi there' } });
    await expect(stream.result).resolves.toMatchObject({ runId: 'run-known-early', text: 'Hi there' });
  });

  it('fails with model_not_configured when the provider has no key, before any call', async () => {
    const agent = new Agent({ id: 'keyless', name: 'Keyless', instructions: 'x', model: 'mystery-provider/model' });
    await expect(agent.generate('Hi')).rejects.toMatchObject({ code: 'model_not_configured' });
  });
});
