import { afterEach, describe, expect, it } from 'vitest';
import { call, createAndPublish } from '@/tests/support/studio';
import { createRunStudio, storedAgent } from './fixture';

let current: Awaited<ReturnType<typeof createRunStudio>> | undefined;
afterEach(async () => {
  await current?.cleanup();
  current = undefined;
});

describe('paused runs are stored', () => {
  it('approves by toolCallId after a restart: a new studio on the same database file runs the chosen call', async () => {
    current = await createRunStudio([
      {
        toolCalls: [
          { toolName: 'transfer', input: { to: 'alice', amount: 10 } },
          { toolName: 'transfer', input: { to: 'bob', amount: 20 } },
        ],
      },
    ]);
    await createAndPublish(current.studio, storedAgent);
    const paused = (
      await call(current.studio, 'POST', '/api/agents/banker/generate', {
        prompt: 'Pay both',
        requestContext: { user: 'Ada', mastra__authToken: 'caller-token-123' },
      })
    ).body;
    expect(paused.status).toBe('paused');
    const stored = (await current.studio.storage.queries.runs.get(paused.runId))!;
    expect(stored.status).toBe('paused');
    expect(JSON.parse(stored.requestContext)).toEqual({ user: 'Ada' });
    expect(stored.authToken).toMatch(/^enc:v2:/);
    expect(stored.authToken).not.toContain('caller-token-123');
    expect(JSON.parse(stored.pending)).toHaveLength(2);

    const restarted = await current.reopen([{ text: 'Paid bob, not alice.' }]);
    const afterBob = await call(restarted, 'POST', `/api/runs/${paused.runId}/approve`, { toolCallId: 'call-1-2' });
    expect(afterBob.status).toBe(200);
    expect(afterBob.body).toMatchObject({ status: 'paused', pending: [{ toolCallId: 'call-1-1' }] });
    expect(current.executed).toEqual(['transfer bob 20']);

    const again = await current.reopen([{ text: 'Paid bob, not alice.' }]);
    const finished = await call(again, 'POST', `/api/runs/${paused.runId}/decline`, { toolCallId: 'call-1-1' });
    expect(finished.body).toMatchObject({ status: 'finished', text: 'Paid bob, not alice.', versionNumber: 1 });
    expect(current.executed).toEqual(['transfer bob 20']);
    // The continued run still renders the instructions for the stored request context.
    expect(current.model().prompts[0]![0]).toEqual({ role: 'system', content: 'You move money for Ada.' });
    const record = await again.runtime.runs.get(paused.runId);
    expect(record.transcript.filter((entry) => entry.type === 'tool-call-decision')).toEqual([
      { type: 'tool-call-decision', toolCallId: 'call-1-2', toolName: 'transfer', decision: 'approved' },
      { type: 'tool-call-decision', toolCallId: 'call-1-1', toolName: 'transfer', decision: 'declined' },
    ]);
  });

  it('resumes a suspended call after a restart', async () => {
    current = await createRunStudio([{ toolCalls: [{ toolName: 'book', input: { hotel: 'Ritz' } }] }]);
    await createAndPublish(current.studio, storedAgent);
    const paused = (await call(current.studio, 'POST', '/api/agents/banker/generate', { prompt: 'Book' })).body;
    const restarted = await current.reopen([{ text: 'Booked the Ritz.' }]);
    const invalid = await call(restarted, 'POST', `/api/runs/${paused.runId}/resume`, { resumeData: { nights: 0 } });
    expect(invalid.status).toBe(400);
    const resumed = await call(restarted, 'POST', `/api/runs/${paused.runId}/resume`, { resumeData: { nights: 4 } });
    expect(resumed.body).toMatchObject({ status: 'finished', text: 'Booked the Ritz.' });
    expect(current.executed).toEqual(['book Ritz 4']);
  });

  it('keeps its version while another is published: the continuation runs the version the run started on', async () => {
    current = await createRunStudio([{ toolCalls: [{ toolName: 'transfer', input: { to: 'alice', amount: 10 } }] }]);
    const { studio } = current;
    await createAndPublish(studio, storedAgent);
    const paused = (await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Pay' })).body;

    const saved = await call(studio, 'PATCH', '/api/agents/banker', {
      baseVersionNumber: 1,
      instructions: 'Version two: never move money.',
      tools: { weather: {} },
    });
    expect(saved.body.version.versionNumber).toBe(2);
    expect((await call(studio, 'POST', '/api/agents/banker/versions/2/publish', {})).status).toBe(200);

    const restarted = await current.reopen([{ text: 'Done on version one.' }]);
    const finished = await call(restarted, 'POST', `/api/runs/${paused.runId}/approve`, { toolCallId: 'call-1-1' });
    expect(finished.body).toMatchObject({
      status: 'finished',
      versionNumber: 1,
      versionId: paused.versionId,
      resolvedToolsHash: paused.resolvedToolsHash,
    });
    // v2 dropped the transfer tool; the pinned v1 still has it, runs it, and keeps v1's instructions.
    expect(current.executed).toEqual(['transfer alice 10']);
    expect(current.model().prompts[0]![0]).toEqual({ role: 'system', content: 'You move money for a customer.' });
    expect(current.model().prompts[0]!.length).toBeGreaterThan(1);

    // A new run gets the newly published version.
    const fresh = await call(restarted, 'POST', '/api/agents/banker/generate', { prompt: 'Hi' });
    expect(fresh.body.versionNumber).toBe(2);
  });

  it('lets exactly one of two concurrent continuations of the same pause proceed', async () => {
    current = await createRunStudio([
      { toolCalls: [{ toolName: 'transfer', input: { to: 'alice', amount: 10 } }] },
      { text: 'ok' },
    ]);
    await createAndPublish(current.studio, storedAgent);
    const paused = (await call(current.studio, 'POST', '/api/agents/banker/generate', { prompt: 'Pay' })).body;
    const answers = await Promise.all([
      call(current.studio, 'POST', `/api/runs/${paused.runId}/approve`, { toolCallId: 'call-1-1' }),
      call(current.studio, 'POST', `/api/runs/${paused.runId}/approve`, { toolCallId: 'call-1-1' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(current.executed).toEqual(['transfer alice 10']);
  });
});
