/**
 * A judged expectation that names no model is scored by the studio's judge model
 * (`settings.judgeModel`, `STUDIO_JUDGE_MODEL`) through a real evaluation: the grader sees the
 * criteria and the answer, and its score decides the case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScriptedModel } from '@/tests/support/scripted-model';
import { call, createAndPublish, createTestStudio } from '@/tests/support/studio';

const agentModel = createScriptedModel({ respond: () => ({ text: 'Order 7 has shipped to Lyon.' }) });
const grader = createScriptedModel({
  respond: (options) =>
    JSON.stringify(options.prompt).includes('Lyon')
      ? { text: '{"score":0.9,"reasons":"It says where the order went."}' }
      : { text: '{"score":0.1,"reasons":"No city."}' },
});

let context: Awaited<ReturnType<typeof createTestStudio>>;

async function evaluate() {
  const started = await call(context.studio, 'POST', '/api/agents/orders/evaluations', { versionNumber: 1 });
  expect(started.status).toBe(202);
  for (;;) {
    const answer = await call(context.studio, 'GET', `/api/evaluations/${started.body.evaluationId as string}`);
    if (answer.body.status !== 'running') return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  context = await createTestStudio({
    models: { 'test/agent': agentModel, 'test/grader': grader },
    settings: { judgeModel: 'test/grader' },
  });
  await createAndPublish(context.studio, {
    id: 'orders',
    name: 'Orders',
    model: 'test/agent',
    instructions: 'Answer questions about orders.',
  });
  const created = await call(context.studio, 'POST', '/api/agents/orders/test-cases', {
    name: 'Where order 7 went',
    input: { prompt: 'Where is order 7?' },
    expectations: [{ type: 'judge', criteria: 'Says which city the order went to.' }],
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await context?.cleanup();
});

describe("the studio's judge model", () => {
  it('scores a judged expectation that names no model', async () => {
    const evaluation = await evaluate();
    expect(evaluation).toMatchObject({ status: 'finished', passed: 1, failed: 0 });
    const [result] = evaluation.results as Array<{ expectations: Array<Record<string, unknown>> }>;
    expect(result!.expectations).toEqual([
      expect.objectContaining({ type: 'judge', passed: true, detail: expect.stringContaining('0.9') }),
    ]);
    expect(JSON.stringify(grader.prompts.at(-1))).toContain('Says which city the order went to.');
  });
});

describe('STUDIO_JUDGE_MODEL', () => {
  it('is read from the environment and refused when it is not provider/model', async () => {
    const { settingsFromEnvironment } = await import('@/lib/env');
    expect(settingsFromEnvironment({ STUDIO_JUDGE_MODEL: 'openai/gpt-4o-mini' }).judgeModel).toBe('openai/gpt-4o-mini');
    expect(() => settingsFromEnvironment({ STUDIO_JUDGE_MODEL: 'gpt-4o-mini' })).toThrow(
      /STUDIO_JUDGE_MODEL: must be a "provider\/model" string/,
    );
  });
});
