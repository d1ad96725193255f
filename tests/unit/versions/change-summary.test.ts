import { describe, expect, it } from 'vitest';
import { summarizeChanges } from '@/lib/versions';

const pro = { operator: 'AND', conditions: [{ field: 'plan', operator: 'equals', value: 'pro' }] };

describe('summarizeChanges', () => {
  it('word-diffs instructions, keeping real line breaks', () => {
    const [change] = summarizeChanges([
      { field: 'instructions', previous: 'Be brief.\nAnswer politely.', current: 'Be brief.\nAnswer kindly.' },
    ]);
    expect(change!.label).toBe('Instructions');
    expect(change!.text).toEqual([
      { value: 'Be brief.\nAnswer ' },
      { value: 'politely', removed: true },
      { value: 'kindly', added: true },
      { value: '.' },
    ]);
  });

  it('names the tools added and removed, and variant rules in words', () => {
    const [change] = summarizeChanges([
      {
        field: 'tools',
        previous: { 'world-time': {} },
        current: [{ value: { 'convert-units': {} } }, { value: { refund: { description: 'Refunds' } }, rules: pro }],
      },
    ]);
    expect(change).toMatchObject({ label: 'Tools', added: ['convert-units', 'refund'], removed: ['world-time'] });
    expect(change!.after).toEqual([
      'Variant 1, always: convert-units',
      'refund: description "Refunds"',
      'Variant 2, when plan equals "pro": refund',
    ]);
    expect(change!.before).toEqual([]);
  });

  it('calls a named variant by its name, as the Conditions tab does', () => {
    const [change] = summarizeChanges([
      {
        field: 'tools',
        previous: [],
        current: [{ value: ['convert-units'] }, { value: ['refund'], rules: pro, name: 'Pro plan' }],
      },
    ]);
    expect(change!.after).toEqual(['Variant 1, always: convert-units', '"Pro plan", when plan equals "pro": refund']);
  });

  it('tells approval policies and request context fields as sentences only in one version', () => {
    const changes = summarizeChanges([
      {
        field: 'toolPolicies',
        previous: { refund: { requireApproval: true } },
        current: { refund: { requireApproval: pro } },
      },
      {
        field: 'requestContextSchema',
        previous: null,
        current: { type: 'object', properties: { plan: { type: 'string', enum: ['free', 'pro'] } } },
      },
    ]);
    expect(changes[0]).toMatchObject({
      label: 'Approval policies',
      before: ['Approval for refund: always'],
      after: ['Approval for refund: when plan equals "pro"'],
    });
    expect(changes[1]).toMatchObject({ before: [], after: ['plan: one of "free", "pro"'] });
  });

  it('writes prompt blocks with their display condition', () => {
    const [change] = summarizeChanges([
      { field: 'instructions', previous: null, current: [{ type: 'prompt_block', content: 'Upsell.', rules: pro }] },
    ]);
    expect(change!.text).toEqual([{ value: '[Only when plan equals "pro"] Upsell.', added: true }]);
  });
});
