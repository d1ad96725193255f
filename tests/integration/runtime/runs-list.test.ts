/**
 * Runs you can see, over real HTTP on a real database: `GET /api/runs` lists stored runs newest
 * first with every filter, pages by cursor without skipping or repeating a run while new runs start
 * between pages, and answers 400 naming the query field it cannot read; `GET /api/runs/:runId`
 * shows the steps with their timings, tokens and tool calls, a pending approval, and who answered
 * it. Retention deletes old runs and keeps paused ones.
 */
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createAndPublish, type ResponseBody } from '@/tests/support/studio';
import { createRunStudio, parseEventStream, storedAgent } from './fixture';

let current: Awaited<ReturnType<typeof createRunStudio>> | undefined;
let server: ServerType | undefined;
let url = '';

afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
  await current?.cleanup();
  current = undefined;
});

/** A run studio with the banker agent published, served on a loopback port. */
async function setUp(steps: Parameters<typeof createRunStudio>[0]) {
  current = await createRunStudio(steps);
  await createAndPublish(current.studio, storedAgent);
  url = await new Promise<string>((resolve) => {
    server = serve({ fetch: current!.studio.api.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
  return current;
}

async function send(method: string, path: string, body?: unknown): Promise<{ status: number; body: ResponseBody }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as ResponseBody };
}

async function generate(body: Record<string, unknown>): Promise<ResponseBody> {
  const answer = await send('POST', '/api/agents/banker/generate', body);
  expect(answer.status).toBe(200);
  return answer.body;
}

const runIds = (page: ResponseBody) => (page.items as Array<{ runId: string }>).map((item) => item.runId);

async function list(query: string): Promise<ResponseBody> {
  const answer = await send('GET', `/api/runs${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** A scripted model that answers every prompt with text: each generate is one finished run. */
const textOnly = Array.from({ length: 40 }, () => ({ text: 'Done.' }));

describe('GET /api/runs', () => {
  it('lists runs newest first, filtered by agent, version, status, thread, resource and time', async () => {
    const { studio } = await setUp([
      { text: 'one' },
      { text: 'two' },
      { toolCalls: [{ toolName: 'transfer', input: { to: 'bob', amount: 5 } }] },
      { text: 'three' },
    ]);
    const first = await generate({ prompt: 'a', threadId: 't-1', resourceId: 'r-1' });
    const second = await generate({ prompt: 'b', threadId: 't-2', resourceId: 'r-1' });
    const paused = await generate({ prompt: 'c', threadId: 't-2', resourceId: 'r-2' });
    expect(paused.status).toBe('paused');
    // Version 2 of the agent, published: the next run runs on it.
    const saved = await send('PATCH', '/api/agents/banker', { baseVersionNumber: 1, instructions: 'Changed.' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await send('POST', '/api/agents/banker/versions/2/publish', {})).status).toBe(200);
    const fourth = await generate({ prompt: 'd' });

    const all = await list('');
    expect(runIds(all)).toEqual([fourth.runId, paused.runId, second.runId, first.runId]);
    expect(all.nextCursor).toBeNull();
    expect(all.items[3]).toMatchObject({
      runId: first.runId,
      agentId: 'banker',
      versionNumber: 1,
      label: null,
      resolvedToolsHash: first.resolvedToolsHash,
      status: 'finished',
      finishReason: 'stop',
      usage: { inputTokens: 10, outputTokens: 5 },
      toolCallCount: 0,
      threadId: 't-1',
      resourceId: 'r-1',
    });
    expect(all.items[3].durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(all.items[3].finishedAt)).toBeGreaterThanOrEqual(Date.parse(all.items[3].startedAt));
    expect(all.items[1]).toMatchObject({ status: 'paused', finishedAt: null, durationMs: null, toolCallCount: 1 });

    expect(runIds(await list('?agentId=banker&limit=2'))).toEqual([fourth.runId, paused.runId]);
    expect(runIds(await list('?agentId=nobody'))).toEqual([]);
    expect(runIds(await list('?versionNumber=2'))).toEqual([fourth.runId]);
    expect(runIds(await list('?versionNumber=1&status=finished'))).toEqual([second.runId, first.runId]);
    expect(runIds(await list('?status=paused'))).toEqual([paused.runId]);
    expect(runIds(await list('?status=failed'))).toEqual([]);
    expect(runIds(await list('?threadId=t-2'))).toEqual([paused.runId, second.runId]);
    expect(runIds(await list('?resourceId=r-1'))).toEqual([second.runId, first.runId]);
    const started = (runId: string) => (all.items as ResponseBody[]).find((item) => item.runId === runId)!.startedAt;
    const window = `?from=${encodeURIComponent(started(second.runId))}&to=${encodeURIComponent(started(fourth.runId))}`;
    expect(runIds(await list(window))).toEqual([paused.runId, second.runId]);

    // The same list through the runtime, in process.
    expect((await studio.runtime.runs.list({ agentId: 'banker', status: 'paused' })).items).toHaveLength(1);
  });

  it('pages by cursor without skipping or repeating a run while new runs start between pages', async () => {
    await setUp(textOnly);
    const before: string[] = [];
    for (let index = 0; index < 7; index++) before.unshift((await generate({ prompt: `run ${index}` })).runId);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...runIds(page));
      cursor = (page.nextCursor as string | null) ?? undefined;
      // Runs started between pages are newer than every page's key: they never push a run over a page.
      await generate({ prompt: 'meanwhile' });
    } while (cursor);
    expect(seen).toEqual(before);
  });

  it.each([
    ['a status it does not know', '?status=done', 'query.status'],
    ['a limit over 100', '?limit=101', 'query.limit'],
    ['a limit of 0', '?limit=0', 'query.limit'],
    ['a version that is not a number', '?versionNumber=two', 'query.versionNumber'],
    ['a from that is not a time', '?from=yesterday', 'query.from'],
    ['a to that is not a time', '?to=2025-13-01', 'query.to'],
    ['a cursor it did not give', '?cursor=bm90LWEtY3Vyc29y', 'query.cursor'],
  ])('answers 400 naming the field for %s', async (_name, query, path) => {
    await setUp([]);
    const answer = await send('GET', `/api/runs${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid_input');
    expect(answer.body.error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });
});

describe('GET /api/runs/:runId', () => {
  it('shows each step: the model call with its tokens and duration, and its tool calls', async () => {
    await setUp([{ toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }] }, { text: 'It is 7 degrees.' }]);
    const run = await generate({ prompt: 'Weather?' });
    const { status, body } = await send('GET', `/api/runs/${run.runId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      runId: run.runId,
      status: 'finished',
      finishReason: 'stop',
      usage: { inputTokens: 20, outputTokens: 10 },
      toolCallCount: 1,
      transcript: expect.any(Array),
      messages: body.transcript,
    });
    expect(body.steps).toHaveLength(2);
    const [calling, answering] = body.steps as ResponseBody[];
    expect(calling).toMatchObject({
      index: 0,
      model: { finishReason: 'tool-calls', usage: { inputTokens: 10, outputTokens: 5 } },
      toolCalls: [
        {
          toolCallId: 'call-1-1',
          toolName: 'weather',
          source: 'registry',
          args: { city: 'Oslo' },
          result: { city: 'Oslo', temperature: 7 },
          isError: false,
        },
      ],
    });
    expect(answering).toMatchObject({ index: 1, model: { finishReason: 'stop' }, toolCalls: [] });
    for (const step of body.steps as ResponseBody[]) {
      expect(step.durationMs).toBeGreaterThanOrEqual(step.model.durationMs);
      expect(Date.parse(step.startedAt)).toBeGreaterThanOrEqual(Date.parse(body.startedAt));
    }
    const call = calling!.toolCalls[0];
    expect(call.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(call.startedAt)).toBeGreaterThanOrEqual(Date.parse(calling!.startedAt));
    expect(Date.parse(answering!.startedAt)).toBeGreaterThanOrEqual(Date.parse(call.startedAt));
  });

  it('records a streamed run the same way', async () => {
    await setUp([{ toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }] }, { text: 'It is 7 degrees.' }]);
    const response = await fetch(`${url}/api/agents/banker/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ prompt: 'Weather?' }),
      signal: AbortSignal.timeout(20_000),
    });
    const events = parseEventStream(await response.text());
    expect(events.at(-1)!.event).toBe('finish');
    const { body } = await send('GET', `/api/runs/${String(events[0]!.data.runId)}`);
    expect(body).toMatchObject({ status: 'finished', usage: { inputTokens: 20, outputTokens: 10 }, toolCallCount: 1 });
    expect(body.steps.map((step: ResponseBody) => step.model.finishReason)).toEqual(['tool-calls', 'stop']);
    const [call] = body.steps[0].toolCalls;
    expect(call).toMatchObject({
      toolName: 'weather',
      args: { city: 'Oslo' },
      result: { city: 'Oslo', temperature: 7 },
    });
    expect(call.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(call.startedAt)).toBeGreaterThanOrEqual(Date.parse(body.steps[0].startedAt));
  });

  it('shows a pending approval, then who approved it and when', async () => {
    await setUp([{ toolCalls: [{ toolName: 'transfer', input: { to: 'bob', amount: 5 } }] }, { text: 'Sent.' }]);
    const paused = await generate({ prompt: 'Pay Bob.' });
    const waiting = await send('GET', `/api/runs/${paused.runId}`);
    expect(waiting.body.steps[0].toolCalls[0]).toMatchObject({
      toolName: 'transfer',
      args: { to: 'bob', amount: 5 },
      startedAt: null,
      durationMs: null,
      approval: { state: 'pending' },
    });
    expect(waiting.body.steps[0].toolCalls[0]).not.toHaveProperty('result');
    expect(waiting.body.steps[0].toolCalls[0].approval).not.toHaveProperty('answeredBy');

    const approved = await send('POST', `/api/runs/${paused.runId}/approve`, { toolCallId: 'call-1-1' });
    expect(approved.body.status).toBe('finished');
    const answered = await send('GET', `/api/runs/${paused.runId}`);
    const transfer = answered.body.steps[0].toolCalls[0];
    expect(transfer).toMatchObject({
      approval: { state: 'approved', answeredBy: 'local' },
      result: { ok: true, to: 'bob', amount: 5 },
      isError: false,
    });
    expect(transfer.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(transfer.approval.answeredAt)).toBeGreaterThanOrEqual(Date.parse(answered.body.startedAt));
    expect(answered.body.steps).toHaveLength(2);
    expect(answered.body).toMatchObject({ status: 'finished', toolCallCount: 1, usage: { inputTokens: 20 } });
  });
});

describe('run retention', () => {
  it('deletes runs started before the retention days, keeping paused ones', async () => {
    const { studio } = await setUp([
      { text: 'recent' },
      { toolCalls: [{ toolName: 'transfer', input: { to: 'bob', amount: 5 } }] },
      { text: 'old' },
    ]);
    const recent = await generate({ prompt: 'now' });
    const oldPaused = await generate({ prompt: 'pay' });
    const old = await generate({ prompt: 'then' });
    await studio.runtime.runs.list();
    // Backdated past the default 30 days, as runs started long ago would be.
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1_000).toISOString();
    for (const runId of [oldPaused.runId, old.runId]) {
      const row = (await studio.storage.queries.runs.get(runId))!;
      await studio.storage.queries.runs.insert({ ...row, id: `${runId}-old`, createdAt: longAgo });
    }
    expect(await studio.runRetention.runOnce()).toBe(1);
    const left = runIds(await list(''));
    expect(left).toContain(recent.runId);
    expect(left).toContain(`${oldPaused.runId}-old`);
    expect(left).not.toContain(`${old.runId}-old`);
  });
});
