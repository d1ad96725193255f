import { describe, expect, it } from 'vitest';
import { checkExpectations, type JudgeAnswer, type RunOutcome } from '@/lib/evaluation';
import { expectationSchema, type Expectation } from '@/lib/schemas';

const outcome: RunOutcome = {
  answer: 'It is sunny in Lyon, 21 degrees.',
  toolCalls: [
    { toolName: 'get_weather', args: { city: 'Lyon', units: { temperature: 'C', wind: 'kmh' } } },
    { toolName: 'get_time', args: {} },
  ],
  finishReason: 'stop',
  steps: 3,
  usage: { totalTokens: 420 },
};

const judge: JudgeAnswer = async ({ criteria }) =>
  criteria.includes('weather')
    ? { score: 0.9, reasons: 'It gives the weather.' }
    : { score: 0.2, reasons: 'Off topic.' };

describe('checkExpectations: each expectation passes once and fails once', () => {
  it.each<[string, Expectation, boolean, RegExp]>([
    ['toolCalled by name', { type: 'toolCalled', tool: 'get_time' }, true, /^get_time was called \(1 time\)\.$/],
    [
      'toolCalled with a partial, nested match',
      { type: 'toolCalled', tool: 'get_weather', args: { city: 'Lyon', units: { temperature: 'C' } } },
      true,
      /^get_weather was called with city "Lyon", units \{"temperature":"C"\}\.$/,
    ],
    [
      'toolCalled with other arguments',
      { type: 'toolCalled', tool: 'get_weather', args: { city: 'Paris' } },
      false,
      /^Expected a call to get_weather with city "Paris"; it was called with city "Lyon"\.$/,
    ],
    [
      'toolCalled for a tool never called',
      { type: 'toolCalled', tool: 'search_web' },
      false,
      /^Expected a call to search_web; it was not called \(calls: get_weather, get_time\)\.$/,
    ],
    ['toolNotCalled', { type: 'toolNotCalled', tool: 'search_web' }, true, /^search_web was not called\.$/],
    [
      'toolNotCalled for a tool called',
      { type: 'toolNotCalled', tool: 'get_time' },
      false,
      /^Expected no call to get_time; it was called 1 time\.$/,
    ],
    ['onlyTools', { type: 'onlyTools', tools: ['get_weather', 'get_time'] }, true, /^No tool outside/],
    [
      'onlyTools with another tool called',
      { type: 'onlyTools', tools: ['get_weather'] },
      false,
      /^Expected only get_weather to be called; it also called get_time\.$/,
    ],
    ['answerIncludes', { type: 'answerIncludes', text: 'sunny' }, true, /^The answer includes "sunny"\.$/],
    [
      'answerIncludes with the wrong case',
      { type: 'answerIncludes', text: 'SUNNY' },
      false,
      /^Expected the answer to include "SUNNY"; it does not\.$/,
    ],
    [
      'answerIncludes ignoring case',
      { type: 'answerIncludes', text: 'SUNNY', ignoreCase: true },
      true,
      /\(ignoring case\)/,
    ],
    ['answerExcludes', { type: 'answerExcludes', text: 'rain' }, true, /^The answer does not include "rain"\.$/],
    [
      'answerExcludes with the text there',
      { type: 'answerExcludes', text: 'lyon', ignoreCase: true },
      false,
      /^Expected the answer to leave out "lyon" \(ignoring case\); it does\.$/,
    ],
    ['answerMatches', { type: 'answerMatches', pattern: '\\d+ degrees' }, true, /^The answer matches/],
    [
      'answerMatches without a match',
      { type: 'answerMatches', pattern: '^Rain' },
      false,
      /^Expected the answer to match "\^Rain"; it does not\.$/,
    ],
    ['finishReason', { type: 'finishReason', value: 'stop' }, true, /^The run finished with "stop"\.$/],
    [
      'finishReason of another kind',
      { type: 'finishReason', value: 'length' },
      false,
      /^Expected finish reason "length"; it was "stop"\.$/,
    ],
    ['maxSteps', { type: 'maxSteps', value: 3 }, true, /^It took 3 steps, within 3\.$/],
    ['maxSteps exceeded', { type: 'maxSteps', value: 2 }, false, /^Expected at most 2 steps; it took 3\.$/],
    ['maxTokens', { type: 'maxTokens', value: 500 }, true, /^It took 420 tokens, within 500\.$/],
    ['maxTokens exceeded', { type: 'maxTokens', value: 400 }, false, /^Expected at most 400 tokens; it took 420\.$/],
    [
      'judge',
      { type: 'judge', criteria: 'Answers with the weather' },
      true,
      /scored the answer 0\.9 \(at least 0\.5\)/,
    ],
    [
      'judge scoring low',
      { type: 'judge', criteria: 'Recommends a book' },
      false,
      /scored the answer 0\.2 \(below 0\.5\)/,
    ],
  ])('%s', async (_name, expectation, passed, detail) => {
    const [result] = await checkExpectations({ expectations: [expectation], outcome, judge });
    expect(result).toMatchObject({ type: expectation.type, passed });
    expect(result!.detail).toMatch(detail);
  });

  it('fails a judged expectation with model_not_configured when no judge is given', async () => {
    const [result] = await checkExpectations({
      expectations: [{ type: 'judge', criteria: 'Answers with the weather' }],
      outcome,
    });
    expect(result).toMatchObject({ type: 'judge', passed: false, code: 'model_not_configured' });
    expect(result!.detail).toContain('model_not_configured');
  });

  it('passes the judge its model and answers every expectation in order', async () => {
    const asked: unknown[] = [];
    const results = await checkExpectations({
      expectations: [
        { type: 'judge', criteria: 'weather', model: 'openai/gpt-judge' },
        { type: 'toolNotCalled', tool: 'get_time' },
      ],
      outcome,
      judge: async (request) => (asked.push(request), { error: { code: 'provider_error', message: 'Down.' } }),
    });
    expect(asked).toEqual([{ criteria: 'weather', model: 'openai/gpt-judge', answer: outcome.answer }]);
    expect(results.map((result) => [result.type, result.passed, result.code])).toEqual([
      ['judge', false, 'provider_error'],
      ['toolNotCalled', false, undefined],
    ]);
  });
});

describe('the answerMatches pattern', () => {
  it('is refused when written if RE2 cannot run it, naming the field', () => {
    const parsed = expectationSchema.safeParse({ type: 'answerMatches', pattern: '(?<=a)b' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['pattern']);
    expect(expectationSchema.safeParse({ type: 'answerMatches', pattern: '^a+b$' }).success).toBe(true);
  });
});
