/** agents.md section 3a: a version's approval policies over its resolved tools, and how a call is judged. */
import { describe, expect, it } from 'vitest';
import { approvalSummary, policyAsksApproval, type ApprovalRequirement } from '@/lib/resolver';
import type { RuleGroup } from '@/lib/rules';
import { codeAgent, resolve, tool } from './fixtures';

const group = (operator: 'AND' | 'OR', ...conditions: RuleGroup['conditions']): RuleGroup => ({ operator, conditions });
const overHundred = group('AND', { field: 'args.amount', operator: 'greater_than', value: 100 });
const internOrBig = group(
  'OR',
  { field: 'context.user.role', operator: 'equals', value: 'intern' },
  group('AND', { field: 'args.amount', operator: 'greater_than_or_equal', value: 1000 }),
);

describe('policyAsksApproval', () => {
  it.each<[string, ApprovalRequirement | undefined, unknown, Record<string, unknown>, boolean]>([
    ['no policy never asks', undefined, { amount: 5000 }, {}, false],
    ['true always asks', true, {}, {}, true],
    ['a rule on the arguments that matches asks', overHundred, { amount: 101 }, {}, true],
    ['a rule on the arguments that does not match runs', overHundred, { amount: 100 }, {}, false],
    ['a number compared with text does not match', overHundred, { amount: '500' }, {}, false],
    ['a missing argument does not match', overHundred, {}, {}, false],
    ['the request context is read under context.', internOrBig, { amount: 1 }, { user: { role: 'intern' } }, true],
    ['a nested group on the arguments', internOrBig, { amount: 1000 }, { user: { role: 'staff' } }, true],
    ['neither branch of the OR', internOrBig, { amount: 999 }, { user: { role: 'staff' } }, false],
    ['an empty group always matches', group('AND'), {}, {}, true],
    ['arguments that are not an object read as missing', overHundred, 'text', {}, false],
  ])('%s', (_name, requirement, args, context, expected) => {
    expect(policyAsksApproval({ requirement, args, context })).toBe(expected);
  });

  it('reads args and context only under their own roots (a context key named like an argument is not an argument)', () => {
    const rule = group('AND', { field: 'args.role', operator: 'equals', value: 'intern' });
    expect(policyAsksApproval({ requirement: rule, args: {}, context: { role: 'intern' } })).toBe(false);
    expect(policyAsksApproval({ requirement: rule, args: { role: 'intern' }, context: {} })).toBe(true);
  });
});

describe('approvalSummary', () => {
  it.each<[ApprovalRequirement, string]>([
    [true, 'needs approval'],
    [overHundred, 'needs approval when args.amount > 100'],
    [internOrBig, 'needs approval when context.user.role equals "intern" or (args.amount >= 1000)'],
    [group('AND', { field: 'args.to', operator: 'not_exists' }), 'needs approval when args.to does not exist'],
    [group('AND'), 'needs approval'],
  ])('%j reads "%s"', (requirement, expected) => {
    expect(approvalSummary(requirement)).toBe(expected);
  });
});

describe('policies in the resolution', () => {
  const snapshot = {
    tools: { weather: {}, search: {} },
    toolPolicies: { weather: { requireApproval: overHundred }, search: { requireApproval: true } },
  };

  it('puts each policy on its resolved tool and in the explanation with its summary', () => {
    const merged = resolve({ snapshot });
    expect(merged.tools.weather!.approval).toEqual(overHundred);
    expect(merged.tools.search!.approval).toBe(true);
    expect(merged.explanation.tools.weather!.approval).toEqual({
      requireApproval: overHundred,
      summary: 'needs approval when args.amount > 100',
    });
    expect(merged.explanation.tools.search!.approval).toEqual({ requireApproval: true, summary: 'needs approval' });
    expect(merged.warnings).toEqual([]);
  });

  it('leaves tools without a policy as they are', () => {
    const merged = resolve({
      snapshot: { tools: { weather: {}, search: {} }, toolPolicies: { search: { requireApproval: true } } },
    });
    expect(merged.tools.weather).not.toHaveProperty('approval');
    expect(merged.explanation.tools.weather).not.toHaveProperty('approval');
  });

  it('warns about a policy naming no offered tool, and keeps it', () => {
    const merged = resolve({ snapshot: { tools: { weather: {} }, toolPolicies: { gone: { requireApproval: true } } } });
    expect(merged.warnings).toEqual([
      {
        code: 'tool_policy_unused',
        message:
          'The approval policy for "gone" names no tool offered for this request; it applies whenever such a tool is offered',
        source: 'rules',
        ref: 'toolPolicies.gone',
      },
    ]);
  });

  it('is not fooled by a policy named like an object property', () => {
    const toolPolicies = JSON.parse('{ "__proto__": { "requireApproval": true } }') as Record<string, unknown>;
    const merged = resolve({ snapshot: { tools: { weather: {} }, toolPolicies } });
    expect(Object.getPrototypeOf(merged.tools)).toBe(Object.prototype);
    expect(merged.warnings.map((warning) => warning.code)).toEqual(['tool_policy_unused']);
  });

  it("applies to a code agent's own tools when its version is read", () => {
    const agent = codeAgent({ tools: { lookup: tool('lookup') } });
    const merged = resolve({ snapshot: { toolPolicies: { lookup: { requireApproval: true } } }, agent });
    expect(merged.explanation.tools.lookup!.approval?.summary).toBe('needs approval');
  });
});
