/**
 * A run that used a client tool (answered by the calling application), saved as a test case and
 * replayed: the case keeps what the model was shown of the client tool, and the replay offers it
 * again and answers its call from the recording, so the model reads the same result and gives the
 * same answer.
 */
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { call, createAndPublish, createTestStudio, type ResponseBody } from '@/tests/support/studio';

/** Asks the client for a colour when offered the tool, then repeats what the tool answered. */
function respond(options: LanguageModelV3CallOptions): ScriptedStep {
  const last = options.prompt.at(-1);
  if (last?.role === 'tool') {
    const [part] = last.content;
    return { text: `The tool said ${JSON.stringify(part?.type === 'tool-result' ? part.output : null)}` };
  }
  const offered = (options.tools ?? []).map((tool) => tool.name);
  return offered.includes('pick_color')
    ? { toolCalls: [{ toolName: 'pick_color', input: { palette: 'sea' } }] }
    : { text: 'No colour tool was offered.' };
}

const pickColor = {
  description: 'Asks the person to pick a colour',
  inputSchema: { type: 'object', properties: { palette: { type: 'string' } }, required: ['palette'] },
};

let test: Awaited<ReturnType<typeof createTestStudio>>;

beforeAll(async () => {
  test = await createTestStudio({ models: { 'test/scripted': createScriptedModel({ respond }) } });
  await createAndPublish(test.studio, {
    id: 'painter',
    name: 'Painter',
    model: 'test/scripted',
    instructions: 'Help pick colours.',
    tools: {},
  });
});

afterAll(async () => {
  await test?.cleanup();
});

async function evaluate(): Promise<ResponseBody> {
  const started = await call(test.studio, 'POST', '/api/agents/painter/evaluations', { versionNumber: 1 });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (;;) {
    const answer = await call(test.studio, 'GET', `/api/evaluations/${started.body.evaluationId as string}`);
    if (answer.body.status !== 'running') return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a run with a client tool saved as a test case', () => {
  it('replays with the client call answered from the recording', async () => {
    const paused = await call(test.studio, 'POST', '/api/agents/painter/generate', {
      prompt: 'Pick a colour for the hall',
      clientTools: { pick_color: pickColor },
    });
    expect(paused.body).toMatchObject({ status: 'paused', finishReason: 'tool-calls' });
    const runId = paused.body.runId as string;
    const finished = await call(test.studio, 'POST', `/api/runs/${runId}/tool-results`, {
      results: [{ toolCallId: paused.body.toolCalls[0].toolCallId as string, output: { color: 'teal' } }],
    });
    expect(finished.body.status).toBe('finished');

    const saved = await call(test.studio, 'POST', `/api/runs/${runId}/test-case`, { name: 'Hall colour' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.recording).toMatchObject({
      toolCalls: [{ toolName: 'pick_color', args: { palette: 'sea' }, result: { color: 'teal' }, isError: false }],
      clientTools: { pick_color: pickColor },
      answer: finished.body.text,
    });

    const evaluation = await evaluate();
    expect(evaluation).toMatchObject({ status: 'finished', passed: 1, failed: 0 });
    const [result] = evaluation.results as ResponseBody[];
    expect(result!.diff).toEqual({ callsAdded: [], callsRemoved: [], argsChanged: [], answerDiff: [] });
    const replay = await call(test.studio, 'GET', `/api/runs/${result!.runId as string}`);
    expect(replay.body.status).toBe('finished');
    expect(replay.body.steps[0].toolCalls).toMatchObject([
      { toolName: 'pick_color', args: { palette: 'sea' }, result: { color: 'teal' } },
    ]);
  });
});
