import { describe, expect, it } from 'vitest';
import { ruleGroupText, rulesWords } from '../../../lib/rules';

describe('rules in words', () => {
  it.each([
    [{ operator: 'AND', conditions: [{ field: 'plan', operator: 'equals', value: 'pro' }] }, 'plan is pro'],
    [{ operator: 'AND', conditions: [{ field: 'seats', operator: 'greater_than', value: 5 }] }, 'seats is more than 5'],
    [
      {
        operator: 'OR',
        conditions: [
          { field: 'region', operator: 'in', value: ['eu', 'uk', 'us'] },
          { operator: 'AND', conditions: [{ field: 'beta', operator: 'exists' }] },
        ],
      },
      'region is one of eu, uk or us or (beta exists)',
    ],
    [
      { operator: 'AND', conditions: [{ field: '', operator: 'equals', value: '' }] },
      'its rules match, once every rule has a field',
    ],
    [{ jsonLogic: { '==': [1, 1] } }, 'its JSON Logic rule matches'],
    [undefined, 'any request (no condition)'],
  ] as const)('%j reads "%s"', (rules, words) => {
    expect(rulesWords(rules as never)).toBe(words);
  });

  it('leaves the technical text of approval explanations as it was', () => {
    expect(ruleGroupText({ operator: 'AND', conditions: [{ field: 'plan', operator: 'equals', value: 'pro' }] })).toBe(
      'plan equals "pro"',
    );
  });
});
