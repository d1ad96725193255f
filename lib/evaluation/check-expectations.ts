/**
 * PURE: a test case's expectations checked against what a run did (its answer, tool calls, finish
 * reason, steps and tokens). Each answer carries a sentence a person reads: what was expected and
 * what happened. Only `judge` asks anything outside: a model, through the injected `judge` function
 * (the model call lives in the runtime), so the checks themselves do no IO.
 */
import { RE2JS } from 're2js';
import type { Expectation, ExpectationType } from '../schemas';
import { describeArgs, matchesPartially, shown } from './match-args';
import { plural } from '../plural';
import { errorMessage } from '../errors';

export interface OutcomeToolCall {
  toolName: string;
  args: unknown;
}

/** What a run did, as the checks read it. */
export interface RunOutcome {
  answer: string;
  toolCalls: OutcomeToolCall[];
  finishReason: string;
  /** Model calls made. */
  steps: number;
  usage: { totalTokens: number };
}

/** What a judge model answers: a score from 0 to 1 and its reasons, or why it could not score. */
export type JudgeVerdict = { score: number; reasons: string } | { error: { code: string; message: string } };

/** Scores an answer against criteria with a model (`model`: a `provider/model` id, else the judge's default). */
export type JudgeAnswer = (request: { criteria: string; model?: string; answer: string }) => Promise<JudgeVerdict>;

export interface ExpectationResult {
  type: ExpectationType;
  passed: boolean;
  /** What was expected and what happened, in a sentence. */
  detail: string;
  /** Why the check could not be made (`model_not_configured` for a judge without a model). */
  code?: string;
}

/** A judged expectation passes at this score or above unless the caller says otherwise. */
export const defaultJudgePassScore = 0.5;

const quoted = (text: string) => shown(text);
const result = (type: ExpectationType, passed: boolean, detail: string): ExpectationResult => ({
  type,
  passed,
  detail,
});

function checkToolCalled(
  { tool, args }: Extract<Expectation, { type: 'toolCalled' }>,
  calls: OutcomeToolCall[],
): ExpectationResult {
  const ofTool = calls.filter((call) => call.toolName === tool);
  const withArgs = args === undefined ? '' : ` with ${describeArgs(args, args)}`;
  if (ofTool.length === 0) {
    const made = [...new Set(calls.map((call) => call.toolName))];
    const instead = made.length === 0 ? 'no tool was called' : `it was not called (calls: ${made.join(', ')})`;
    return result('toolCalled', false, `Expected a call to ${tool}${withArgs}; ${instead}.`);
  }
  if (args === undefined) return result('toolCalled', true, `${tool} was called (${plural(ofTool.length, 'time')}).`);
  if (ofTool.some((call) => matchesPartially(args, call.args)))
    return result('toolCalled', true, `${tool} was called${withArgs}.`);
  const actual = ofTool.map((call) => `with ${describeArgs(args, call.args)}`).join('; ');
  return result('toolCalled', false, `Expected a call to ${tool}${withArgs}; it was called ${actual}.`);
}

function checkToolNotCalled(tool: string, calls: OutcomeToolCall[]): ExpectationResult {
  const count = calls.filter((call) => call.toolName === tool).length;
  return count === 0
    ? result('toolNotCalled', true, `${tool} was not called.`)
    : result('toolNotCalled', false, `Expected no call to ${tool}; it was called ${plural(count, 'time')}.`);
}

function checkOnlyTools(tools: string[], calls: OutcomeToolCall[]): ExpectationResult {
  const allowed = new Set(tools);
  const others = [...new Set(calls.map((call) => call.toolName).filter((name) => !allowed.has(name)))];
  const list = tools.length === 0 ? 'no tool' : `only ${tools.join(', ')}`;
  return others.length === 0
    ? result(
        'onlyTools',
        true,
        `No tool outside ${tools.length === 0 ? 'the empty list' : tools.join(', ')} was called.`,
      )
    : result('onlyTools', false, `Expected ${list} to be called; it also called ${others.join(', ')}.`);
}

function checkAnswerText(
  { type, text, ignoreCase }: Extract<Expectation, { type: 'answerIncludes' | 'answerExcludes' }>,
  answer: string,
): ExpectationResult {
  const includes = ignoreCase ? answer.toLowerCase().includes(text.toLowerCase()) : answer.includes(text);
  const want = type === 'answerIncludes';
  const casing = ignoreCase ? ' (ignoring case)' : '';
  const verb = want ? 'include' : 'leave out';
  const passed = includes === want;
  return result(
    type,
    passed,
    passed
      ? `The answer ${want ? 'includes' : 'does not include'} ${quoted(text)}${casing}.`
      : `Expected the answer to ${verb} ${quoted(text)}${casing}; it ${want ? 'does not' : 'does'}.`,
  );
}

function checkAnswerMatches(pattern: string, answer: string): ExpectationResult {
  let expression: RE2JS;
  try {
    expression = RE2JS.compile(pattern);
  } catch (error) {
    const reason = errorMessage(error);
    return result('answerMatches', false, `The pattern ${quoted(pattern)} is not one RE2 runs: ${reason}.`);
  }
  return expression.matcher(answer).find()
    ? result('answerMatches', true, `The answer matches ${quoted(pattern)}.`)
    : result('answerMatches', false, `Expected the answer to match ${quoted(pattern)}; it does not.`);
}

function checkAtMost(type: 'maxSteps' | 'maxTokens', limit: number, actual: number): ExpectationResult {
  const unit = type === 'maxSteps' ? 'step' : 'token';
  return actual <= limit
    ? result(type, true, `It took ${plural(actual, unit)}, within ${limit}.`)
    : result(type, false, `Expected at most ${plural(limit, unit)}; it took ${actual}.`);
}

async function checkJudge(
  { criteria, model }: Extract<Expectation, { type: 'judge' }>,
  answer: string,
  { judge, passScore }: { judge: JudgeAnswer | undefined; passScore: number },
): Promise<ExpectationResult> {
  if (!judge)
    return {
      ...result('judge', false, 'model_not_configured: no judge model is configured, so the answer was not scored.'),
      code: 'model_not_configured',
    };
  const verdict = await judge({ criteria, answer, model });
  if ('error' in verdict)
    return { ...result('judge', false, `${verdict.error.code}: ${verdict.error.message}`), code: verdict.error.code };
  const score = Math.round(verdict.score * 100) / 100;
  const passed = verdict.score >= passScore;
  return result(
    'judge',
    passed,
    `The judge scored the answer ${score} (${passed ? 'at least' : 'below'} ${passScore}) against ${quoted(criteria)}: ${verdict.reasons}`,
  );
}

/** Every expectation's result, in the order given. */
export async function checkExpectations({
  expectations,
  outcome,
  judge,
  judgePassScore = defaultJudgePassScore,
}: {
  expectations: readonly Expectation[];
  outcome: RunOutcome;
  judge?: JudgeAnswer;
  judgePassScore?: number;
}): Promise<ExpectationResult[]> {
  const results: ExpectationResult[] = [];
  for (const expectation of expectations) {
    results.push(await checkOne(expectation, outcome, { judge, passScore: judgePassScore }));
  }
  return results;
}

function checkOne(
  expectation: Expectation,
  outcome: RunOutcome,
  judging: { judge: JudgeAnswer | undefined; passScore: number },
): ExpectationResult | Promise<ExpectationResult> {
  switch (expectation.type) {
    case 'toolCalled':
      return checkToolCalled(expectation, outcome.toolCalls);
    case 'toolNotCalled':
      return checkToolNotCalled(expectation.tool, outcome.toolCalls);
    case 'onlyTools':
      return checkOnlyTools(expectation.tools, outcome.toolCalls);
    case 'answerIncludes':
    case 'answerExcludes':
      return checkAnswerText(expectation, outcome.answer);
    case 'answerMatches':
      return checkAnswerMatches(expectation.pattern, outcome.answer);
    case 'finishReason':
      return outcome.finishReason === expectation.value
        ? result('finishReason', true, `The run finished with ${quoted(expectation.value)}.`)
        : result(
            'finishReason',
            false,
            `Expected finish reason ${quoted(expectation.value)}; it was ${quoted(outcome.finishReason)}.`,
          );
    case 'maxSteps':
      return checkAtMost('maxSteps', expectation.value, outcome.steps);
    case 'maxTokens':
      return checkAtMost('maxTokens', expectation.value, outcome.usage.totalTokens);
    case 'judge':
      return checkJudge(expectation, outcome.answer, judging);
  }
}

/** Whether a case's result depends on a model's judgement (it is marked as judged). */
export const isJudged = (expectations: readonly Expectation[]): boolean =>
  expectations.some((expectation) => expectation.type === 'judge');
