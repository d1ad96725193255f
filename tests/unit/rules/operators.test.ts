import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conditionOperators,
  evaluateOperator,
  evaluateRules,
  valueAtPath,
  type ConditionOperator,
  type RuleGroup,
} from '@/lib/rules';

const single = (field: string, operator: ConditionOperator, value?: unknown): RuleGroup => ({
  operator: 'AND',
  conditions: [value === undefined ? { field, operator } : { field, operator, value }],
});

// [operator, context value (undefined = field absent), rule value, expected]
const table: Array<[ConditionOperator, unknown, unknown, boolean]> = [
  ['equals', 'admin', 'admin', true],
  ['equals', '5', 5, false],
  ['equals', 5, 5, true],
  ['equals', undefined, null, false],
  ['equals', null, null, true],
  ['equals', { a: 1 }, { a: 1 }, false],
  ['not_equals', '5', 5, true],
  ['not_equals', undefined, null, true],
  ['not_equals', 'x', 'x', false],
  ['contains', 'hello world', 'world', true],
  ['contains', 'hello', 5, false],
  ['contains', ['a', 'b'], 'b', true],
  ['contains', [1, 2], '1', false],
  ['contains', 12345, 3, false],
  ['contains', undefined, 'x', false],
  ['not_contains', 'hello', 'x', true],
  ['not_contains', 'hello', 'ell', false],
  ['not_contains', ['a'], 'a', false],
  ['not_contains', undefined, 'x', true],
  ['not_contains', 42, 4, true],
  ['greater_than', 5, 3, true],
  ['greater_than', '5', 3, false],
  ['greater_than', 5, '3', false],
  ['greater_than', 3, 3, false],
  ['greater_than_or_equal', 3, 3, true],
  ['less_than', 2, 3, true],
  ['less_than', undefined, 3, false],
  ['less_than', null, 3, false],
  ['less_than_or_equal', 3, 3, true],
  ['less_than_or_equal', 4, 3, false],
  ['in', 'pro', ['pro', 'team'], true],
  ['in', 'free', ['pro', 'team'], false],
  ['in', 1, ['1'], false],
  ['in', undefined, ['x'], false],
  ['not_in', 'free', ['pro'], true],
  ['not_in', 'pro', ['pro'], false],
  ['not_in', undefined, ['pro'], true],
  ['exists', 'x', undefined, true],
  ['exists', 0, undefined, true],
  ['exists', false, undefined, true],
  ['exists', null, undefined, false],
  ['exists', undefined, undefined, false],
  ['not_exists', undefined, undefined, true],
  ['not_exists', null, undefined, true],
  ['not_exists', '', undefined, false],
];

describe('condition operators (resolution.md section 4)', () => {
  it.each(table)('%s with context value %j and rule value %j is %s', (operator, contextValue, ruleValue, expected) => {
    const context = contextValue === undefined ? { user: {} } : { user: { value: contextValue } };
    expect(evaluateOperator(operator, contextValue, ruleValue)).toBe(expected);
    expect(evaluateRules({ rules: single('user.value', operator, ruleValue), context })).toBe(expected);
  });

  it('answers false for in and not_in alike when the rule value is not an array', () => {
    expect(evaluateOperator('in', 'a', 'abc')).toBe(false);
    expect(evaluateOperator('not_in', 'a', 'abc')).toBe(false);
  });
});

describe('field paths', () => {
  const rules = (field: string) => single(field, 'exists');
  it.each([
    ['user.role', { user: { role: 'admin' } }, true],
    ['user.role', { user: 'admin' }, false],
    ['user.role', { user: null }, false],
    ['user.role', {}, false],
    ['tags.0', { tags: ['first'] }, true],
    ['name.length', { name: 'abc' }, false],
    ['user.constructor', { user: {} }, false],
    ['a.b', { 'a.b': 'dotted keys cannot be addressed' }, false],
  ])('%s in %j exists: %s', (field, context, expected) => {
    expect(evaluateRules({ rules: rules(field), context })).toBe(expected);
  });
});

describe('groups', () => {
  const admin = { field: 'role', operator: 'equals', value: 'admin' } as const;
  const pro = { field: 'tier', operator: 'equals', value: 'pro' } as const;
  it.each<[string, RuleGroup, Record<string, unknown>, boolean]>([
    ['empty AND is true', { operator: 'AND', conditions: [] }, {}, true],
    ['empty OR is true', { operator: 'OR', conditions: [] }, {}, true],
    [
      'AND needs every condition',
      { operator: 'AND', conditions: [admin, pro] },
      { role: 'admin', tier: 'free' },
      false,
    ],
    ['AND passes when all pass', { operator: 'AND', conditions: [admin, pro] }, { role: 'admin', tier: 'pro' }, true],
    ['OR needs any condition', { operator: 'OR', conditions: [admin, pro] }, { role: 'user', tier: 'pro' }, true],
    ['OR fails when none pass', { operator: 'OR', conditions: [admin, pro] }, { role: 'user', tier: 'free' }, false],
    [
      'nested groups',
      {
        operator: 'AND',
        conditions: [pro, { operator: 'OR', conditions: [admin, { operator: 'AND', conditions: [] }] }],
      },
      { tier: 'pro' },
      true,
    ],
  ])('%s', (_name, group, context, expected) => {
    expect(evaluateRules({ rules: group, context })).toBe(expected);
  });

  it('treats absent rules as passing', () => {
    expect(evaluateRules({ rules: undefined, context: {} })).toBe(true);
  });

  it('compares object and array rule values literally, never evaluating them as JSON Logic', () => {
    const rules: RuleGroup = {
      operator: 'AND',
      conditions: [{ field: 'x', operator: 'contains', value: { var: 'x' } }],
    };
    expect(evaluateRules({ rules, context: { x: [{ var: 'x' }] } })).toBe(false);
    const list: RuleGroup = {
      operator: 'AND',
      conditions: [{ field: 'x', operator: 'in', value: [{ var: 'y' }, 'a'] }],
    };
    expect(evaluateRules({ rules: list, context: { x: 'a', y: 'a' } })).toBe(true);
    expect(evaluateRules({ rules: list, context: { x: 'b', y: 'b' } })).toBe(false);
  });
});

describe('JSON Logic compilation agrees with the operator table (property)', () => {
  const jsonValue = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -5, max: 5 }),
    fc.constantFrom('a', 'b', 'ab', '5', ''),
    fc.array(fc.oneof(fc.constantFrom('a', 'b', '5'), fc.integer({ min: -5, max: 5 })), { maxLength: 3 }),
  );
  it('for every operator, context value and rule value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...conditionOperators), jsonValue, jsonValue, (operator, contextValue, ruleValue) => {
        const context = contextValue === undefined ? {} : { v: contextValue };
        const rules = single('v', operator, ruleValue === undefined ? null : ruleValue);
        const expected = evaluateOperator(operator, contextValue, ruleValue === undefined ? null : ruleValue);
        expect(evaluateRules({ rules, context })).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('raw JSON Logic', () => {
  it.each<[string, unknown, Record<string, unknown>, boolean]>([
    ['built-in comparison', { '===': [{ var: 'tier' }, 'pro'] }, { tier: 'pro' }, true],
    [
      'custom operation',
      { studio_in: [{ studio_get: ['tier'] }, { studio_literal: ['["pro","team"]'] }] },
      { tier: 'team' },
      true,
    ],
    [
      'some over an array',
      { some: [{ var: 'roles' }, { '===': [{ var: '' }, 'admin'] }] },
      { roles: ['user', 'admin'] },
      true,
    ],
    ['truthiness of an empty array', { merge: [[]] }, {}, false],
    ['var of an inherited property (constructor) is missing', { '!!': { var: 'constructor' } }, {}, false],
    ['var into a text (its length) is missing', { '!!': { var: 'tier.length' } }, { tier: 'pro' }, false],
    ['var with a default for a missing field', { '===': [{ var: ['plan', 'free'] }, 'free'] }, {}, true],
    ['var of an array item by index', { '===': [{ var: 'roles.1' }, 'admin'] }, { roles: ['user', 'admin'] }, true],
    ['missing names an inherited property as missing', { missing: ['toString'] }, {}, true],
  ])('%s', (_name, jsonLogic, context, expected) => {
    expect(evaluateRules({ rules: { jsonLogic }, context })).toBe(expected);
  });
});

describe('nested groups agree with a direct evaluator (property)', () => {
  const condition = fc.record({
    field: fc.constantFrom('tier', 'user.role', 'user.age', 'tags', 'missing.path'),
    operator: fc.constantFrom(...conditionOperators),
    value: fc.oneof(
      fc.constantFrom('pro', 'admin', 'x', 18, 30, null),
      fc.array(fc.constantFrom('pro', 'admin', 18), { maxLength: 3 }),
    ),
  });
  const group = (depth: number): fc.Arbitrary<RuleGroup> =>
    fc.record({
      operator: fc.constantFrom('AND' as const, 'OR' as const),
      conditions: fc.array(depth >= 3 ? condition : fc.oneof(condition, group(depth + 1)), { maxLength: 4 }),
    });
  const context = fc.record(
    {
      tier: fc.constantFrom('pro', 'free'),
      user: fc.record(
        { role: fc.constantFrom('admin', 'user'), age: fc.integer({ min: 10, max: 40 }) },
        { requiredKeys: [] },
      ),
      tags: fc.array(fc.constantFrom('pro', 'x'), { maxLength: 2 }),
    },
    { requiredKeys: [] },
  );
  const reference = (rules: RuleGroup, data: unknown): boolean => {
    const results = rules.conditions.map((item) =>
      'conditions' in item
        ? reference(item, data)
        : evaluateOperator(item.operator, valueAtPath(data, item.field), item.value),
    );
    return rules.operator === 'AND' ? results.every(Boolean) : results.length === 0 || results.some(Boolean);
  };
  it('for random groups up to 3 levels and random contexts', () => {
    fc.assert(
      fc.property(group(1), context, (rules, data) => {
        expect(evaluateRules({ rules, context: data })).toBe(reference(rules, data));
      }),
      { numRuns: 1000 },
    );
  });
});
