/**
 * A judged expectation's model: the criteria and the answer go to a configured model, which answers
 * a score from 0 to 1 and its reasons as structured output. The model is the one the expectation
 * names (`provider/model`), else the studio's judge model (`STUDIO_JUDGE_MODEL`); with neither, or
 * with a model the studio cannot reach, the expectation fails with `model_not_configured` rather
 * than passing unseen.
 */
import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { errorMessage, StudioError } from '../errors';
import type { JudgeAnswer } from './check-expectations';

const verdictSchema = z.object({
  score: z.number().min(0).max(1),
  reasons: z.string(),
});

const instructions =
  "You grade an AI assistant's answer against criteria. Answer with a score from 0 (does not meet them at all) " +
  'to 1 (meets them fully) and one or two sentences of reasons.';

export function modelJudge({
  resolveModel,
  defaultModel,
}: {
  /** The model for a `provider/model` name; throws `model_not_configured` (a `StudioError`) when the studio has none. */
  resolveModel: (name: string) => LanguageModel;
  /** Scores the expectations that name no model; without it they fail. */
  defaultModel?: string;
}): JudgeAnswer {
  return async ({ criteria, model = defaultModel, answer }) => {
    if (model === undefined) {
      return {
        error: {
          code: 'model_not_configured',
          message: 'The judged expectation names no model, and the studio has no judge model (STUDIO_JUDGE_MODEL).',
        },
      };
    }
    try {
      const result = await generateText({
        model: resolveModel(model),
        system: instructions,
        prompt: `Criteria:\n${criteria}\n\nAnswer:\n${answer}`,
        output: Output.object({ schema: verdictSchema }),
      });
      return result.output;
    } catch (error) {
      if (error instanceof StudioError) return { error: { code: error.code, message: error.message } };
      return { error: { code: 'model_error', message: errorMessage(error) } };
    }
  };
}
