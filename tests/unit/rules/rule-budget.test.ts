import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createRuleBudget,
  evaluateRules,
  jsonLogicLimits,
  ruleOutcome,
  rulesSchema,
  ruleStepLimit,
  type Rules,
} from '@/lib/rules';
import { nestedSomeRule } from '../../support/bounded-rules';
import { callWithTimeLimit } from '../../support/time-limited-call';

const numbers = (length: number) => Array.from({ length }, (_, index) => index);
const literal = (value: unknown) => ({ studio_literal: [JSON.stringify(value)] });

/** Within the save limits: `some` over the context's list, over 100 literal items inside. */
const twoDeep: Rules = {
  jsonLogic: { some: [{ var: 'items' }, { some: [literal(numbers(100)), { '===': [{ var: '' }, -1] }] }] },
};

describe('the rule step budget', () => {
  it('stops the 1.5 KB nested-some rule that once blocked the event loop for good', { timeout: 30_000 }, async () => {
    const result = await callWithTimeLimit({
      module: 'tests/support/bounded-rules.ts',
      exportName: 'evaluateNestedSome',
      timeLimitMs: 10_000,
    });
    expect(result).toMatchObject({ outcome: 'returned', value: false });
    expect(result.elapsedMs).toBeLessThan(2_000);
  });

  it('counts the rule as not matching and spends exactly the limit', () => {
    const budget = createRuleBudget();
    expect(ruleOutcome({ rules: nestedSomeRule(), context: {}, budget })).toBe('budget_exceeded');
    expect(budget.spent).toBe(ruleStepLimit);
  });

  it('stops a rule the save limits allow when the context brings a long list', () => {
    const budget = createRuleBudget();
    expect(rulesSchema.safeParse(twoDeep).success).toBe(true);
    expect(ruleOutcome({ rules: twoDeep, context: { items: numbers(5_000) }, budget })).toBe('budget_exceeded');
    expect(ruleOutcome({ rules: twoDeep, context: { items: numbers(5) }, budget: createRuleBudget() })).toBe(
      'not_matched',
    );
  });

  it('is shared by every rule of a request: once spent, later rules do not match', () => {
    const budget = createRuleBudget({ limit: 50 });
    const cheap: Rules = { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] };
    expect(ruleOutcome({ rules: cheap, context: { tier: 'pro' }, budget })).toBe('matched');
    expect(ruleOutcome({ rules: twoDeep, context: { items: numbers(10) }, budget })).toBe('budget_exceeded');
    expect(ruleOutcome({ rules: cheap, context: { tier: 'pro' }, budget })).toBe('budget_exceeded');
    expect(ruleOutcome({ rules: undefined, context: {}, budget })).toBe('matched');
  });

  it('leaves json-logic-js as it found it, also after a stopped rule', () => {
    evaluateRules({ rules: nestedSomeRule(), context: {} });
    const free = createRuleBudget();
    expect(ruleOutcome({ rules: { jsonLogic: { '===': [1, 1] } }, context: {}, budget: free })).toBe('matched');
    expect(free.spent).toBeLessThan(10);
  });

  it('charges literal JSON text by its length', () => {
    const short = createRuleBudget();
    const long = createRuleBudget();
    ruleOutcome({ rules: { jsonLogic: { '!!': [literal('x')] } }, context: {}, budget: short });
    ruleOutcome({ rules: { jsonLogic: { '!!': [literal('x'.repeat(6_400))] } }, context: {}, budget: long });
    expect(long.spent - short.spent).toBeGreaterThanOrEqual(100);
  });

  it('charges a text built from the context by its length, so repeating a long value stops the rules', () => {
    // 195 nodes, within the save limits: `cat` of one context value 95 times, searched for "zz".
    const rules: Rules = { jsonLogic: { in: ['zz', { cat: Array.from({ length: 95 }, () => ({ var: 's' })) }] } };
    expect(rulesSchema.safeParse(rules).success).toBe(true);
    const short = createRuleBudget();
    expect(ruleOutcome({ rules, context: { s: 'ab' }, budget: short })).toBe('not_matched');
    expect(short.spent).toBeLessThan(200);
    const budget = createRuleBudget();
    expect(ruleOutcome({ rules, context: { s: 'a'.repeat(900_000) }, budget })).toBe('budget_exceeded');
    // Every later rule of the request is stopped instead of building the same text again.
    expect(ruleOutcome({ rules, context: { s: 'a'.repeat(900_000) }, budget })).toBe('budget_exceeded');
  });
});

// Expressions within the save limits: the allowed operations, array operations nested at most twice.
const leaf = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom('a', 'b', '', true, false, null),
  fc.constantFrom('items', 'user.role', 'n', '', 'missing').map((path) => ({ var: path })),
  fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: jsonLogicLimits.maxArrayItems }).map(literal),
);
const operations = ['and', 'or', '!', '!!', '===', '!==', '<', '>', 'in', 'cat', 'if', 'studio_contains'] as const;
const arrayOperations = ['some', 'all', 'none', 'merge'] as const;
const expression = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .record({ op: fc.constantFrom(...operations), args: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) })
      .map(({ op, args }) => ({ [op]: args })),
    fc
      .record({ op: fc.constantFrom(...arrayOperations), list: tie('node'), test: tie('node') })
      .map(({ op, list, test }) => ({ [op]: [list, test] })),
  ),
})).node;
/** Where the work is: a walk over the context's list with a walk over 100 literal items inside. */
const walkOp = fc.constantFrom('some', 'all', 'none');
const heavy = fc
  .record({
    outer: walkOp,
    inner: walkOp,
    test: expression.filter((node) => !/"(some|all|none|merge)"/.test(JSON.stringify(node))),
  })
  .map(({ outer, inner, test }) => ({
    [outer]: [{ var: 'items' }, { [inner]: [literal(numbers(jsonLogicLimits.maxArrayItems)), test] }],
  }));
const context = fc.record(
  {
    items: fc.oneof(
      fc.array(fc.integer(), { maxLength: 50 }),
      fc.integer({ min: 0, max: 20_000 }).map(numbers),
      fc.array(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 100 }), { maxLength: 200 }),
    ),
    user: fc.record({ role: fc.constantFrom('admin', 'user') }, { requiredKeys: [] }),
    n: fc.integer(),
  },
  { requiredKeys: [] },
);

describe('evaluation within the save limits (property)', () => {
  it('never throws and never spends past the budget', { timeout: 60_000 }, () => {
    let stopped = 0;
    fc.assert(
      fc.property(fc.oneof(expression, heavy), context, (jsonLogic, data) => {
        const rules = { jsonLogic } as Rules;
        fc.pre(rulesSchema.safeParse(rules).success);
        const budget = createRuleBudget();
        const startedAt = performance.now();
        const outcome = ruleOutcome({ rules, context: data, budget });
        if (outcome === 'budget_exceeded') stopped += 1;
        expect(['matched', 'not_matched', 'budget_exceeded']).toContain(outcome);
        expect(budget.spent).toBeLessThanOrEqual(ruleStepLimit);
        expect(outcome === 'budget_exceeded').toBe(budget.spent === ruleStepLimit);
        expect(performance.now() - startedAt).toBeLessThan(1_000);
      }),
      { numRuns: 500 },
    );
    // The generated rules reach the budget too, not only cheap ones.
    expect(stopped).toBeGreaterThan(0);
  });
});
