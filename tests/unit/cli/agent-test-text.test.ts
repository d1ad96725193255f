/**
 * What `agent test` prints for an evaluation: a line per case, and under a failed case the
 * expectations it failed and how its replay differed from the recording (calls added, no longer
 * made, arguments changed, the answer as a word diff), as the editor's Tests tab says it.
 */
import { describe, expect, it } from 'vitest';
import { describeEvaluation, describeReplayDiff } from '@/lib/cli/commands/agent-test-command';

const evaluation = {
  evaluationId: 'e1',
  status: 'finished' as const,
  versionNumber: 3,
  passed: 1,
  failed: 1,
  error: null,
  results: [
    { testCaseId: 'c1', passed: true, expectations: [], diff: null },
    {
      testCaseId: 'c2',
      passed: false,
      expectations: [
        { passed: true, detail: 'lookup_order was called (1 time).' },
        { passed: false, detail: 'Expected only lookup_order to be called; it also called check_stock.' },
      ],
      diff: {
        callsAdded: [{ toolName: 'check_stock', args: { sku: 'A' } }],
        callsRemoved: [{ toolName: 'refund', args: { amount: 5 } }],
        argsChanged: [{ toolName: 'lookup_order', recorded: { orderId: '7' }, replayed: { orderId: '8' } }],
        answerDiff: [
          { value: 'Order 7 ' },
          { value: 'has shipped', removed: true },
          { value: 'is late', added: true },
          { value: '.\nThanks.' },
        ],
      },
    },
  ],
};

describe('agent test output', () => {
  it('prints a failed case with its failed expectations and its difference from the recording', () => {
    const names = new Map([
      ['c1', 'Order 1'],
      ['c2', 'Order 7'],
    ]);
    expect(describeEvaluation(evaluation, names).split('\n')).toEqual([
      'passed  Order 1',
      'FAILED  Order 7',
      '        ✗ Expected only lookup_order to be called; it also called check_stock.',
      '        Compared with the recording:',
      '          + called, not in the recording: check_stock with sku "A"',
      '          - no longer called: refund with amount 5',
      '          ~ arguments changed: lookup_order: orderId was "7", now "8"',
      '          ~ the answer, word by word ([-removed-] {+added+}):',
      '            Order 7 [-has shipped-]{+is late+}.',
      '            Thanks.',
      'Version 3: 1 of 2 test case(s) passed.',
    ]);
  });

  it('says nothing of the recording when the replay did what it did', () => {
    expect(describeReplayDiff({ callsAdded: [], callsRemoved: [], argsChanged: [], answerDiff: [] })).toEqual([]);
    expect(describeReplayDiff(undefined)).toEqual([]);
  });
});
