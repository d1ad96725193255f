/**
 * Runs belong to their caller, over real HTTP: auto-resume matches thread and resource, every
 * continuation (approve, decline, resume, tool results; JSON and streamed) names the run's
 * resourceId or is refused with 403, and a caller-chosen runId runs once, also when two requests
 * bring it at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAndPublish } from '@/tests/support/studio';
import { askColor, conciergeAgent, prompts, serveTestStudio, type Answer } from './http-runs';

let served: Awaited<ReturnType<typeof serveTestStudio>>;

beforeAll(async () => {
  served = await serveTestStudio();
  await createAndPublish(served.studio, conciergeAgent);
});
afterAll(async () => {
  await served?.close();
});

const generate = (body: Record<string, unknown>, stream = false) =>
  served.send('POST', `/api/agents/concierge/${stream ? 'stream' : 'generate'}`, body);

async function pausedRun(body: Record<string, unknown>): Promise<{ runId: string; toolCallId: string }> {
  const answer = await generate(body);
  expect(answer.body).toMatchObject({ status: 'paused' });
  return { runId: answer.body.runId as string, toolCallId: answer.body.pending[0].toolCallId as string };
}

const statusOf = async (runId: string) => (await served.send('GET', `/api/runs/${runId}`)).body.status as string;

function expectForbidden(answer: Answer, label: string) {
  expect(answer.status, label).toBe(403);
  expect(answer.body.error?.code, label).toBe('forbidden');
  // Refused before anything of the run is read out: no pending calls, no messages.
  expect(JSON.stringify(answer.body), label).not.toContain('555-0101');
}

describe('autoResumeSuspendedTools matches thread and resource', () => {
  it("does not continue another resource's paused run in the same thread, nor show its messages", async () => {
    const threadId = 'thread-shared';
    const { runId: victim } = await pausedRun({ prompt: prompts.suspension, threadId, resourceId: 'victim' });
    for (const [stream, attacker] of [
      [false, { resourceId: 'mallory' }],
      [true, { resourceId: 'mallory' }],
      [false, {}],
    ] as const) {
      const label = `stream: ${stream}, ${JSON.stringify(attacker)}`;
      const answer = await generate(
        { prompt: prompts.monday, threadId, autoResumeSuspendedTools: true, ...attacker },
        stream,
      );
      expect(answer.status, label).toBe(200);
      const runIds = new Set([answer.body.runId, ...answer.events.map((event) => event.data.runId)]);
      expect([...runIds], label).not.toContain(victim);
      expect(JSON.stringify(answer), label).not.toContain('555-0101');
      expect(await statusOf(victim), label).toBe('paused');
    }
    // The victim's own next message in the thread still resumes it.
    const own = await generate({
      prompt: prompts.monday,
      threadId,
      resourceId: 'victim',
      autoResumeSuspendedTools: true,
    });
    expect(own.body).toMatchObject({ runId: victim, status: 'finished' });
    expect(own.body.toolResults).toEqual([
      expect.objectContaining({ toolName: 'schedule-callback', result: expect.objectContaining({ day: 'monday' }) }),
    ]);
  });

  it('resumes a run started without a resource only from a message without one', async () => {
    const threadId = 'thread-anonymous';
    const { runId: paused } = await pausedRun({ prompt: prompts.suspension, threadId });
    const named = await generate({
      prompt: prompts.monday,
      threadId,
      resourceId: 'someone',
      autoResumeSuspendedTools: true,
    });
    expect(named.body.runId).not.toBe(paused);
    const anonymous = await generate({ prompt: prompts.monday, threadId, autoResumeSuspendedTools: true });
    expect(anonymous.body).toMatchObject({ runId: paused, status: 'finished' });
  });
});

describe('continuations of a run started with a resourceId', () => {
  const continuations = [
    { route: 'approve', prompt: prompts.approval, body: (toolCallId: string) => ({ toolCallId }) },
    { route: 'decline', prompt: prompts.approval, body: (toolCallId: string) => ({ toolCallId }) },
    {
      route: 'resume',
      prompt: prompts.suspension,
      body: (toolCallId: string) => ({ toolCallId, resumeData: { day: 'friday' } }),
    },
    {
      route: 'tool-results',
      prompt: prompts.client,
      clientTools: askColor,
      body: (toolCallId: string) => ({ results: [{ toolCallId, output: { color: 'blue' } }] }),
    },
  ];

  for (const { route, prompt, body: bodyFor, clientTools } of continuations) {
    it(`${route}: refused with 403 without the run's resourceId or with another, as JSON and as events`, async () => {
      const { runId, toolCallId } = await pausedRun({
        prompt,
        resourceId: 'tenant-1',
        ...(clientTools ? { clientTools } : {}),
      });
      const body = bodyFor(toolCallId);
      for (const stream of [false, true]) {
        for (const party of [{}, { resourceId: 'tenant-2' }]) {
          const answer = await served.send('POST', `/api/runs/${runId}/${route}`, { ...body, ...party }, { stream });
          expectForbidden(answer, `${route}, stream: ${stream}, ${JSON.stringify(party)}`);
        }
      }
      expect(await statusOf(runId)).toBe('paused');
      const allowed = await served.send('POST', `/api/runs/${runId}/${route}`, { ...body, resourceId: 'tenant-1' });
      expect(allowed.status).toBe(200);
      expect(allowed.body).toMatchObject({ runId, status: 'finished' });
    });
  }

  it('a run started without a resourceId continues as before', async () => {
    const { runId, toolCallId } = await pausedRun({ prompt: prompts.approval });
    const answer = await served.send('POST', `/api/runs/${runId}/approve`, { toolCallId });
    expect(answer.body).toMatchObject({ runId, status: 'finished' });
  });
});

describe('a caller-chosen runId', () => {
  // Slow enough that both requests are past their start before either run ends, as with a real model.
  const slowPrompt = 'Hello there [[delay 150]]';

  it('runs exactly one of two simultaneous generates with the same new runId; the other is 409', async () => {
    const body = { prompt: slowPrompt, runId: 'chosen-at-once' };
    const answers = await Promise.all([generate(body), generate(body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.error).toMatchObject({ code: 'conflict', details: { runId: 'chosen-at-once' } });
    expect(await statusOf('chosen-at-once')).toBe('finished');
  });

  it('runs exactly one of two simultaneous streams (or a stream and a generate) with the same new runId', async () => {
    for (const [index, pair] of [
      [true, true],
      [true, false],
    ].entries()) {
      const body = { prompt: slowPrompt, runId: `chosen-streamed-${index}` };
      const answers = await Promise.all(pair.map((stream) => generate(body, stream)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.error.code).toBe('conflict');
    }
  });

  it('refuses an id that exists (finished) or is paused, and leaves that run as it was', async () => {
    const { runId: paused } = await pausedRun({
      prompt: prompts.approval,
      runId: 'chosen-paused',
      resourceId: 'tenant-1',
    });
    const again = await generate({ prompt: 'Take it over', runId: paused });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
    const record = await served.send('GET', `/api/runs/${paused}`);
    expect(record.body).toMatchObject({ status: 'paused', resourceId: 'tenant-1' });
    expect(JSON.stringify(record.body.transcript)).not.toContain('Take it over');
  });
});
