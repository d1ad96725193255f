/**
 * Test cases over real HTTP on a real database: written, read, changed and deleted under their
 * agent, refused with 400 naming the field, made from a finished run (its input, request context,
 * both tool calls with their arguments and results, its answer, default expectations), refused for
 * a paused or unknown run, and carried by the agent's export into an import.
 */
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '@/lib/tools';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { createAndPublish, createTestStudio, type ResponseBody } from '@/tests/support/studio';

let current: Awaited<ReturnType<typeof createTestStudio>> | undefined;
let server: ServerType | undefined;
let url = '';

afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
  await current?.cleanup();
  current = undefined;
});

const tools = () => {
  const weather = createTool({
    id: 'get_weather',
    description: 'Weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, sky: 'sunny', temperature: 21 }),
  });
  const time = createTool({
    id: 'get_time',
    description: 'The time in a zone',
    inputSchema: z.object({ zone: z.string() }),
    execute: async ({ zone }) => ({ zone, time: '14:00' }),
  });
  const transfer = createTool({
    id: 'transfer',
    description: 'Moves money',
    inputSchema: z.object({ amount: z.number() }),
    requireApproval: true,
    execute: async () => ({ ok: true }),
  });
  return { [weather.id]: weather, [time.id]: time, [transfer.id]: transfer };
};

async function setUp(steps: ScriptedStep[] = []) {
  current = await createTestStudio({
    tools: tools(),
    models: { 'test/scripted': createScriptedModel({ steps }) },
  });
  await createAndPublish(current.studio, {
    id: 'weather-bot',
    name: 'Weather bot',
    model: 'test/scripted',
    instructions: 'Answer about the weather.',
    tools: { get_weather: {}, get_time: {}, transfer: {} },
  });
  url = await new Promise<string>((resolve) => {
    server = serve({ fetch: current!.studio.api.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
  return current.studio;
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

const paths = (body: ResponseBody) =>
  (body.error.details.issues as Array<{ path: string }>).map((issue) => issue.path).sort();

const weatherCase = {
  name: 'Weather in Paris',
  input: { prompt: 'Weather in Paris?' },
  expectations: [{ type: 'toolCalled', tool: 'get_weather', args: { city: 'Paris' } }],
};

describe('test cases of an agent', () => {
  it('are created, listed, read, changed and deleted, each change marking the cases changed', async () => {
    const studio = await setUp();
    expect(await studio.editor.testCases.changedAt('weather-bot')).toBeNull();
    const created = await send('POST', '/api/agents/weather-bot/test-cases', weatherCase);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ...weatherCase, agentId: 'weather-bot', requestContext: {} });
    const id = created.body.id as string;
    const afterCreate = await studio.editor.testCases.changedAt('weather-bot');
    expect(afterCreate).not.toBeNull();

    expect((await send('GET', '/api/agents/weather-bot/test-cases')).body).toEqual({
      items: [created.body],
      nextCursor: null,
    });
    expect((await send('GET', `/api/agents/weather-bot/test-cases/${id}`)).body).toEqual(created.body);

    const changed = await send('PATCH', `/api/agents/weather-bot/test-cases/${id}`, {
      name: 'Paris',
      expectations: [{ type: 'answerMatches', pattern: '\\d+ degrees' }],
      replay: { liveReadOnlyTools: true },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Paris',
      input: weatherCase.input,
      expectations: [{ type: 'answerMatches', pattern: '\\d+ degrees' }],
      replay: { liveReadOnlyTools: true },
    });
    const removedReplay = await send('PATCH', `/api/agents/weather-bot/test-cases/${id}`, { replay: null });
    expect(removedReplay.body.replay).toBeUndefined();
    // A change that changes nothing writes nothing: the cases are not marked changed, so the
    // agent's evaluations still count for its publish gate.
    const changedAt = await studio.editor.testCases.changedAt('weather-bot');
    for (const body of [{}, { name: 'Paris' }, { replay: null }]) {
      const same = await send('PATCH', `/api/agents/weather-bot/test-cases/${id}`, body);
      expect(same.status).toBe(200);
      expect(same.body).toEqual(removedReplay.body);
    }
    expect(await studio.editor.testCases.changedAt('weather-bot')).toBe(changedAt);

    const beforeDelete = await studio.editor.testCases.changedAt('weather-bot');
    expect((await send('DELETE', `/api/agents/weather-bot/test-cases/${id}`)).body).toEqual({ deleted: true });
    expect((await studio.editor.testCases.changedAt('weather-bot'))! >= beforeDelete!).toBe(true);
    expect((await send('GET', `/api/agents/weather-bot/test-cases/${id}`)).status).toBe(404);
    expect((await send('DELETE', `/api/agents/weather-bot/test-cases/${id}`)).status).toBe(404);
    expect((await send('GET', '/api/agents/nobody/test-cases')).status).toBe(404);

    const audit = await studio.editor.audit.list({ entityId: 'weather-bot' });
    expect(audit.items.map((entry) => entry.action).filter((action) => action.includes('test_case'))).toEqual([
      'agent.test_case.delete',
      'agent.test_case.update',
      'agent.test_case.update',
      'agent.test_case.create',
    ]);
  });

  it('keep a recorded result with its keys in the order the model read them', async () => {
    await setUp();
    const result = { value: 10, from: 'km', to: 'mi', formatted: '10 km = 6.21371 mi' };
    const created = await send('POST', '/api/agents/weather-bot/test-cases', {
      ...weatherCase,
      recording: { toolCalls: [{ toolName: 'convert', args: { value: 10 }, result, isError: false }], answer: 'x' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await send('GET', `/api/agents/weather-bot/test-cases/${created.body.id as string}`);
    const recording = read.body.recording as { toolCalls: Array<{ result: unknown }> };
    expect(JSON.stringify(recording.toolCalls[0]!.result)).toBe(JSON.stringify(result));
  });

  it('refuses bad bodies with 400 naming each field', async () => {
    await setUp();
    const bad = await send('POST', '/api/agents/weather-bot/test-cases', {
      name: '',
      input: { prompt: 'x' },
      expectations: [
        { type: 'toolCalled', tool: 'get_weather' },
        { type: 'answerMatches', pattern: '(?<=a)b' },
        { type: 'maxSteps', value: 0 },
        { type: 'judge', criteria: 'Polite', model: 'bad' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_input');
    expect(paths(bad.body)).toEqual(['expectations.1.pattern', 'expectations.2.value', 'expectations.3.model', 'name']);
    const patch = await send('PATCH', '/api/agents/weather-bot/test-cases/x', {
      expectations: [{ type: 'answerMatches', pattern: '(a' }],
    });
    expect(patch.status).toBe(400);
    expect(paths(patch.body)).toEqual(['expectations.0.pattern']);
    // Messages are checked as a run checks them, so a replay never sends the model one it refuses.
    const robot = await send('POST', '/api/agents/weather-bot/test-cases', {
      name: 'robot',
      input: { messages: [{ role: 'robot', content: 'b' }] },
    });
    expect([robot.status, paths(robot.body)]).toEqual([400, ['input.messages.0.role']]);
    for (const input of [{ prompt: 'x', messages: [{ role: 'user', content: 'x' }] }, {}]) {
      const unclear = await send('POST', '/api/agents/weather-bot/test-cases', { name: 'both', input });
      expect([unclear.status, JSON.stringify(unclear.body)]).toEqual([
        400,
        expect.stringContaining('Give exactly one of prompt (one user message) and messages (a conversation)'),
      ]);
    }
  });

  it('are made from a finished run: its input, context, both tool calls with results, answer and tools', async () => {
    const studio = await setUp([
      {
        toolCalls: [
          { toolName: 'get_weather', input: { city: 'Paris' } },
          { toolName: 'get_time', input: { zone: 'Europe/Paris' } },
        ],
      },
      { text: 'Sunny and 21 degrees in Paris; it is 14:00.' },
      { toolCalls: [{ toolName: 'transfer', input: { amount: 5 } }] },
    ]);
    const run = await send('POST', '/api/agents/weather-bot/generate', {
      prompt: 'Weather and time in Paris?',
      requestContext: { user: 'ada' },
    });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const made = await send('POST', `/api/runs/${run.body.runId}/test-case`, { name: 'Paris weather' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      agentId: 'weather-bot',
      name: 'Paris weather',
      input: { prompt: 'Weather and time in Paris?' },
      requestContext: { user: 'ada' },
      expectations: [
        { type: 'toolCalled', tool: 'get_weather' },
        { type: 'toolCalled', tool: 'get_time' },
        { type: 'onlyTools', tools: ['get_weather', 'get_time'] },
      ],
      recording: {
        toolCalls: [
          {
            toolName: 'get_weather',
            args: { city: 'Paris' },
            result: { city: 'Paris', sky: 'sunny', temperature: 21 },
            isError: false,
          },
          {
            toolName: 'get_time',
            args: { zone: 'Europe/Paris' },
            result: { zone: 'Europe/Paris', time: '14:00' },
            isError: false,
          },
        ],
        answer: 'Sunny and 21 degrees in Paris; it is 14:00.',
        fromRunId: run.body.runId,
        versionNumber: 1,
      },
    });
    expect((await studio.editor.testCases.list('weather-bot')).items).toHaveLength(1);

    const paused = await send('POST', '/api/agents/weather-bot/generate', { prompt: 'Send 5' });
    expect(paused.body.status).toBe('paused');
    const refused = await send('POST', `/api/runs/${paused.body.runId}/test-case`, { name: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/is paused; only a finished run can be saved as a test case/);
    expect((await send('POST', '/api/runs/no-such-run/test-case', { name: 'x' })).status).toBe(404);
    expect((await send('POST', `/api/runs/${run.body.runId}/test-case`, {})).status).toBe(400);
    await expect(
      studio.editor.testCases.fromRun({ runId: run.body.runId, body: { name: 'x' }, agentId: 'other' }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('go with their agent: exported without ids, imported again, deleted with the agent', async () => {
    const studio = await setUp();
    const created = await send('POST', '/api/agents/weather-bot/test-cases', {
      ...weatherCase,
      requestContext: { user: 'ada' },
    });
    const exported = await send('GET', '/api/agents/weather-bot/export');
    expect(exported.status).toBe(200);
    const { id: _id, agentId: _agentId, ...fields } = created.body;
    expect(exported.body.testCases).toEqual([fields]);

    expect((await send('DELETE', '/api/agents/weather-bot')).status).toBe(200);
    expect(await studio.storage.queries.testCases.list('weather-bot')).toEqual([]);
    expect(await studio.storage.queries.testCases.changedAt('weather-bot')).toBeUndefined();

    const imported = await send('POST', '/api/agents/import', exported.body);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const listed = (await send('GET', '/api/agents/weather-bot/test-cases')).body.items as ResponseBody[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject(fields);
    expect(listed[0]!.id).not.toBe(created.body.id);

    const broken = await send('POST', '/api/agents/import?mode=append', {
      ...exported.body,
      testCases: [{ ...fields, expectations: [{ type: 'answerMatches', pattern: '(' }] }],
    });
    expect(broken.status).toBe(400);
    expect(paths(broken.body)).toContain('testCases.0.expectations.0.pattern');
  });
});
