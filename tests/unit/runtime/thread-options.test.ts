/**
 * `threadId` and `resourceId` travel with a run (its record, the tools' `context.agent`, its
 * continuations), and `autoResumeSuspendedTools` lets the next message of a thread answer a
 * suspended tool: only data the message clearly gives, under the tool's resumeSchema, and never an
 * approval.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '@/lib/tools';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { createTestRunner, promptOf } from './run-fixture';

function bookingTools(seen: unknown[]) {
  const book = createTool({
    id: 'book',
    description: 'Books a hotel after asking for the nights',
    inputSchema: z.object({ hotel: z.string() }),
    suspendSchema: z.object({ question: z.string() }),
    resumeSchema: z.object({ nights: z.number().int().min(1) }),
    execute: async ({ hotel }, context) => {
      seen.push({
        resumeData: context.agent?.resumeData,
        threadId: context.agent?.threadId,
        resourceId: context.agent?.resourceId,
      });
      const answer = context.agent?.resumeData as { nights: number } | undefined;
      if (!answer) {
        await context.agent?.suspend({ question: `How many nights at ${hotel}?` });
        return undefined;
      }
      return { booked: hotel, nights: answer.nights };
    },
  });
  const pay = createTool({
    id: 'pay',
    description: 'Pays',
    inputSchema: z.object({ amount: z.number() }),
    requireApproval: true,
    execute: async ({ amount }) => ({ paid: amount }),
  });
  return { book, pay };
}

const bookCall = { toolCalls: [{ toolName: 'book', input: { hotel: 'Grand' } }] };

describe('threads and resources', () => {
  it('keeps threadId and resourceId on the run, and hands them to tools, also when the run continues', async () => {
    const seen: unknown[] = [];
    const model = createScriptedModel({ steps: [bookCall, { text: 'Booked.' }] });
    const { agent, store } = createTestRunner({ model, tools: bookingTools(seen) });
    const paused = await agent.generate('Book the Grand', { threadId: 'thread-1', resourceId: 'user-7' });
    expect(await store.get(paused.runId)).toMatchObject({
      status: 'paused',
      threadId: 'thread-1',
      resourceId: 'user-7',
    });
    await agent.resumeGenerate({ nights: 2 }, { runId: paused.runId, resourceId: 'user-7' });
    expect(seen).toEqual([
      { resumeData: undefined, threadId: 'thread-1', resourceId: 'user-7' },
      { resumeData: { nights: 2 }, threadId: 'thread-1', resourceId: 'user-7' },
    ]);
  });
});

describe('autoResumeSuspendedTools', () => {
  it("resumes the thread's suspended call with the data the next message gives", async () => {
    const seen: unknown[] = [];
    const model = createScriptedModel({
      steps: [
        bookCall,
        // The extraction call: the model reads the data from the message.
        { toolCalls: [{ toolName: 'provide_resume_data', input: { resumeData: { nights: 3 } } }] },
        { text: 'Booked 3 nights.' },
      ],
    });
    const { agent, store } = createTestRunner({ model, tools: bookingTools(seen) });
    const paused = await agent.generate('Book the Grand', { threadId: 't' });
    const result = await agent.generate('Three nights, please', { threadId: 't', autoResumeSuspendedTools: true });
    expect(result).toMatchObject({ runId: paused.runId, status: 'finished', text: 'Booked 3 nights.' });
    expect(result.toolResults).toEqual([
      { toolCallId: 'call-1-1', toolName: 'book', result: { booked: 'Grand', nights: 3 }, isError: false },
    ]);
    // The extraction call saw the question, the schema and only the new message.
    const extraction = model.doGenerateCalls[1]!;
    expect(extraction.toolChoice).toEqual({ type: 'required' });
    expect(JSON.stringify(extraction.tools)).toContain('nights');
    expect(JSON.stringify(promptOf(model, 1))).toContain('How many nights at Grand?');
    expect(JSON.stringify(promptOf(model, 1))).toContain('Three nights, please');
    expect((await store.get(paused.runId))?.status).toBe('finished');
  });

  it('starts a new run and leaves the paused one waiting when the model is unsure or its data does not fit', async () => {
    const seen: unknown[] = [];
    const model = createScriptedModel({
      steps: [
        bookCall,
        { toolCalls: [{ toolName: 'resume_data_unclear', input: {} }] },
        { text: 'What else can I do?' },
        { toolCalls: [{ toolName: 'provide_resume_data', input: { resumeData: { nights: 0 } } }] },
        { text: 'Hm.' },
      ],
    });
    const { agent, store } = createTestRunner({ model, tools: bookingTools(seen) });
    const paused = await agent.generate('Book the Grand', { threadId: 't' });
    const unsure = await agent.generate('Is breakfast included?', { threadId: 't', autoResumeSuspendedTools: true });
    expect(unsure.runId).not.toBe(paused.runId);
    expect(unsure.text).toBe('What else can I do?');
    const unfit = await agent.generate('Zero nights', { threadId: 't', autoResumeSuspendedTools: true });
    expect(unfit.runId).not.toBe(paused.runId);
    expect((await store.get(paused.runId))?.status).toBe('paused');
    expect(seen).toHaveLength(1);
  });

  it('never approves a call, and does nothing without the option or outside the thread', async () => {
    const model = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'pay', input: { amount: 5 } }] },
        { text: 'New run 1' },
        bookCall,
        { text: 'New run 2' },
        { text: 'New run 3' },
      ],
    });
    const { agent, store } = createTestRunner({ model, tools: bookingTools([]) });
    const waitingForApproval = await agent.generate('Pay 5', { threadId: 'a' });
    const next = await agent.generate('Yes, go ahead', { threadId: 'a', autoResumeSuspendedTools: true });
    expect(next.text).toBe('New run 1');
    expect((await store.get(waitingForApproval.runId))?.status).toBe('paused');

    const suspended = await agent.generate('Book the Grand', { threadId: 'b' });
    expect((await agent.generate('Two nights', { threadId: 'b' })).text).toBe('New run 2');
    expect((await agent.generate('Two nights', { threadId: 'other', autoResumeSuspendedTools: true })).text).toBe(
      'New run 3',
    );
    expect((await store.get(suspended.runId))?.status).toBe('paused');
    // No extraction call was made: five scripted steps, five model calls.
    expect(model.doGenerateCalls).toHaveLength(5);
  });

  it('looks for the paused run by thread and resource: a thread id with another resource starts a new run', async () => {
    const seen: unknown[] = [];
    const model = createScriptedModel({ steps: [bookCall, { text: 'A new run of yours.' }] });
    const { agent, store } = createTestRunner({ model, tools: bookingTools(seen) });
    const theirs = await agent.generate('Book the Grand', { threadId: 't', resourceId: 'ada' });
    const mine = await agent.generate('Two nights', {
      threadId: 't',
      resourceId: 'eve',
      autoResumeSuspendedTools: true,
    });
    expect(mine.runId).not.toBe(theirs.runId);
    expect(mine.text).toBe('A new run of yours.');
    expect((await store.get(theirs.runId))?.status).toBe('paused');
    // No extraction call either: the other resource's question never reached the model.
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(JSON.stringify(promptOf(model, 1))).not.toContain('Book the Grand');
  });
});

describe('continuations of a run belong to its resource and its caller', () => {
  const ada = { id: 'user:ada', admin: false };
  const eve = { id: 'key:eve', admin: false };
  const root = { id: 'key:root', admin: true };

  it('refuses a continuation that does not name the run resource, or comes from another caller, with forbidden', async () => {
    const seen: unknown[] = [];
    const model = createScriptedModel({ steps: [bookCall, { text: 'Booked.' }] });
    const { agent, store } = createTestRunner({ model, tools: bookingTools(seen) });
    const paused = await agent.generate('Book the Grand', { resourceId: 'tenant-1', caller: ada });
    expect((await store.get(paused.runId))?.createdBy).toBe('user:ada');
    const refusals = [
      {},
      { resourceId: 'tenant-2' },
      { resourceId: 'tenant-1', caller: eve },
      { resourceId: 'tenant-2', caller: root },
    ];
    for (const party of refusals) {
      await expect(agent.resumeGenerate({ nights: 2 }, { runId: paused.runId, ...party })).rejects.toMatchObject({
        code: 'forbidden',
      });
      // Checked before anything else: a stranger does not learn which calls wait.
      await expect(
        agent.approveToolCall({ runId: paused.runId, toolCallId: 'nothing', ...party }),
      ).rejects.toMatchObject({ code: 'forbidden' });
    }
    expect((await store.get(paused.runId))?.status).toBe('paused');
    const resumed = await agent.resumeGenerate(
      { nights: 2 },
      { runId: paused.runId, resourceId: 'tenant-1', caller: root },
    );
    expect(resumed.status).toBe('finished');
  });

  it('lets the caller that started the run continue it, and code in the process that names the resource', async () => {
    const model = createScriptedModel({ steps: [bookCall, { text: 'Booked.' }, bookCall, { text: 'Booked again.' }] });
    const { agent } = createTestRunner({ model, tools: bookingTools([]) });
    const first = await agent.generate('Book', { resourceId: 'tenant-1', caller: ada });
    const own = await agent.resumeGenerate({ nights: 1 }, { runId: first.runId, resourceId: 'tenant-1', caller: ada });
    expect(own.status).toBe('finished');
    const second = await agent.generate('Book', { resourceId: 'tenant-1', caller: ada });
    const byCode = await agent.resumeGenerate({ nights: 1 }, { runId: second.runId, resourceId: 'tenant-1' });
    expect(byCode.status).toBe('finished');
  });
});
