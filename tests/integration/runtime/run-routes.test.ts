import { afterEach, describe, expect, it } from 'vitest';
import { call, createAndPublish, type ResponseBody } from '@/tests/support/studio';
import { createRunStudio, parseEventStream, storedAgent } from './fixture';

let current: Awaited<ReturnType<typeof createRunStudio>> | undefined;
afterEach(async () => {
  await current?.cleanup();
  current = undefined;
});

async function setUp(steps: Parameters<typeof createRunStudio>[0]) {
  current = await createRunStudio(steps);
  await createAndPublish(current.studio, storedAgent);
  return current;
}

describe('POST /api/agents/:id/generate', () => {
  it('runs the published version and answers the run with its version and tool set', async () => {
    const { studio, model } = await setUp([
      { toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }] },
      { text: 'It is 7 degrees in Oslo.' },
    ]);
    const { status, body } = await call(studio, 'POST', '/api/agents/banker/generate', {
      prompt: 'Weather in Oslo?',
      requestContext: { user: 'Ada' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      agentId: 'banker',
      status: 'finished',
      text: 'It is 7 degrees in Oslo.',
      versionNumber: 1,
      toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' } }],
      toolResults: [{ toolName: 'weather', result: { city: 'Oslo', temperature: 7 }, isError: false }],
    });
    const resolved = await call(studio, 'POST', '/api/agents/banker/resolve', { requestContext: { user: 'Ada' } });
    expect(body.resolvedToolsHash).toBe(resolved.body.resolvedToolsHash);
    expect(body.versionId).toBe(resolved.body.versionId);
    expect(model().prompts[0]![0]).toEqual({ role: 'system', content: 'You move money for Ada.' });

    const run = await call(studio, 'GET', `/api/runs/${body.runId}`);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      runId: body.runId,
      agentId: 'banker',
      versionId: body.versionId,
      versionNumber: 1,
      resolvedToolsHash: body.resolvedToolsHash,
      status: 'finished',
    });
    expect(run.body.transcript).toEqual([
      { type: 'user', content: 'Weather in Oslo?' },
      { type: 'tool-call', toolCallId: 'call-1-1', toolName: 'weather', args: { city: 'Oslo' } },
      {
        type: 'tool-result',
        toolCallId: 'call-1-1',
        toolName: 'weather',
        result: { city: 'Oslo', temperature: 7 },
        isError: false,
      },
      { type: 'text', text: 'It is 7 degrees in Oslo.' },
    ]);
  });

  it('answers 400 with every problem of a bad body', async () => {
    const { studio } = await setUp([]);
    const { status, body } = await call(studio, 'POST', '/api/agents/banker/generate', {
      maxSteps: 0,
      toolChoice: 'sometimes',
      messages: [{ role: 'wizard', content: 'hi' }],
      surprise: true,
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_input');
    const paths = (body.error.details.issues as Array<{ path: string }>).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['surprise', 'maxSteps', 'toolChoice', 'messages.0.role']));
  });

  it('says what a tool choice, a message content and a saved default tool choice accept', async () => {
    const { studio } = await setUp([]);
    const issuesOf = async (method: string, path: string, body: unknown) =>
      (await call(studio, method, path, body)).body.error.details.issues;
    expect(await issuesOf('POST', '/api/agents/banker/generate', { prompt: 'x', toolChoice: 'sometimes' })).toEqual([
      { path: 'toolChoice', message: 'Expected "auto", "none", "required" or an object' },
    ]);
    expect(
      await issuesOf('POST', '/api/agents/banker/generate', { messages: [{ role: 'user', content: { x: 1 } }] }),
    ).toEqual([{ path: 'messages.0.content', message: 'Expected a string or a list' }]);
    expect(
      await issuesOf('POST', '/api/agents/banker/test-cases', {
        name: 'content',
        input: { messages: [{ role: 'user', content: { x: 1 } }] },
      }),
    ).toEqual([{ path: 'input.messages.0.content', message: 'Expected a string or a list' }]);
    expect(
      await issuesOf('PATCH', '/api/agents/banker', { baseVersionNumber: 1, defaultOptions: { toolChoice: 'x' } }),
    ).toEqual([{ path: 'defaultOptions.toolChoice', message: 'Expected "auto", "none", "required" or an object' }]);
  });

  it('answers 503 model_not_configured naming the variable, on generate and on stream', async () => {
    const { studio } = await setUp([]);
    await createAndPublish(studio, { ...storedAgent, id: 'keyless', model: 'openai/gpt-4o' });
    for (const route of ['generate', 'stream']) {
      const { status, body } = await call(studio, 'POST', `/api/agents/keyless/${route}`, { prompt: 'Hi' });
      expect(status).toBe(503);
      expect(body.error).toMatchObject({
        code: 'model_not_configured',
        message: 'Set OPENAI_API_KEY to run openai/gpt-4o.',
        details: { variable: 'OPENAI_API_KEY' },
      });
    }
  });

  it('answers 404 for an unknown agent and for an agent with nothing published', async () => {
    const { studio } = await setUp([]);
    expect((await call(studio, 'POST', '/api/agents/nobody/generate', { prompt: 'Hi' })).status).toBe(404);
    await call(studio, 'POST', '/api/agents', { ...storedAgent, id: 'drafty' });
    const draft = await call(studio, 'POST', '/api/agents/drafty/generate', { prompt: 'Hi' });
    expect(draft.body.error.code).toBe('no_published_version');
  });
});

describe('POST /api/agents/:id/stream', () => {
  it('sends one typed chunk per event, ending with finish', async () => {
    const { studio } = await setUp([
      { text: 'Checking.', toolCalls: [{ toolName: 'weather', input: { city: 'Rome' } }] },
      { text: 'Warm.' },
    ]);
    const response = await studio.api.request('/api/agents/banker/stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Weather in Rome?' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseEventStream(await response.text());
    const runId = events[0]!.data.runId;
    for (const { event, data } of events) {
      expect(data.type).toBe(event);
      expect(data.runId).toBe(runId);
      expect(data).toHaveProperty('payload');
    }
    expect(events.map((entry) => entry.event)).toEqual([
      'start',
      'text-delta',
      'text-delta',
      'tool-call-input-streaming-start',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-input-streaming-end',
      'tool-call',
      'tool-result',
      'step-finish',
      'text-delta',
      'step-finish',
      'finish',
    ]);
    expect(events.at(-1)!.data.payload).toMatchObject({ status: 'finished', text: 'Warm.' });
  });

  it('ends with an error event in the API error shape when the model fails mid-run', async () => {
    const { studio, model } = await setUp([]);
    model().doStream = async () => {
      throw new Error('socket hang up');
    };
    const response = await studio.api.request('/api/agents/banker/stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Hi' }),
    });
    const events = parseEventStream(await response.text());
    expect(events.map((entry) => entry.event)).toEqual(['start', 'error']);
    expect(events[1]!.data.payload).toEqual({
      error: { code: 'internal_error', message: 'The run failed on the server. The details were logged.' },
    });
    const run = await call(studio, 'GET', `/api/runs/${String(events[0]!.data.runId)}`);
    expect(run.body.status).toBe('failed');
  });
});

describe('paused runs over HTTP', () => {
  it('approves and declines by toolCallId, answering 409 for a call that is not pending and 404 for an unknown run', async () => {
    const { studio, executed } = await setUp([
      {
        toolCalls: [
          { toolName: 'transfer', input: { to: 'alice', amount: 10 } },
          { toolName: 'transfer', input: { to: 'bob', amount: 20 } },
        ],
      },
      { text: 'Transfers handled.' },
    ]);
    const paused = (await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Pay both' })).body;
    expect(paused.status).toBe('paused');
    expect(paused.pending.map((entry: ResponseBody) => [entry.toolCallId, entry.kind])).toEqual([
      ['call-1-1', 'approval'],
      ['call-1-2', 'approval'],
    ]);
    const record = await call(studio, 'GET', `/api/runs/${paused.runId}`);
    expect(record.body.pending).toEqual([
      { toolCallId: 'call-1-1', toolName: 'transfer', kind: 'approval' },
      { toolCallId: 'call-1-2', toolName: 'transfer', kind: 'approval' },
    ]);

    const wrong = await call(studio, 'POST', `/api/runs/${paused.runId}/approve`, { toolCallId: 'call-9-9' });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.code).toBe('conflict');
    expect((await call(studio, 'POST', '/api/runs/unknown-run/approve', { toolCallId: 'x' })).status).toBe(404);
    expect((await call(studio, 'POST', `/api/runs/${paused.runId}/approve`, {})).status).toBe(400);

    const afterBob = await call(studio, 'POST', `/api/runs/${paused.runId}/approve`, { toolCallId: 'call-1-2' });
    expect(afterBob.body).toMatchObject({ status: 'paused', pending: [{ toolCallId: 'call-1-1' }] });
    expect(executed).toEqual(['transfer bob 20']);
    const finished = await call(studio, 'POST', `/api/runs/${paused.runId}/decline`, { toolCallId: 'call-1-1' });
    expect(finished.body).toMatchObject({ status: 'finished', text: 'Transfers handled.' });
    expect(executed).toEqual(['transfer bob 20']);
  });

  it('continues a run paused in one instance through another on the same database, once', async () => {
    const { studio, executed, alongside } = await setUp([
      { toolCalls: [{ toolName: 'transfer', input: { to: 'alice', amount: 10 } }] },
    ]);
    const paused = (await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Pay Alice' })).body;
    expect(paused.status).toBe('paused');
    const other = await alongside([{ text: 'Paid Alice.' }]);
    const finished = await call(other, 'POST', `/api/runs/${paused.runId}/approve`, {
      toolCallId: paused.pending[0].toolCallId,
    });
    expect(finished.body).toMatchObject({ status: 'finished', text: 'Paid Alice.' });
    expect(executed).toEqual(['transfer alice 10']);
    // The other instance claimed the run: continuing it here again is refused.
    const again = await call(studio, 'POST', `/api/runs/${paused.runId}/approve`, {
      toolCallId: paused.pending[0].toolCallId,
    });
    expect(again.status).toBe(409);
    // Finished runs are stored in groups, shortly after their answer.
    await expect
      .poll(async () => (await call(studio, 'GET', `/api/runs/${paused.runId}`)).body.status, { timeout: 2_000 })
      .toBe('finished');
  });

  it('ends the paused runs of a deleted agent as aborted, so nothing waits on a version that is gone', async () => {
    const { studio, executed } = await setUp([
      { toolCalls: [{ toolName: 'transfer', input: { to: 'alice', amount: 10 } }] },
    ]);
    const paused = (await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Pay Alice' })).body;
    expect(paused.status).toBe('paused');
    expect((await call(studio, 'DELETE', '/api/agents/banker')).status).toBe(200);

    const run = await call(studio, 'GET', `/api/runs/${paused.runId}`);
    expect(run.body.status).toBe('aborted');
    expect(run.body).not.toHaveProperty('pending');
    expect(run.body.error).toMatchObject({
      code: 'not_found',
      details: { agentId: 'banker', reason: 'agent_deleted' },
    });
    expect(run.body.error.message).toBe('Agent "banker" was deleted while this run waited for an answer.');
    const approve = await call(studio, 'POST', `/api/runs/${paused.runId}/approve`, { toolCallId: 'call-1-1' });
    expect(approve.status).toBe(409);
    expect(executed).toEqual([]);
    const audit = await call(studio, 'GET', '/api/audit?action=agent.delete');
    expect(audit.body.items[0].details).toMatchObject({ abortedRuns: 1 });
  });

  it('streams a continuation when the request accepts text/event-stream', async () => {
    const { studio } = await setUp([
      { toolCalls: [{ toolName: 'transfer', input: { to: 'alice', amount: 10 } }] },
      { text: 'Sent.' },
    ]);
    const paused = (await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Pay' })).body;
    const response = await studio.api.request(`/api/runs/${paused.runId}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ toolCallId: 'call-1-1' }),
    });
    const events = parseEventStream(await response.text());
    expect(events.map((entry) => entry.event)).toEqual(['start', 'tool-result', 'text-delta', 'step-finish', 'finish']);
    const conflict = await studio.api.request(`/api/runs/${paused.runId}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ toolCallId: 'call-1-1' }),
    });
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as ResponseBody).error.code).toBe('conflict');
  });

  it('resumes a suspended call: invalid data is 400 with the standard message, valid data continues', async () => {
    const { studio, executed } = await setUp([
      { toolCalls: [{ toolName: 'book', input: { hotel: 'Grand' } }] },
      { text: 'Booked.' },
    ]);
    const paused = (await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Book' })).body;
    expect(paused.pending).toEqual([
      {
        toolCallId: 'call-1-1',
        toolName: 'book',
        kind: 'suspended',
        args: { hotel: 'Grand' },
        suspendPayload: { question: 'How many nights at Grand?' },
        resumeSchema: expect.objectContaining({ required: ['nights'] }),
      },
    ]);
    const invalid = await call(studio, 'POST', `/api/runs/${paused.runId}/resume`, { resumeData: { nights: 'two' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toEqual({
      code: 'invalid_input',
      message:
        'Tool resume data validation failed for book. Please fix the following errors and try again:\n' +
        '- nights: Invalid input: expected number, received string\n\nProvided resume data: {"nights":"two"}',
      details: { issues: [{ path: 'resumeData.nights', message: 'Invalid input: expected number, received string' }] },
    });
    const missing = await call(studio, 'POST', `/api/runs/${paused.runId}/resume`, {});
    expect(missing.status).toBe(400);
    const resumed = await call(studio, 'POST', `/api/runs/${paused.runId}/resume`, {
      toolCallId: 'call-1-1',
      resumeData: { nights: 2 },
    });
    expect(resumed.body).toMatchObject({ status: 'finished', text: 'Booked.' });
    expect(executed).toEqual(['book Grand 2']);
  });

  it("resumes the thread's suspended call from the next message with autoResumeSuspendedTools (SQLite)", async () => {
    const { studio, executed } = await setUp([
      { toolCalls: [{ toolName: 'book', input: { hotel: 'Grand' } }] },
      { toolCalls: [{ toolName: 'provide_resume_data', input: { resumeData: { nights: 4 } } }] },
      { text: 'Booked four nights.' },
    ]);
    const body = { threadId: 'thread-9', resourceId: 'guest-1' };
    const paused = (await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Book', ...body })).body;
    expect(paused.status).toBe('paused');
    const answered = await call(studio, 'POST', '/api/agents/banker/generate', {
      prompt: 'Four nights',
      ...body,
      autoResumeSuspendedTools: true,
    });
    expect(answered.body).toMatchObject({ runId: paused.runId, status: 'finished', text: 'Booked four nights.' });
    expect(executed).toEqual(['book Grand 4']);
    const record = await call(studio, 'GET', `/api/runs/${paused.runId}`);
    expect(record.body).toMatchObject({ status: 'finished', threadId: 'thread-9', resourceId: 'guest-1' });
  });

  it('takes client tool results', async () => {
    const { studio, model } = await setUp([
      { toolCalls: [{ toolName: 'askColor', input: {} }] },
      { text: 'Blue it is.' },
    ]);
    const paused = (
      await call(studio, 'POST', '/api/agents/banker/generate', {
        prompt: 'Pick',
        clientTools: { askColor: { description: 'Asks the user for a color' } },
      })
    ).body;
    expect(paused).toMatchObject({ status: 'paused', finishReason: 'tool-calls', pending: [{ kind: 'client' }] });
    const collision = await call(studio, 'POST', '/api/agents/banker/generate', {
      prompt: 'Pick',
      clientTools: { weather: { description: 'Mine' } },
    });
    expect(collision.status).toBe(400);
    const done = await call(studio, 'POST', `/api/runs/${paused.runId}/tool-results`, {
      results: [{ toolCallId: 'call-1-1', output: { color: 'blue' } }],
    });
    expect(done.body).toMatchObject({ status: 'finished', text: 'Blue it is.' });
    expect(model().prompts[1]!.at(-1)).toMatchObject({
      role: 'tool',
      content: [{ toolCallId: 'call-1-1', output: { type: 'json', value: { color: 'blue' } } }],
    });
  });
});
