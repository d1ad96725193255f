import { describe, expect, it } from 'vitest';
import {
  expectationInWords,
  expectationTypeWords,
  inputInWords,
  percentOfShare,
  replayDiffInWords,
} from '@/lib/evaluation';
import type { Expectation } from '@/lib/schemas';

describe('expectationInWords', () => {
  it.each<[Expectation, string]>([
    [{ type: 'toolCalled', tool: 'get_weather' }, 'Calls get_weather'],
    [
      { type: 'toolCalled', tool: 'get_weather', args: { city: 'Paris', days: 3 } },
      'Calls get_weather with city "Paris", days 3',
    ],
    [{ type: 'toolCalled', tool: 'get_time', args: {} }, 'Calls get_time'],
    [{ type: 'toolNotCalled', tool: 'issue_refund' }, 'Does not call issue_refund'],
    [{ type: 'onlyTools', tools: ['a', 'b'] }, 'Calls no tool other than a, b'],
    [{ type: 'onlyTools', tools: [] }, 'Calls no tool'],
    [{ type: 'answerIncludes', text: 'refund' }, 'The answer includes "refund"'],
    [
      { type: 'answerExcludes', text: 'Sorry', ignoreCase: true },
      'The answer does not include "Sorry" (ignoring case)',
    ],
    [{ type: 'answerMatches', pattern: '^Order \\d+' }, 'The answer matches the pattern "^Order \\\\d+"'],
    [{ type: 'finishReason', value: 'stop' }, 'The run ends because the model finished its answer (stop)'],
    [{ type: 'finishReason', value: 'unusual' }, 'The run ends because of "unusual"'],
    [{ type: 'maxSteps', value: 1 }, 'At most 1 step (model calls)'],
    [{ type: 'maxTokens', value: 2000 }, 'At most 2000 tokens in all'],
    [
      { type: 'judge', criteria: 'Polite and short', model: 'openai/gpt-4o-mini' },
      'A model judges the answer against "Polite and short" (model openai/gpt-4o-mini)',
    ],
  ])('%j reads "%s"', (expectation, words) => {
    expect(expectationInWords(expectation)).toBe(words);
  });

  it('names every kind of expectation for the type picker', () => {
    expect(Object.values(expectationTypeWords)).toHaveLength(10);
    expect(new Set(Object.values(expectationTypeWords)).size).toBe(10);
  });
});

describe('inputInWords', () => {
  it('says a prompt, or the conversation and what the user said last', () => {
    expect(inputInWords({ prompt: 'Where is order 7?' })).toBe('The user says: Where is order 7?');
    expect(
      inputInWords({
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
          { role: 'user', content: [{ type: 'text', text: 'Where is order 7?' }] },
        ],
      }),
    ).toBe('A conversation of 3 messages, ending with the user saying: Where is order 7?');
    expect(inputInWords({ messages: [{ role: 'system', content: 'x' }] })).toBe('A conversation of 1 message');
  });
});

describe('replayDiffInWords', () => {
  it('says the calls added, removed and changed, naming only the arguments that differ', () => {
    expect(
      replayDiffInWords({
        callsAdded: [{ toolName: 'world-time', args: { timeZone: 'Europe/Oslo' } }],
        callsRemoved: [{ toolName: 'convert-units', args: { value: 10, from: 'km', to: 'mi' } }],
        argsChanged: [
          { toolName: 'lookup', recorded: { id: '7', full: true }, replayed: { id: '8', full: true, extra: 1 } },
          { toolName: 'echo', recorded: 'a', replayed: 'b' },
        ],
      }),
    ).toEqual({
      added: ['world-time with timeZone "Europe/Oslo"'],
      removed: ['convert-units with value 10, from "km", to "mi"'],
      changed: ['lookup: id was "7", now "8"; extra is new: 1', 'echo: was "a", now "b"'],
    });
    expect(replayDiffInWords({})).toEqual({ added: [], removed: [], changed: [] });
  });
});

describe('percentOfShare', () => {
  it.each([
    [1, '100%'],
    [0, '0%'],
    [0.8, '80%'],
    [3 / 8, '37.5%'],
    [0.375, '37.5%'],
    [2 / 3, '66.7%'],
  ])('says %d as %s', (share, words) => {
    expect(percentOfShare(share)).toBe(words);
  });
});
