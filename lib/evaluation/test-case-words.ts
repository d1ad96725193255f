/**
 * PURE: test cases said in words, for people who do not read JSON (the editor's Tests tab): what an
 * expectation asks, what a case's input is, and what a replay did differently from its recording.
 * Values are shown the way the checks' own sentences show them (quoted, cut when long).
 */
import type { Expectation, ExpectationType, TestCaseInput } from '../schemas';
import { describeArgs, shown } from './match-args';
import { isRecord } from '../is-record';
import { plural } from '../plural';

/**
 * A share of test cases as a percentage: whole where that is exact, else to one decimal, so that
 * 3 of 8 (37.5%) never reads as the 38% it falls short of.
 */
export const percentOfShare = (share: number) => `${Number((share * 100).toFixed(1))}%`;

/** Each kind of expectation as the editor's type picker names it. */
export const expectationTypeWords: Record<ExpectationType, string> = {
  toolCalled: 'Calls tool',
  toolNotCalled: 'Does not call tool',
  onlyTools: 'Only uses these tools',
  answerIncludes: 'Answer includes',
  answerExcludes: 'Answer does not include',
  answerMatches: 'Answer matches pattern',
  finishReason: 'Finish reason',
  maxSteps: 'At most N steps',
  maxTokens: 'At most N tokens',
  judge: 'Judged by a model',
};

/** Why a run's last step ended, by the finish reason the model reports. */
export const finishReasonWords: Record<string, string> = {
  stop: 'the model finished its answer',
  length: 'the answer reached the token limit',
  'tool-calls': 'the model stopped to call tools',
  'content-filter': 'a content filter stopped the answer',
  error: 'the model reported an error',
  other: 'the model stopped for another reason',
};

/** `city "Paris", days 3` for an object of arguments, their JSON otherwise. */
export function argumentsInWords(args: unknown): string {
  return isRecord(args) ? describeArgs(args, args) : shown(args);
}

/** One expectation as a sentence: "Calls get_weather with city "Paris"", "The answer includes "refund"". */
export function expectationInWords(expectation: Expectation): string {
  switch (expectation.type) {
    case 'toolCalled':
      return expectation.args === undefined || Object.keys(expectation.args).length === 0
        ? `Calls ${expectation.tool}`
        : `Calls ${expectation.tool} with ${argumentsInWords(expectation.args)}`;
    case 'toolNotCalled':
      return `Does not call ${expectation.tool}`;
    case 'onlyTools':
      return expectation.tools.length === 0
        ? 'Calls no tool'
        : `Calls no tool other than ${expectation.tools.join(', ')}`;
    case 'answerIncludes':
    case 'answerExcludes': {
      const verb = expectation.type === 'answerIncludes' ? 'includes' : 'does not include';
      return `The answer ${verb} ${shown(expectation.text)}${expectation.ignoreCase ? ' (ignoring case)' : ''}`;
    }
    case 'answerMatches':
      return `The answer matches the pattern ${shown(expectation.pattern)}`;
    case 'finishReason': {
      const words = finishReasonWords[expectation.value];
      return `The run ends because ${words ?? `of ${shown(expectation.value)}`}${words ? ` (${expectation.value})` : ''}`;
    }
    case 'maxSteps':
      return `At most ${plural(expectation.value, 'step')} (model calls)`;
    case 'maxTokens':
      return `At most ${plural(expectation.value, 'token')} in all`;
    case 'judge':
      return `A model judges the answer against ${shown(expectation.criteria)}${expectation.model ? ` (model ${expectation.model})` : ''}`;
  }
}

/** The text of a stored message: its string content, or its text parts joined. */
function messageText(message: Record<string, unknown>): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .join(' ')
    .trim();
}

/** What a case asks the agent: its prompt, or the conversation it replays and its last user message. */
export function inputInWords(input: TestCaseInput): string {
  if ('prompt' in input) return `The user says: ${input.prompt}`;
  const lastUser = [...input.messages].reverse().find((message) => message.role === 'user');
  const said = lastUser ? messageText(lastUser) : '';
  const conversation = `A conversation of ${plural(input.messages.length, 'message')}`;
  return said ? `${conversation}, ending with the user saying: ${said}` : conversation;
}

/** The difference a replay made from its recording, as stored with an evaluation's result. */
export interface DiffToSay {
  callsAdded?: Array<{ toolName: string; args: unknown }>;
  callsRemoved?: Array<{ toolName: string; args: unknown }>;
  argsChanged?: Array<{ toolName: string; recorded: unknown; replayed: unknown }>;
}

/** `a was 1, now 2; b is new: 3` for the keys whose values differ. */
function changedArguments(recorded: unknown, replayed: unknown): string {
  if (!isRecord(recorded) || !isRecord(replayed)) return `was ${shown(recorded)}, now ${shown(replayed)}`;
  const keys = [...new Set([...Object.keys(recorded), ...Object.keys(replayed)])];
  return keys
    .filter((key) => shown(recorded[key]) !== shown(replayed[key]))
    .map((key) =>
      !(key in recorded)
        ? `${key} is new: ${shown(replayed[key])}`
        : !(key in replayed)
          ? `${key} ${shown(recorded[key])} left out`
          : `${key} was ${shown(recorded[key])}, now ${shown(replayed[key])}`,
    )
    .join('; ');
}

/** The calls a replay added, no longer made, and made with other arguments, one sentence each. */
export function replayDiffInWords(diff: DiffToSay): { added: string[]; removed: string[]; changed: string[] } {
  const call = ({ toolName, args }: { toolName: string; args: unknown }) =>
    `${toolName} with ${argumentsInWords(args)}`;
  return {
    added: (diff.callsAdded ?? []).map(call),
    removed: (diff.callsRemoved ?? []).map(call),
    changed: (diff.argsChanged ?? []).map(
      ({ toolName, recorded, replayed }) => `${toolName}: ${changedArguments(recorded, replayed)}`,
    ),
  };
}
