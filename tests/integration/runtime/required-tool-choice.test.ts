/**
 * `toolChoice: 'required'` broken by the model: a step that answers with text only fails the run
 * with 502 `model_error` saying so (not a 500), over generate and over stream, and the run is
 * stored as failed with that error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { call, createAndPublish } from '@/tests/support/studio';
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

const requiredMessage = 'The model answered without calling a tool although one was required (toolChoice: "required").';

describe('a model that breaks toolChoice: required', () => {
  it('fails a generated run with 502 model_error and stores the run as failed', async () => {
    const { studio } = await setUp([{ text: 'I would rather chat.' }]);
    const { status, body } = await call(studio, 'POST', '/api/agents/banker/generate', {
      prompt: 'Weather in Oslo?',
      toolChoice: 'required',
      runId: 'run-required-1',
    });
    expect(status).toBe(502);
    expect(body.error).toEqual({ code: 'model_error', message: requiredMessage });
    const run = await call(studio, 'GET', '/api/runs/run-required-1');
    expect(run.body).toMatchObject({ status: 'failed', error: { code: 'model_error', message: requiredMessage } });
  });

  it('ends a streamed run with a model_error event', async () => {
    const { studio } = await setUp([{ text: 'No tools today.' }]);
    const response = await studio.api.request('/api/agents/banker/stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Hi', toolChoice: 'required' }),
    });
    const events = parseEventStream(await response.text());
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { payload: { error: { code: 'model_error', message: requiredMessage } } },
    });
  });

  it('names the tool when a specific tool was required', async () => {
    const { studio } = await setUp([{ text: 'Not calling it.' }]);
    const { status, body } = await call(studio, 'POST', '/api/agents/banker/generate', {
      prompt: 'Weather?',
      toolChoice: { type: 'tool', toolName: 'weather' },
    });
    expect(status).toBe(502);
    expect(body.error).toEqual({
      code: 'model_error',
      message: 'The model answered without calling a tool although one was required (toolChoice: tool "weather").',
    });
  });

  it('lets a required step that calls a tool go on to a text answer', async () => {
    const { studio } = await setUp([
      { toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }] },
      { text: 'It is 7 degrees.' },
    ]);
    const { status, body } = await call(studio, 'POST', '/api/agents/banker/generate', {
      prompt: 'Weather in Oslo?',
      toolChoice: 'required',
      maxSteps: 1,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'finished', toolCalls: [{ toolName: 'weather' }] });
  });
});

describe('tool names in toolChoice and activeTools', () => {
  it('refuses a request naming a tool the run does not offer, with 400 at its path and no run stored', async () => {
    const { studio, model } = await setUp([]);
    const { status, body } = await call(studio, 'POST', '/api/agents/banker/generate', {
      prompt: 'Weather in Oslo?',
      toolChoice: { type: 'tool', toolName: 'nope' },
      activeTools: ['weather', 'neither'],
      runId: 'run-unknown-tool',
    });
    expect(status).toBe(400);
    expect(body.error.details.issues).toEqual([
      { path: 'toolChoice.toolName', message: 'This run offers no tool "nope"' },
      { path: 'activeTools.1', message: 'This run offers no tool "neither"' },
    ]);
    expect(model().doGenerateCalls).toHaveLength(0);
    expect((await call(studio, 'GET', '/api/runs/run-unknown-tool')).status).toBe(404);
  });

  it("names the version's default when that is what names the missing tool", async () => {
    current = await createRunStudio([]);
    await createAndPublish(current.studio, {
      ...storedAgent,
      defaultOptions: { toolChoice: { type: 'tool', toolName: 'gone' } },
    });
    const { status, body } = await call(current.studio, 'POST', '/api/agents/banker/generate', { prompt: 'Hi' });
    expect(status).toBe(400);
    expect(body.error.details.issues).toEqual([
      {
        path: 'toolChoice.toolName',
        message: `This run offers no tool "gone" (the version's defaultOptions.toolChoice; give toolChoice to override it)`,
      },
    ]);
  });
});
