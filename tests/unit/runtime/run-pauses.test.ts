import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { createTestRunner, readChunks, toolResultsSeen } from './run-fixture';

function transferTool(executed: string[]) {
  return createTool({
    id: 'transfer',
    description: 'Moves money',
    inputSchema: z.object({ to: z.string(), amount: z.number() }),
    requireApproval: (input) => input.amount > 100,
    execute: async ({ to, amount }) => {
      executed.push(`${to}:${amount}`);
      return { ok: true, to, amount };
    },
  });
}

const twoTransfers = {
  toolCalls: [
    { toolName: 'transfer', input: { to: 'alice', amount: 500 } },
    { toolName: 'transfer', input: { to: 'bob', amount: 700 } },
    { toolName: 'transfer', input: { to: 'carol', amount: 5 } },
  ],
};

describe('runs that pause', () => {
  it('pauses for approval, and approve selects the call by toolCallId', async () => {
    const executed: string[] = [];
    const model = createScriptedModel({ steps: [twoTransfers, { text: 'All done.' }] });
    const { agent, store } = createTestRunner({ model, tools: { transfer: transferTool(executed) } });
    const stream = agent.stream('Pay everyone');
    const chunks = await readChunks(stream.fullStream);
    const paused = await stream.result;

    expect(paused.status).toBe('paused');
    expect(paused.finishReason).toBe('tool-calls');
    expect(paused.pending).toEqual([
      { toolCallId: 'call-1-1', toolName: 'transfer', kind: 'approval', args: { to: 'alice', amount: 500 } },
      { toolCallId: 'call-1-2', toolName: 'transfer', kind: 'approval', args: { to: 'bob', amount: 700 } },
    ]);
    expect(chunks.filter((chunk) => chunk.type === 'tool-call-approval').map((chunk) => chunk.payload)).toEqual([
      { toolCallId: 'call-1-1', toolName: 'transfer', args: { to: 'alice', amount: 500 } },
      { toolCallId: 'call-1-2', toolName: 'transfer', args: { to: 'bob', amount: 700 } },
    ]);
    // The small transfer needed no approval and already ran.
    expect(executed).toEqual(['carol:5']);
    expect((await store.get(paused.runId))!.status).toBe('paused');

    const afterBob = await agent.approveToolCall({ runId: paused.runId, toolCallId: 'call-1-2' });
    expect(executed).toEqual(['carol:5', 'bob:700']);
    expect(afterBob.status).toBe('paused');
    expect(afterBob.pending?.map((call) => call.toolCallId)).toEqual(['call-1-1']);
    expect(model.doStreamCalls).toHaveLength(1);

    const finished = await agent.declineToolCall({ runId: paused.runId, toolCallId: 'call-1-1' });
    expect(finished).toMatchObject({ status: 'finished', text: 'All done.' });
    expect(executed).toEqual(['carol:5', 'bob:700']);
    // The results go back in the model's call order, the declined one with the fixed message.
    expect(toolResultsSeen(model, 1).map((part) => [part.toolCallId, part.output])).toEqual([
      ['call-1-1', { type: 'text', value: 'Tool call was not approved by the user' }],
      ['call-1-2', { type: 'json', value: { ok: true, to: 'bob', amount: 700 } }],
      ['call-1-3', { type: 'json', value: { ok: true, to: 'carol', amount: 5 } }],
    ]);
  });

  it('answers 409 conflict for a toolCallId that is not pending, and for a run that is not paused', async () => {
    const executed: string[] = [];
    const model = createScriptedModel({ steps: [twoTransfers, { text: 'ok' }] });
    const { agent } = createTestRunner({ model, tools: { transfer: transferTool(executed) } });
    const paused = await agent.generate('Pay');
    await expect(agent.approveToolCall({ runId: paused.runId, toolCallId: 'call-1-3' })).rejects.toMatchObject({
      code: 'conflict',
      message: `Run "${paused.runId}" cannot take an approval for tool call "call-1-3": it is not pending.`,
    });
    await expect(agent.resumeGenerate({}, { runId: paused.runId, toolCallId: 'call-1-1' })).rejects.toMatchObject({
      code: 'conflict',
      message: `Run "${paused.runId}" cannot take resume data for tool call "call-1-1": it waits for an approval.`,
    });
    // Resume data without a toolCallId, for a run that waits only for approvals: the same conflict.
    await expect(agent.resumeGenerate({}, { runId: paused.runId })).rejects.toMatchObject({
      code: 'conflict',
      message: `Run "${paused.runId}" cannot take resume data for tool call "call-1-1": it waits for an approval.`,
    });
    await expect(agent.approveToolCall({ runId: 'no-such-run', toolCallId: 'x' })).rejects.toMatchObject({
      code: 'not_found',
    });
    await agent.approveToolCall({ runId: paused.runId, toolCallId: 'call-1-1' });
    await agent.approveToolCall({ runId: paused.runId, toolCallId: 'call-1-2' });
    await expect(agent.approveToolCall({ runId: paused.runId, toolCallId: 'call-1-2' })).rejects.toMatchObject({
      code: 'conflict',
      message: `Run "${paused.runId}" is not waiting for anything (its status is finished).`,
    });
  });

  it('suspends a tool and resumes it with data checked against resumeSchema', async () => {
    const seen: unknown[] = [];
    const confirm = createTool({
      id: 'confirm-booking',
      description: 'Books after asking',
      inputSchema: z.object({ hotel: z.string() }),
      suspendSchema: z.object({ question: z.string() }),
      resumeSchema: z.object({ nights: z.number().int().min(1) }),
      execute: async ({ hotel }, context) => {
        seen.push(context.agent?.resumeData);
        if (context.agent?.resumeData === undefined) {
          await context.agent?.suspend({ question: `How many nights at ${hotel}?` });
          return undefined;
        }
        return { booked: hotel, nights: (context.agent.resumeData as { nights: number }).nights };
      },
    });
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'book', input: { hotel: 'Grand' } }] }, { text: 'Booked.' }],
    });
    const { agent } = createTestRunner({ model, tools: { book: confirm } });
    const stream = agent.stream('Book the Grand');
    const chunks = await readChunks(stream.fullStream);
    const paused = await stream.result;
    const suspended = chunks.find((chunk) => chunk.type === 'tool-call-suspended');
    expect(suspended?.payload).toEqual({
      toolCallId: 'call-1-1',
      toolName: 'book',
      suspendPayload: { question: 'How many nights at Grand?' },
      resumeSchema: expect.objectContaining({ type: 'object', required: ['nights'] }),
    });
    expect(paused.pending).toEqual([
      expect.objectContaining({ kind: 'suspended', suspendPayload: { question: 'How many nights at Grand?' } }),
    ]);

    await expect(agent.resumeGenerate({ nights: 0 }, { runId: paused.runId })).rejects.toMatchObject({
      code: 'invalid_input',
      message:
        'Tool resume data validation failed for confirm-booking. Please fix the following errors and try again:\n' +
        '- nights: Too small: expected number to be >=1\n\nProvided resume data: {"nights":0}',
      details: { issues: [{ path: 'resumeData.nights', message: 'Too small: expected number to be >=1' }] },
    });
    // The invalid attempt changed nothing: the same call is still waiting.
    const resumed = await agent.resumeGenerate({ nights: 3 }, { runId: paused.runId, toolCallId: 'call-1-1' });
    expect(resumed).toMatchObject({ status: 'finished', text: 'Booked.' });
    expect(resumed.toolResults).toEqual([
      { toolCallId: 'call-1-1', toolName: 'book', result: { booked: 'Grand', nights: 3 }, isError: false },
    ]);
    expect(seen).toEqual([undefined, { nights: 3 }]);
  });

  it('pauses for client tools and continues with the results the caller sends back', async () => {
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'pickColor', input: { palette: 'warm' } }] }, { text: 'Nice color.' }],
    });
    const { agent } = createTestRunner({ model });
    const paused = await agent.generate('Pick a color', {
      clientTools: {
        pickColor: {
          description: 'Asks the user to pick a color',
          inputSchema: { type: 'object', properties: { palette: { type: 'string' } } },
        },
      },
    });
    expect(model.doGenerateCalls[0]!.tools!.map((tool) => tool.name)).toEqual(['pickColor']);
    expect(paused).toMatchObject({
      status: 'paused',
      finishReason: 'tool-calls',
      toolCalls: [{ toolCallId: 'call-1-1', toolName: 'pickColor', args: { palette: 'warm' } }],
      pending: [{ toolCallId: 'call-1-1', toolName: 'pickColor', kind: 'client', args: { palette: 'warm' } }],
    });
    const finished = await agent.submitToolResults({
      runId: paused.runId,
      results: [
        { toolCallId: 'call-1-1', output: { color: '#ff8800' }, modelOutput: { type: 'text', value: 'orange' } },
      ],
    });
    expect(finished).toMatchObject({ status: 'finished', text: 'Nice color.' });
    expect(finished.toolResults[0]).toMatchObject({ result: { color: '#ff8800' } });
    expect(toolResultsSeen(model, 1)[0]!.output).toEqual({ type: 'text', value: 'orange' });
    expect(model.doGenerateCalls[1]!.tools!.map((tool) => tool.name)).toEqual(['pickColor']);
  });
});
