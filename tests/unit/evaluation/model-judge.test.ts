import { describe, expect, it } from 'vitest';
import { modelJudge } from '@/lib/evaluation/model-judge';
import { StudioError } from '@/lib/errors';
import { createScriptedModel } from '@/tests/support/scripted-model';

/** A model lookup that knows only `test/grader`, answering one verdict, and remembers what was asked for. */
function registry() {
  const asked: string[] = [];
  const grader = createScriptedModel({ steps: [{ text: '{"score":0.8,"reasons":"It names the city."}' }] });
  return {
    asked,
    grader,
    resolveModel(name: string) {
      asked.push(name);
      if (name !== 'test/grader') throw new StudioError('model_not_configured', `No model "${name}" here.`);
      return grader;
    },
  };
}

const question = { criteria: 'Names the city.', answer: 'It is sunny in Lyon.' };

describe('modelJudge: which model scores a judged expectation', () => {
  it("uses the studio's judge model when the expectation names none", async () => {
    const { resolveModel, asked, grader } = registry();
    const verdict = await modelJudge({ resolveModel, defaultModel: 'test/grader' })(question);
    expect(verdict).toEqual({ score: 0.8, reasons: 'It names the city.' });
    expect(asked).toEqual(['test/grader']);
    expect(JSON.stringify(grader.prompts[0])).toContain('It is sunny in Lyon.');
  });

  it("prefers the expectation's own model to the studio's", async () => {
    const { resolveModel, asked } = registry();
    const verdict = await modelJudge({ resolveModel, defaultModel: 'other/model' })({
      ...question,
      model: 'test/grader',
    });
    expect(verdict).toEqual({ score: 0.8, reasons: 'It names the city.' });
    expect(asked).toEqual(['test/grader']);
  });

  it('fails with model_not_configured, naming the setting, when there is neither', async () => {
    const { resolveModel, asked } = registry();
    const verdict = await modelJudge({ resolveModel })(question);
    expect(verdict).toEqual({
      error: { code: 'model_not_configured', message: expect.stringContaining('STUDIO_JUDGE_MODEL') },
    });
    expect(asked).toEqual([]);
  });

  it("passes on the lookup's refusal of a model it cannot reach", async () => {
    const { resolveModel } = registry();
    const verdict = await modelJudge({ resolveModel, defaultModel: 'missing/model' })(question);
    expect(verdict).toEqual({ error: { code: 'model_not_configured', message: 'No model "missing/model" here.' } });
  });
});
