import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conditionOperators,
  draftEdits,
  jsonDraftOf,
  levelOf,
  maxRuleGroupLevels,
  newConditionDraft,
  newGroupDraft,
  newRulesDraft,
  ruleGroupSchema,
  rulesOfDraft,
  toRulesDraft,
  visualDraftOf,
  type Condition,
  type GroupDraft,
  type RuleGroup,
  type Rules,
} from '@/lib/rules';

const counter = () => {
  let next = 0;
  return () => `node-${(next += 1)}`;
};

/** JSON values as they come back from storage (no -0, no undefined). */
const storedJson = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);

const fieldPath = fc
  .array(
    fc.string({ minLength: 1, maxLength: 8 }).filter((segment) => !segment.includes('.')),
    { minLength: 1, maxLength: 3 },
  )
  .map((segments) => segments.join('.'));

const condition: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({
    field: fieldPath,
    operator: fc.constantFrom(...conditionOperators.filter((operator) => !['in', 'not_in'].includes(operator))),
    value: storedJson,
  }),
  fc.record({
    field: fieldPath,
    operator: fc.constantFrom('in' as const, 'not_in' as const),
    value: fc.array(storedJson),
  }),
  fc.record({ field: fieldPath, operator: fc.constantFrom('exists' as const, 'not_exists' as const) }),
);

/** Rule groups nested at most `levels` deep, as the save schema allows. */
function ruleGroup(levels: number): fc.Arbitrary<RuleGroup> {
  const item: fc.Arbitrary<Condition | RuleGroup> =
    levels > 1
      ? fc.oneof({ weight: 3, arbitrary: condition }, { weight: 1, arbitrary: ruleGroup(levels - 1) })
      : condition;
  return fc.record({
    operator: fc.constantFrom('AND' as const, 'OR' as const),
    conditions: fc.array(item, { maxLength: 5 }),
  });
}

/** As rules come back from storage: plain JSON objects. */
const asStored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('the rule builder state', () => {
  it('gives back every stored rule group within the limits unchanged (nothing lost, nothing reordered)', () => {
    fc.assert(
      fc.property(ruleGroup(maxRuleGroupLevels).map(asStored), (rules) => {
        expect(ruleGroupSchema.safeParse(rules).success).toBe(true);
        const draft = toRulesDraft(rules, counter());
        expect(draft.mode).toBe('visual');
        const saved = rulesOfDraft(draft);
        expect(saved).toStrictEqual({ ok: true, value: rules });
        expect(JSON.stringify(saved.ok && saved.value)).toBe(JSON.stringify(rules));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a raw JSON Logic rule as JSON text and gives it back unchanged', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Rules>(
          { jsonLogic: { '===': [{ var: 'tier' }, 'pro'] } },
          { jsonLogic: { and: [{ '>': [{ var: 'seats' }, 5] }, { in: ['eu', { var: 'regions' }] }] } },
          { jsonLogic: true },
        ),
        (rules) => {
          const draft = toRulesDraft(rules, counter());
          expect(draft.mode).toBe('json');
          expect(rulesOfDraft(draft)).toStrictEqual({ ok: true, value: rules });
        },
      ),
    );
  });

  it('opens a group nested deeper than the builder allows as JSON instead of losing it', () => {
    const deep = {
      operator: 'AND',
      conditions: [
        { operator: 'OR', conditions: [{ operator: 'AND', conditions: [{ operator: 'OR', conditions: [] }] }] },
      ],
    };
    const draft = toRulesDraft(deep as RuleGroup, counter());
    expect(draft.mode).toBe('json');
    const result = rulesOfDraft(draft);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues[0]).toMatchObject({
      path: 'conditions.0.conditions.0.conditions.0',
      message: /at most 3 levels/,
    });
  });

  it('shows an unfinished rule visually (the save reports it) but keeps unknown keys as JSON', () => {
    const unfinished: RuleGroup = { operator: 'AND', conditions: [{ field: '', operator: 'equals', value: '' }] };
    expect(toRulesDraft(unfinished, counter()).mode).toBe('visual');
    expect(rulesOfDraft(toRulesDraft(unfinished, counter()))).toEqual({ ok: true, value: unfinished });
    const extra = { operator: 'AND', conditions: [{ field: 'a', operator: 'exists', note: 'kept' }] };
    expect(toRulesDraft(extra as unknown as RuleGroup, counter()).mode).toBe('json');
  });

  it('maps all to AND and any to OR, and keeps the typed values typed', () => {
    const rules: RuleGroup = {
      operator: 'AND',
      conditions: [
        { field: 'tier', operator: 'equals', value: 'pro' },
        { field: 'seats', operator: 'greater_than', value: 5 },
        { field: 'code', operator: 'equals', value: '5' },
        { field: 'beta', operator: 'equals', value: true },
        { field: 'region', operator: 'in', value: ['eu', 'us'] },
        { operator: 'OR', conditions: [{ field: 'user.role', operator: 'exists' }] },
      ],
    };
    const draft = toRulesDraft(rules, counter());
    if (draft.mode !== 'visual') throw new Error('expected a visual draft');
    expect(draft.group.combinator).toBe('all');
    const values = draft.group.children.map((child) => (child.type === 'condition' ? child.value : child.combinator));
    expect(values).toEqual([
      { kind: 'text', text: 'pro' },
      { kind: 'number', text: '5' },
      { kind: 'text', text: '5' },
      { kind: 'boolean', text: 'true' },
      { kind: 'list', itemKind: 'text', text: 'eu, us' },
      'any',
    ]);
  });

  it('reports a value that cannot be read at its node and path, and saves nothing', () => {
    const draft = newRulesDraft(counter());
    if (draft.mode !== 'visual') throw new Error('expected a visual draft');
    const row = draft.group.children[0]!;
    const edited = draftEdits.update(draft.group, row.id, (node) => ({
      ...node,
      field: 'seats',
      operator: 'greater_than',
      value: { kind: 'number', text: 'five' },
    }));
    expect(rulesOfDraft({ mode: 'visual', group: edited })).toEqual({
      ok: false,
      issues: [{ nodeId: row.id, path: 'conditions.0.value', message: 'Enter a number, such as 5 or 2.5' }],
    });
  });

  it('adds rules and groups, removes rules, and knows how deep a group sits', () => {
    const newId = counter();
    let group: GroupDraft = { type: 'group', id: 'top', combinator: 'all', children: [] };
    const inner = newGroupDraft(newId);
    group = draftEdits.append(group, 'top', newConditionDraft(newId));
    group = draftEdits.append(group, 'top', inner);
    const innermost = newGroupDraft(newId);
    group = draftEdits.append(group, inner.id, innermost);
    expect(levelOf(group, 'top')).toBe(1);
    expect(levelOf(group, inner.id)).toBe(2);
    expect(levelOf(group, innermost.id)).toBe(3);
    group = draftEdits.remove(group, inner.children[0]!.id);
    const result = rulesOfDraft({ mode: 'visual', group });
    expect(result).toEqual({
      ok: true,
      value: {
        operator: 'AND',
        conditions: [
          { field: '', operator: 'equals', value: '' },
          {
            operator: 'AND',
            conditions: [{ operator: 'AND', conditions: [{ field: '', operator: 'equals', value: '' }] }],
          },
        ],
      },
    });
  });

  it('switches between the visual and the JSON view without losing the rule', () => {
    const rules: RuleGroup = { operator: 'OR', conditions: [{ field: 'tier', operator: 'in', value: ['pro', 1] }] };
    const json = jsonDraftOf(toRulesDraft(rules, counter()));
    expect(json).toEqual({ mode: 'json', text: JSON.stringify(rules, null, 2) });
    const visual = visualDraftOf(json, counter());
    expect(visual && rulesOfDraft(visual)).toEqual({ ok: true, value: rules });
    expect(visualDraftOf({ mode: 'json', text: '{"jsonLogic": true}' }, counter())).toBeUndefined();
    expect(rulesOfDraft({ mode: 'json', text: '{"operator": "AND", "conditions": [' })).toMatchObject({
      ok: false,
      issues: [{ path: 'root', message: expect.stringMatching(/^Not valid JSON/) }],
    });
  });
});
