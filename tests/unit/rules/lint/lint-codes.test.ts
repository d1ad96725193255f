import { describe, expect, it } from 'vitest';
import { lintVersion, type DiagnosticCode, type LintableSnapshot } from '@/lib/rules';

const closedSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tier: { type: 'string', enum: ['free', 'pro'] },
    age: { type: 'integer' },
    beta: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    user: { type: 'object', properties: { role: { type: 'string' } } },
  },
};
const openSchema = { type: 'object', properties: { tier: { type: 'string' } } };

const when = (...conditions: unknown[]) => ({ operator: 'AND', conditions });
const whenAny = (...conditions: unknown[]) => ({ operator: 'OR', conditions });
/** `tools` as one variant with `rules`, then a plain variant. */
const toolsWith = (rules: unknown): LintableSnapshot => ({
  tools: [{ value: { search: {} }, rules }, { value: { other: {} } }],
  requestContextSchema: closedSchema,
});

interface Case {
  code: DiagnosticCode;
  severity: 'error' | 'warning';
  name: string;
  fires: LintableSnapshot;
  path: string;
  nearMiss: LintableSnapshot;
}

const cases: Case[] = [
  {
    code: 'unknown_field',
    severity: 'error',
    name: 'a field a closed schema does not declare',
    fires: toolsWith(when({ field: 'teir', operator: 'equals', value: 'pro' })),
    path: 'tools[0].rules.conditions[0]',
    nearMiss: toolsWith(when({ field: 'tier', operator: 'equals', value: 'pro' })),
  },
  {
    code: 'undeclared_field',
    severity: 'warning',
    name: 'a field an open schema does not declare',
    fires: { ...toolsWith(when({ field: 'plan', operator: 'exists' })), requestContextSchema: openSchema },
    path: 'tools[0].rules.conditions[0]',
    nearMiss: { ...toolsWith(when({ field: 'tier', operator: 'exists' })), requestContextSchema: openSchema },
  },
  {
    code: 'type_mismatch',
    severity: 'error',
    name: 'a number comparison on a string field',
    fires: toolsWith(when({ field: 'user.role', operator: 'greater_than', value: 3 })),
    path: 'tools[0].rules.conditions[0]',
    nearMiss: toolsWith(when({ field: 'age', operator: 'greater_than', value: 3 })),
  },
  {
    code: 'type_mismatch',
    severity: 'error',
    name: 'equals "5" on a number field',
    fires: toolsWith(when({ field: 'age', operator: 'equals', value: '5' })),
    path: 'tools[0].rules.conditions[0]',
    nearMiss: toolsWith(when({ field: 'age', operator: 'equals', value: 5 })),
  },
  {
    code: 'type_mismatch',
    severity: 'error',
    name: 'contains on a boolean',
    fires: toolsWith(when({ field: 'beta', operator: 'contains', value: 'x' })),
    path: 'tools[0].rules.conditions[0]',
    nearMiss: toolsWith(when({ field: 'user.role', operator: 'contains', value: 'x' })),
  },
  {
    code: 'type_mismatch',
    severity: 'error',
    name: 'contains a number in a list of text',
    fires: toolsWith(when({ field: 'tags', operator: 'contains', value: 3 })),
    path: 'tools[0].rules.conditions[0]',
    nearMiss: toolsWith(when({ field: 'tags', operator: 'contains', value: '3' })),
  },
  {
    code: 'never_matches',
    severity: 'error',
    name: 'a value outside the enum',
    fires: toolsWith(when({ field: 'tier', operator: 'equals', value: 'gold' })),
    path: 'tools[0].rules.conditions[0]',
    nearMiss: toolsWith(when({ field: 'tier', operator: 'equals', value: 'pro' })),
  },
  {
    code: 'never_matches',
    severity: 'error',
    name: 'in an empty list',
    fires: toolsWith(when({ field: 'tier', operator: 'in', value: [] })),
    path: 'tools[0].rules.conditions[0]',
    nearMiss: toolsWith(when({ field: 'tier', operator: 'in', value: ['pro'] })),
  },
  {
    code: 'never_matches',
    severity: 'error',
    name: 'an AND demanding two different equals of one field',
    fires: toolsWith(
      when(
        { field: 'user.role', operator: 'equals', value: 'a' },
        { field: 'user.role', operator: 'equals', value: 'b' },
      ),
    ),
    path: 'tools[0].rules',
    nearMiss: toolsWith(
      whenAny(
        { field: 'user.role', operator: 'equals', value: 'a' },
        { field: 'user.role', operator: 'equals', value: 'b' },
      ),
    ),
  },
  {
    code: 'never_matches',
    severity: 'error',
    name: 'an AND holding a condition and its negation',
    fires: toolsWith(
      when(
        { field: 'user.role', operator: 'in', value: ['a'] },
        { field: 'user.role', operator: 'not_in', value: ['a'] },
      ),
    ),
    path: 'tools[0].rules',
    nearMiss: toolsWith(
      when(
        { field: 'user.role', operator: 'in', value: ['a'] },
        { field: 'user.role', operator: 'not_in', value: ['b'] },
      ),
    ),
  },
  {
    code: 'never_matches',
    severity: 'error',
    name: 'two different equals of one field, one of them in a nested AND',
    fires: toolsWith(
      when(
        { field: 'user.role', operator: 'equals', value: 'a' },
        {
          operator: 'AND',
          conditions: [{ field: 'user.role', operator: 'equals', value: 'b' }],
        },
      ),
    ),
    path: 'tools[0].rules',
    nearMiss: toolsWith(
      when(
        { field: 'user.role', operator: 'equals', value: 'a' },
        {
          operator: 'OR',
          conditions: [{ field: 'user.role', operator: 'equals', value: 'b' }],
        },
      ),
    ),
  },
  {
    code: 'never_matches',
    severity: 'error',
    name: 'exists and not_exists of one field in an AND',
    fires: toolsWith(when({ field: 'age', operator: 'exists' }, { field: 'age', operator: 'not_exists' })),
    path: 'tools[0].rules',
    nearMiss: toolsWith(when({ field: 'age', operator: 'exists' }, { field: 'beta', operator: 'not_exists' })),
  },
  {
    code: 'always_matches',
    severity: 'warning',
    name: 'an OR with a condition and its negation',
    fires: toolsWith(
      whenAny(
        { field: 'beta', operator: 'equals', value: true },
        { field: 'beta', operator: 'not_equals', value: true },
      ),
    ),
    path: 'tools[0].rules',
    nearMiss: toolsWith(
      whenAny(
        { field: 'beta', operator: 'equals', value: true },
        { field: 'beta', operator: 'not_equals', value: false },
      ),
    ),
  },
  {
    code: 'shadowed_variant',
    severity: 'warning',
    name: 'a variant whose every entry a later unconditional variant replaces',
    fires: {
      tools: [
        { value: { search: {} }, rules: when({ field: 'tier', operator: 'exists' }) },
        { value: { search: {}, other: {} } },
      ],
    },
    path: 'tools[0]',
    nearMiss: {
      tools: [
        { value: { search: {}, extra: {} }, rules: when({ field: 'tier', operator: 'exists' }) },
        { value: { search: {} } },
      ],
    },
  },
  {
    code: 'duplicate_variant',
    severity: 'warning',
    name: 'two variants with equal rules',
    fires: {
      mcpClients: [
        { value: { docs: {} }, rules: when({ field: 'tier', operator: 'equals', value: 'pro' }) },
        { value: { wiki: {} }, rules: when({ field: 'tier', operator: 'equals', value: 'pro' }) },
      ],
    },
    path: 'mcpClients[1].rules',
    nearMiss: {
      mcpClients: [
        { value: { docs: {} }, rules: when({ field: 'tier', operator: 'equals', value: 'pro' }) },
        { value: { wiki: {} }, rules: when({ field: 'tier', operator: 'equals', value: 'free' }) },
      ],
    },
  },
  {
    code: 'ignored_tool_rules',
    severity: 'warning',
    name: 'rules stored on a tool entry',
    fires: { tools: { search: { rules: when({ field: 'tier', operator: 'exists' }) } } },
    path: 'tools.search.rules',
    nearMiss: { tools: [{ value: { search: {} }, rules: when({ field: 'tier', operator: 'exists' }) }] },
  },
  {
    code: 'rule_budget',
    severity: 'warning',
    name: 'a raw JSON Logic rule nesting array operations as deep as allowed',
    fires: {
      integrationTools: [
        {
          value: { crm: {} },
          rules: { jsonLogic: { some: [{ var: 'a' }, { some: [{ var: 'b' }, { '===': [{ var: '' }, 1] }] }] } },
        },
      ],
    },
    path: 'integrationTools[0].rules',
    nearMiss: {
      integrationTools: [
        { value: { crm: {} }, rules: { jsonLogic: { some: [{ var: 'a' }, { '===': [{ var: '' }, 1] }] } } },
      ],
    },
  },
];

describe('the rule linter', () => {
  describe.each(cases)('$code: $name', ({ code, severity, fires, path, nearMiss }) => {
    it('reports it at its path', () => {
      expect(lintVersion({ snapshot: fires })).toContainEqual(
        expect.objectContaining({ code, severity, path, message: expect.any(String) }),
      );
    });
    it('stays silent on the near miss', () => {
      expect(lintVersion({ snapshot: nearMiss }).filter((found) => found.code === code)).toEqual([]);
    });
  });

  it('reports a contradiction spread over nested "all" groups once, at the outer group', () => {
    const inner = when(
      { field: 'user.role', operator: 'equals', value: 'a' },
      { field: 'user.role', operator: 'equals', value: 'b' },
    );
    const found = lintVersion({ snapshot: toolsWith(when(inner)) }).filter((item) => item.code === 'never_matches');
    expect(found).toEqual([expect.objectContaining({ path: 'tools[0].rules' })]);
  });

  it('lints prompt blocks and tool providers too', () => {
    const never = when({ field: 'tier', operator: 'in', value: [] });
    const found = lintVersion({
      snapshot: {
        instructions: [
          { type: 'text', content: 'Hi' },
          { type: 'prompt_block', content: 'Pro', rules: never },
        ],
        toolProviders: [{ value: { composio: { tools: {} } }, rules: never }],
      },
    });
    expect(found.map((item) => item.path)).toEqual([
      'instructions[1].rules.conditions[0]',
      'toolProviders[0].rules.conditions[0]',
    ]);
  });

  it("lints approval policies' context fields against the schema and leaves their args unchecked", () => {
    const found = lintVersion({
      snapshot: {
        requestContextSchema: closedSchema,
        toolPolicies: {
          refund: {
            requireApproval: when(
              { field: 'context.tier', operator: 'equals', value: 'gold' },
              { field: 'args.amount', operator: 'greater_than', value: 100 },
            ),
          },
          lookup: { requireApproval: true },
        },
      },
    });
    expect(found).toEqual([
      expect.objectContaining({ code: 'never_matches', path: 'toolPolicies.refund.requireApproval.conditions[0]' }),
    ]);
  });

  it('finds per-tool rules inside variants and quotes ids that are not plain names', () => {
    const found = lintVersion({
      snapshot: { tools: [{ value: { 'web.search': { rules: when() } } }] },
    });
    expect(found).toEqual([
      expect.objectContaining({ code: 'ignored_tool_rules', path: 'tools[0].value["web.search"].rules' }),
    ]);
  });

  it("checks against a schema passed in place of the snapshot's own", () => {
    const snapshot = toolsWith(when({ field: 'plan', operator: 'exists' }));
    expect(lintVersion({ snapshot, requestContextSchema: openSchema })).toEqual([
      expect.objectContaining({ code: 'undeclared_field', severity: 'warning' }),
    ]);
  });

  it('says nothing about a rule row whose field is not picked yet', () => {
    const unfinished = when({ field: '', operator: 'equals', value: '' });
    expect(lintVersion({ snapshot: toolsWith(unfinished) })).toEqual([]);
    expect(lintVersion({ snapshot: { ...toolsWith(unfinished), requestContextSchema: openSchema } })).toEqual([]);
  });

  it('reports nothing about fields when the agent has no schema', () => {
    const snapshot = {
      tools: [{ value: { search: {} }, rules: when({ field: 'anything', operator: 'greater_than', value: 1 }) }],
    };
    expect(lintVersion({ snapshot })).toEqual([]);
  });
  it('checks a long list against a long enum in time proportional to their sum', { timeout: 10_000 }, () => {
    const values = Array.from({ length: 50_000 }, (_, index) => `value-${index}`);
    const snapshot = {
      tools: [
        { value: { search: {} }, rules: when({ field: 'tier', operator: 'in', value: values.map((v) => `${v}!`) }) },
      ],
      requestContextSchema: { type: 'object', properties: { tier: { type: 'string', enum: values } } },
    };
    const started = performance.now();
    const found = lintVersion({ snapshot });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(found).toEqual([expect.objectContaining({ code: 'never_matches' })]);
    expect(found[0]!.message.length).toBeLessThan(300);
  });
});
