/**
 * Approval policies' `args.*` fields checked against the input schema of the tool each policy is
 * for, where the caller knows it: the same codes, severities and paths as request-context fields,
 * with messages naming the tool; a tool whose schema is not known leaves its `args.*` unchecked.
 */
import { describe, expect, it } from 'vitest';
import { lintVersion, type LintableSnapshot } from '@/lib/rules';

const when = (...conditions: unknown[]) => ({ operator: 'AND', conditions });

/** As a zod object schema converts: no other properties allowed. */
const refundInput = {
  type: 'object',
  additionalProperties: false,
  properties: {
    amount: { type: 'number' },
    currency: { type: 'string', enum: ['EUR', 'USD'] },
    customer: { type: 'object', properties: { tier: { type: 'string' } } },
  },
  required: ['amount'],
};
const lookupInput = { type: 'object', properties: { orderId: { type: 'string' } } };
const inputSchemas: Record<string, unknown> = { refund: refundInput, lookup: lookupInput };
const inputSchemaOf = (name: string) => inputSchemas[name];

const policyFor = (tool: string, ...conditions: unknown[]): LintableSnapshot => ({
  toolPolicies: { [tool]: { requireApproval: when(...conditions) } },
});

describe("approval policies' args against the tool's input schema", () => {
  it('refuses an argument a closed input schema does not declare, naming the tool', () => {
    const found = lintVersion({
      snapshot: policyFor('refund', { field: 'args.amout', operator: 'greater_than', value: 100 }),
      inputSchemaOf,
    });
    expect(found).toEqual([
      {
        severity: 'error',
        code: 'unknown_field',
        path: 'toolPolicies.refund.requireApproval.conditions[0]',
        message:
          'The input schema of "refund" has no field "args.amout": the schema of the arguments allows no other properties',
      },
    ]);
  });

  it('warns of an argument an open input schema does not declare', () => {
    const found = lintVersion({
      snapshot: policyFor('lookup', { field: 'args.order', operator: 'exists' }),
      inputSchemaOf,
    });
    expect(found).toEqual([
      {
        severity: 'warning',
        code: 'undeclared_field',
        path: 'toolPolicies.lookup.requireApproval.conditions[0]',
        message: '"args.order" is not one of the fields the input schema of "lookup" declares; check its spelling',
      },
    ]);
  });

  it('refuses a comparison of the wrong type and a value outside an enum', () => {
    const found = lintVersion({
      snapshot: policyFor(
        'refund',
        { field: 'args.amount', operator: 'greater_than', value: '100' },
        { field: 'args.currency', operator: 'equals', value: 'GBP' },
        { field: 'args.customer.tier', operator: 'contains', value: 3 },
      ),
      inputSchemaOf,
    });
    expect(found.map(({ severity, code, path }) => [severity, code, path])).toEqual([
      ['error', 'type_mismatch', 'toolPolicies.refund.requireApproval.conditions[0]'],
      ['error', 'never_matches', 'toolPolicies.refund.requireApproval.conditions[1]'],
      ['error', 'type_mismatch', 'toolPolicies.refund.requireApproval.conditions[2]'],
    ]);
  });

  it('passes arguments that fit, nested ones included', () => {
    const found = lintVersion({
      snapshot: policyFor(
        'refund',
        { field: 'args.amount', operator: 'greater_than', value: 100 },
        { field: 'args.currency', operator: 'in', value: ['EUR'] },
        { field: 'args.customer.tier', operator: 'equals', value: 'gold' },
      ),
      inputSchemaOf,
    });
    expect(found).toEqual([]);
  });

  it('leaves args unchecked for a tool whose schema is not known, and without a lookup', () => {
    const unknownTool = policyFor('transfer', { field: 'args.anything', operator: 'greater_than', value: 'x' });
    expect(lintVersion({ snapshot: unknownTool, inputSchemaOf })).toEqual([]);
    const known = policyFor('refund', { field: 'args.amout', operator: 'exists' });
    expect(lintVersion({ snapshot: known })).toEqual([]);
  });
});
