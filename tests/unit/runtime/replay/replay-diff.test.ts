import { describe, expect, it } from 'vitest';
import { diffReplay, isEmptyDiff, type ComparedCall, type ReplayDiff } from '@/lib/runtime/replay';

const lookup = (orderId: string): ComparedCall => ({ toolName: 'lookup_order', args: { orderId } });
const charge = (amount: number, currency = 'EUR'): ComparedCall => ({
  toolName: 'charge_card',
  args: { amount, currency },
});

const none = { callsAdded: [], callsRemoved: [], argsChanged: [], answerDiff: [] };

const cases: Array<{
  name: string;
  recorded: ComparedCall[];
  replayed: ComparedCall[];
  expected: Omit<ReplayDiff, 'answerDiff'>;
}> = [
  {
    name: 'the same calls in the same order',
    recorded: [lookup('7'), charge(12)],
    replayed: [lookup('7'), charge(12)],
    expected: none,
  },
  {
    name: 'the same calls in another order',
    recorded: [lookup('7'), charge(12)],
    replayed: [charge(12), lookup('7')],
    expected: none,
  },
  {
    name: 'equal arguments whose keys come in another order',
    recorded: [{ toolName: 'charge_card', args: { currency: 'EUR', amount: 12 } }],
    replayed: [charge(12)],
    expected: none,
  },
  {
    name: 'a call the recording lacks',
    recorded: [lookup('7')],
    replayed: [lookup('7'), charge(12)],
    expected: { ...none, callsAdded: [charge(12)] },
  },
  {
    name: 'a recorded call the replay did not make',
    recorded: [lookup('7'), charge(12)],
    replayed: [lookup('7')],
    expected: { ...none, callsRemoved: [charge(12)] },
  },
  {
    name: 'a call of the same tool with other arguments',
    recorded: [lookup('7'), charge(12)],
    replayed: [lookup('7'), charge(15)],
    expected: {
      ...none,
      argsChanged: [{ toolName: 'charge_card', recorded: charge(12).args, replayed: charge(15).args }],
    },
  },
  {
    name: 'a repeated call matched once per recorded call',
    recorded: [lookup('7')],
    replayed: [lookup('7'), lookup('7')],
    expected: { ...none, argsChanged: [], callsAdded: [lookup('7')] },
  },
  {
    name: 'changed arguments paired in order of calls, the rest added',
    recorded: [lookup('1'), lookup('2')],
    replayed: [lookup('3'), lookup('4'), lookup('5')],
    expected: {
      ...none,
      argsChanged: [
        { toolName: 'lookup_order', recorded: { orderId: '1' }, replayed: { orderId: '3' } },
        { toolName: 'lookup_order', recorded: { orderId: '2' }, replayed: { orderId: '4' } },
      ],
      callsAdded: [lookup('5')],
    },
  },
  { name: 'no calls on either side', recorded: [], replayed: [], expected: none },
];

describe('diffReplay: calls', () => {
  it.each(cases)('$name', ({ recorded, replayed, expected }) => {
    const diff = diffReplay({
      recorded: { toolCalls: recorded, answer: 'Done.' },
      replayed: { toolCalls: replayed, answer: 'Done.' },
    });
    expect(diff).toEqual({ ...expected, answerDiff: [] });
    expect(isEmptyDiff(diff)).toBe(
      expected.callsAdded.length + expected.callsRemoved.length + expected.argsChanged.length === 0,
    );
  });
});

describe('diffReplay: the answer', () => {
  it.each([
    { name: 'equal answers give no parts', recorded: 'Order 7 shipped.', replayed: 'Order 7 shipped.', parts: [] },
    {
      name: 'a changed word is removed and added',
      recorded: 'Order 7 shipped.',
      replayed: 'Order 7 lost.',
      parts: [
        { value: 'Order 7 ' },
        { value: 'shipped', removed: true },
        { value: 'lost', added: true },
        { value: '.' },
      ],
    },
    {
      name: 'words added at the end',
      recorded: 'Done.',
      replayed: 'Done. Anything else?',
      parts: [{ value: 'Done. ' }, { value: 'Anything else?', added: true }],
    },
    { name: 'an answer where there was none', recorded: '', replayed: 'Hi', parts: [{ value: 'Hi', added: true }] },
  ])('$name', ({ recorded, replayed, parts }) => {
    const diff = diffReplay({
      recorded: { toolCalls: [], answer: recorded },
      replayed: { toolCalls: [], answer: replayed },
    });
    expect(diff.answerDiff).toEqual(parts);
    expect(isEmptyDiff(diff)).toBe(parts.length === 0);
  });

  it('joins back into either answer', () => {
    const recorded = 'The order ships on Monday, charged 12 EUR.';
    const replayed = 'The order shipped Tuesday; charged 15 EUR.';
    const { answerDiff } = diffReplay({
      recorded: { toolCalls: [], answer: recorded },
      replayed: { toolCalls: [], answer: replayed },
    });
    expect(
      answerDiff
        .filter((part) => !part.added)
        .map((part) => part.value)
        .join(''),
    ).toBe(recorded);
    expect(
      answerDiff
        .filter((part) => !part.removed)
        .map((part) => part.value)
        .join(''),
    ).toBe(replayed);
  });
});
