/**
 * Structured output: a run asked for `output` (a JSON Schema over the API, a Standard Schema in
 * code, or the version's `defaultOptions.output`) answers `object`, validated, beside its tool
 * calls; an answer that is not such an object fails the run with 502 `model_error` saying why.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, createAndPublish } from '@/tests/support/studio';
import { createRunStudio, parseEventStream, storedAgent } from './fixture';

let current: Awaited<ReturnType<typeof createRunStudio>> | undefined;
afterEach(async () => {
  await current?.cleanup();
  current = undefined;
});

async function setUp(steps: Parameters<typeof createRunStudio>[0], agent: Record<string, unknown> = storedAgent) {
  current = await createRunStudio(steps);
  await createAndPublish(current.studio, agent);
  return current;
}

const report = {
  type: 'object',
  properties: { city: { type: 'string' }, temperature: { type: 'number' } },
  required: ['city', 'temperature'],
  additionalProperties: false,
};

const weatherThenReport = (answer: string) => [
  { toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }] },
  { text: answer },
];

describe('structured output', () => {
  it('answers the validated object beside the tool calls, and asks the model for JSON of the schema', async () => {
    const { studio, model } = await setUp(weatherThenReport('{"city":"Oslo","temperature":7}'));
    const { status, body } = await call(studio, 'POST', '/api/agents/banker/generate', {
      prompt: 'Weather in Oslo?',
      output: report,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'finished',
      object: { city: 'Oslo', temperature: 7 },
      toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' } }],
    });
    expect(model().doGenerateCalls[1]!.responseFormat).toMatchObject({ type: 'json', schema: report });
  });

  it('sends the object in the finish chunk of a stream', async () => {
    const { studio } = await setUp(weatherThenReport('{"city":"Oslo","temperature":7}'));
    const response = await studio.api.request('/api/agents/banker/stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Weather?', output: report }),
    });
    const events = parseEventStream(await response.text());
    expect(events.at(-1)).toMatchObject({ event: 'finish', data: { payload: { object: { city: 'Oslo' } } } });
  });

  it('fails the run with 502 model_error naming the field when the object does not match', async () => {
    const { studio } = await setUp(weatherThenReport('{"city":"Oslo"}'));
    const { status, body } = await call(studio, 'POST', '/api/agents/banker/generate', {
      prompt: 'Weather?',
      output: report,
      runId: 'run-bad-object',
    });
    expect(status).toBe(502);
    expect(body.error.code).toBe('model_error');
    expect(body.error.message).toBe(
      "The model's answer is not an object of the requested output schema: temperature: must have required property 'temperature'.",
    );
    expect(body.error.details.issues).toEqual([
      { path: 'temperature', message: "must have required property 'temperature'" },
    ]);
    const run = await call(studio, 'GET', '/api/runs/run-bad-object');
    expect(run.body.status).toBe('failed');
  });

  it('fails the run with 502 model_error when the answer is not JSON, generated or streamed', async () => {
    const { studio } = await setUp([{ text: 'It is cold.' }, { text: 'Still cold.' }]);
    const generated = await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Hi', output: report });
    expect(generated.status).toBe(502);
    expect(generated.body.error).toMatchObject({
      code: 'model_error',
      message: "The model's answer is not an object of the requested output schema: it is not JSON.",
    });
    const response = await studio.api.request('/api/agents/banker/stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Hi', output: report }),
    });
    const events = parseEventStream(await response.text());
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { payload: { error: { code: 'model_error', message: generated.body.error.message } } },
    });
  });

  it("uses the version's defaultOptions.output when the request gives none", async () => {
    const { studio } = await setUp(weatherThenReport('{"city":"Oslo","temperature":7}'), {
      ...storedAgent,
      defaultOptions: { output: report },
    });
    const { body } = await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Weather?' });
    expect(body.object).toEqual({ city: 'Oslo', temperature: 7 });
  });

  it("passes the version's model call settings to every model call", async () => {
    const { studio, model } = await setUp(weatherThenReport('Seven degrees.'), {
      ...storedAgent,
      defaultOptions: { temperature: 0.3, maxOutputTokens: 50, stopSequences: ['END'] },
    });
    const { status } = await call(studio, 'POST', '/api/agents/banker/generate', { prompt: 'Weather?' });
    expect(status).toBe(200);
    const calls = model().doGenerateCalls;
    expect(calls).toHaveLength(2);
    for (const options of calls)
      expect(options).toMatchObject({ temperature: 0.3, maxOutputTokens: 50, stopSequences: ['END'] });
  });

  it('refuses default options it does not know, or of the wrong type, naming each', async () => {
    const { studio } = await setUp([]);
    const { status, body } = await call(studio, 'POST', '/api/agents', {
      ...storedAgent,
      id: 'typo',
      defaultOptions: { temprature: 0.5, temperature: 'hot', maxOutputTokens: -5 },
    });
    expect(status).toBe(400);
    expect(body.error.details.issues.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'defaultOptions.maxOutputTokens',
      'defaultOptions.temperature',
      'defaultOptions.temprature',
    ]);
  });

  it('refuses a schema that cannot be used with 400 at output, before a run is stored', async () => {
    const { studio } = await setUp([]);
    const { status, body } = await call(studio, 'POST', '/api/agents/banker/generate', {
      prompt: 'Hi',
      output: { type: 'no-such-type' },
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.details.issues[0].path).toBe('output');
  });

  it('accepts a Standard Schema in code', async () => {
    const { studio } = await setUp(weatherThenReport('{"city":"Oslo","temperature":7}'));
    const agent = await studio.runtime.loadAgent('banker');
    const result = await agent.generate('Weather?', {
      output: z.object({ city: z.string(), temperature: z.number().int() }),
    });
    expect(result.object).toEqual({ city: 'Oslo', temperature: 7 });
  });
});
