import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '@/lib/agents';
import { createTool } from '@/lib/tools';
import { createScriptedModel, type ScriptedModel } from '@/tests/support/scripted-model';
import { call, createTestStudio } from '@/tests/support/studio';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function setUp(model: ScriptedModel) {
  const calls: string[] = [];
  const approve = createTool({
    id: 'approve-refund',
    description: 'Refunds an order',
    inputSchema: z.object({ order: z.string() }),
    requireApproval: true,
    execute: async ({ order }) => ({ refunded: order }),
  });
  const support = new Agent({
    id: 'support',
    name: 'Support',
    instructions: 'Code instructions.',
    model,
    tools: { refund: approve },
    hooks: { beforeToolCall: ({ toolName }) => void calls.push(`agent before ${toolName}`) },
  });
  const test = await createTestStudio({ agents: { support } });
  cleanup = test.cleanup;
  return { ...test, calls };
}

describe('code agents at run time', () => {
  it('runs a code agent as defined in code (model object, tools, hooks) with no version', async () => {
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'refund', input: { order: 'A-1' } }] }, { text: 'Refunded.' }],
    });
    const { studio, calls } = await setUp(model);
    const agent = await studio.runtime.loadAgent('support');
    const paused = await agent.generate('Refund A-1');
    expect(paused).toMatchObject({ status: 'paused', agentId: 'support', versionId: null, versionNumber: null });
    const done = await studio.runtime.runs.approve({ runId: paused.runId, toolCallId: 'call-1-1' });
    expect(done).toMatchObject({ status: 'finished', text: 'Refunded.' });
    expect(calls).toEqual(['agent before refund']);
    expect(model.prompts[0]![0]).toEqual({ role: 'system', content: 'Code instructions.' });
  });

  it('runs the published override, and a paused run keeps what it started with when another is published', async () => {
    const model = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'refund', input: { order: 'B-2' } }] },
        { text: 'Done with the override.' },
        { text: 'Second run.' },
      ],
    });
    const { studio } = await setUp(model);
    expect((await call(studio, 'POST', '/api/agents', { id: 'support', instructions: 'Override v1.' })).status).toBe(
      201,
    );
    await call(studio, 'POST', '/api/agents/support/versions/1/publish', {});
    const paused = (await call(studio, 'POST', '/api/agents/support/generate', { prompt: 'Refund B-2' })).body;
    expect(paused).toMatchObject({ status: 'paused', versionNumber: 1 });

    await call(studio, 'PATCH', '/api/agents/support', { baseVersionNumber: 1, instructions: 'Override v2.' });
    await call(studio, 'POST', '/api/agents/support/versions/2/publish', {});
    const done = await call(studio, 'POST', `/api/runs/${paused.runId}/approve`, { toolCallId: 'call-1-1' });
    expect(done.body).toMatchObject({ status: 'finished', versionNumber: 1, text: 'Done with the override.' });
    expect(model.prompts[1]![0]).toEqual({ role: 'system', content: 'Override v1.' });

    const next = await call(studio, 'POST', '/api/agents/support/generate', { prompt: 'Hi' });
    expect(next.body.versionNumber).toBe(2);
    expect(model.prompts[2]![0]).toEqual({ role: 'system', content: 'Override v2.' });
  });
});
