/** The snapshot's `toolPolicies`: what is accepted, and every refusal at its own path. */
import { describe, expect, it } from 'vitest';
import { agentSnapshotJsonSchema, checkAgentSnapshot, snapshotFields } from '@/lib/snapshots';

const amountOver = (value: unknown) => ({
  operator: 'AND',
  conditions: [{ field: 'args.amount', operator: 'greater_than', value }],
});

const issuesOf = (toolPolicies: unknown) => {
  const result = checkAgentSnapshot({ toolPolicies });
  return result.ok ? [] : result.issues;
};

describe('toolPolicies', () => {
  it.each([
    ['always', { transfer: { requireApproval: true } }],
    ['a rule on the arguments', { transfer: { requireApproval: amountOver(100) } }],
    [
      'a nested rule on the request context',
      {
        'local_get-sum': {
          requireApproval: {
            operator: 'OR',
            conditions: [{ operator: 'AND', conditions: [{ field: 'context.user.role', operator: 'exists' }] }],
          },
        },
      },
    ],
    ['no policies', {}],
  ])('accepts %s', (_name, toolPolicies) => {
    expect(checkAgentSnapshot({ toolPolicies })).toEqual({ ok: true, value: { toolPolicies } });
  });

  it.each([
    [
      'a field outside args. and context.',
      { transfer: { requireApproval: { operator: 'AND', conditions: [{ field: 'amount', operator: 'exists' }] } } },
      'toolPolicies.transfer.requireApproval.conditions.0.field',
      'A policy rule reads "args.<path>" (the call\'s arguments) or "context.<path>" (the request context)',
    ],
    [
      'a bare root',
      { transfer: { requireApproval: { operator: 'AND', conditions: [{ field: 'args', operator: 'exists' }] } } },
      'toolPolicies.transfer.requireApproval.conditions.0.field',
      'A policy rule reads "args.<path>" (the call\'s arguments) or "context.<path>" (the request context)',
    ],
    [
      'false (leave the tool out instead)',
      { transfer: { requireApproval: false } },
      'toolPolicies.transfer.requireApproval',
      'requireApproval is true or a rule group { operator: "AND" | "OR", conditions }',
    ],
    [
      'raw JSON Logic',
      { transfer: { requireApproval: { jsonLogic: { '>': [{ var: 'args.amount' }, 1] } } } },
      'toolPolicies.transfer.requireApproval',
      'A tool policy takes a rule group, not raw JSON Logic',
    ],
    [
      'an unknown operator',
      {
        transfer: {
          requireApproval: { operator: 'AND', conditions: [{ field: 'args.a', operator: 'matches', value: 1 }] },
        },
      },
      'toolPolicies.transfer.requireApproval.conditions.0.operator',
      expect.stringContaining('Unknown operator'),
    ],
    [
      'an "in" without a list',
      {
        transfer: {
          requireApproval: { operator: 'AND', conditions: [{ field: 'args.to', operator: 'in', value: 'x' }] },
        },
      },
      'toolPolicies.transfer.requireApproval.conditions.0.value',
      '"in" needs an array value',
    ],
    [
      'a name the model could never see',
      { 'send money': { requireApproval: true } },
      'toolPolicies.send money',
      expect.stringContaining('keyed by the tool name the model sees'),
    ],
    [
      'an unknown key',
      { transfer: { requireApproval: true, when: 'always' } },
      'toolPolicies.transfer.when',
      'Unknown field',
    ],
    [
      'a missing requireApproval',
      { transfer: {} },
      'toolPolicies.transfer.requireApproval',
      'requireApproval is true or a rule group { operator: "AND" | "OR", conditions }',
    ],
  ])('refuses %s', (_name, toolPolicies, path, message) => {
    expect(issuesOf(toolPolicies)).toContainEqual({ path, message });
  });

  it('is a snapshot field: diffs, change detection and exports follow snapshotFields', () => {
    expect(snapshotFields).toContain('toolPolicies');
  });

  it('is in the published JSON Schema, as true or a rule group', () => {
    const text = JSON.stringify(agentSnapshotJsonSchema());
    expect(text).toContain('"toolPolicies"');
    expect(text).toContain('{"anyOf":[{"type":"boolean","const":true},{"$ref":"#/$defs/RuleGroup"}]');
  });
});
