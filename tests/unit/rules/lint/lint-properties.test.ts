import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conditionOperators,
  evaluateRules,
  fieldSchemaOf,
  lintRuleGroup,
  type Condition,
  type RuleGroup,
} from '@/lib/rules';

const schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tier: { type: 'string', enum: ['a', 'b'] },
    count: { type: 'integer' },
    name: { type: 'string' },
    flag: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
  },
};
const fields = ['tier', 'count', 'name', 'flag', 'tags', 'extra'];
const scalars = fc.constantFrom<unknown>('a', 'b', 'c', '', 0, 1, 2, 1.5, true, false, null);

const condition: fc.Arbitrary<Condition> = fc
  .record({
    field: fc.constantFrom(...fields),
    operator: fc.constantFrom(...conditionOperators),
    scalar: scalars,
    list: fc.array(scalars, { maxLength: 3 }),
  })
  .map(({ field, operator, scalar, list }) => {
    if (operator === 'exists' || operator === 'not_exists') return { field, operator };
    if (operator === 'in' || operator === 'not_in') return { field, operator, value: list };
    return { field, operator, value: scalar };
  });

const group: fc.Arbitrary<RuleGroup> = fc.letrec<{ group: RuleGroup }>((tie) => ({
  group: fc.record({
    operator: fc.constantFrom<'AND' | 'OR'>('AND', 'OR'),
    conditions: fc.array(fc.oneof({ depthSize: 'small', withCrossShrink: true }, condition, tie('group')), {
      maxLength: 4,
    }),
  }),
})).group;

/** Contexts the schema allows, each field present or missing. */
const context = fc.record(
  {
    tier: fc.constantFrom('a', 'b'),
    count: fc.integer({ min: -2, max: 3 }),
    name: fc.constantFrom('a', 'b', 'c', ''),
    flag: fc.boolean(),
    tags: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);

/** The condition or group a diagnostic's path (`conditions[1].conditions[0]`, or `''`) points at. */
function nodeAt(root: RuleGroup, path: string): Condition | RuleGroup {
  let node: Condition | RuleGroup = root;
  for (const match of path.matchAll(/conditions\[(\d+)\]/g)) node = (node as RuleGroup).conditions[Number(match[1])]!;
  return node;
}

const asRules = (node: Condition | RuleGroup): RuleGroup =>
  'conditions' in node ? node : { operator: 'AND', conditions: [node] };

describe('the rule linter over random rule groups', () => {
  const fieldSchema = fieldSchemaOf(schema);

  it('never throws and answers well-formed diagnostics', () => {
    fc.assert(
      fc.property(group, (rules) => {
        for (const found of lintRuleGroup({ group: rules, path: '', fieldSchema })) {
          expect(['error', 'warning']).toContain(found.severity);
          expect(found.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('calls never_matches only what matches no context the schema allows', () => {
    let reported = 0;
    fc.assert(
      fc.property(group, fc.array(context, { minLength: 1, maxLength: 20 }), (rules, contexts) => {
        const never = lintRuleGroup({ group: rules, path: '', fieldSchema }).filter(
          (found) => found.code === 'never_matches',
        );
        reported += never.length;
        for (const found of never) {
          const node = asRules(nodeAt(rules, found.path));
          for (const requestContext of contexts)
            expect(evaluateRules({ rules: node, context: requestContext })).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
    // The generators must reach the code, or the property says nothing.
    expect(reported).toBeGreaterThan(0);
  });

  it('calls always_matches only what matches every context', () => {
    fc.assert(
      fc.property(group, fc.array(context, { minLength: 1, maxLength: 20 }), (rules, contexts) => {
        const always = lintRuleGroup({ group: rules, path: '', fieldSchema: fieldSchemaOf(undefined) }).filter(
          (found) => found.code === 'always_matches',
        );
        for (const found of always) {
          const node = asRules(nodeAt(rules, found.path));
          for (const requestContext of contexts)
            expect(evaluateRules({ rules: node, context: requestContext })).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
