import { describe, expect, it } from 'vitest';
import { contextFieldsOf, operatorLabel, operatorsForType, valueKindFor } from '@/lib/rules';

const schema = {
  type: 'object',
  properties: {
    tier: { type: 'string', enum: ['free', 'pro'], description: 'The plan' },
    seats: { type: 'integer' },
    beta: { type: ['boolean', 'null'] },
    regions: { type: 'array', items: { type: 'string' } },
    user: { type: 'object', properties: { role: { type: 'string' }, 'odd.key': { type: 'string' } } },
  },
};

describe('fields and operators the rule builder offers', () => {
  it('lists every property path of the request-context schema, parents first, skipping keys with dots', () => {
    expect(contextFieldsOf(schema)).toEqual([
      { path: 'tier', type: 'string', enum: ['free', 'pro'], description: 'The plan' },
      { path: 'seats', type: 'integer' },
      { path: 'beta', type: 'boolean' },
      { path: 'regions', type: 'array', itemType: 'string' },
      { path: 'user', type: 'object' },
      { path: 'user.role', type: 'string' },
    ]);
    expect(contextFieldsOf(undefined)).toEqual([]);
    expect(contextFieldsOf({ type: 'string' })).toEqual([]);
  });

  it('offers the operators that fit a type, and all of them when the type is unknown', () => {
    expect(operatorsForType('boolean')).toEqual(['equals', 'not_equals', 'exists', 'not_exists']);
    expect(operatorsForType('integer')).toContain('greater_than_or_equal');
    expect(operatorsForType('string')).not.toContain('greater_than');
    expect(operatorsForType(undefined)).toHaveLength(12);
  });

  it('names operators by their ids with spaces', () => {
    expect(operatorLabel('greater_than_or_equal')).toBe('greater than or equal');
    expect(operatorLabel('in')).toBe('in');
  });

  it('starts a value in the kind the field and operator call for', () => {
    const fields = contextFieldsOf(schema);
    const field = (path: string) => fields.find((candidate) => candidate.path === path);
    expect(valueKindFor(field('seats'), 'greater_than')).toEqual({ kind: 'number' });
    expect(valueKindFor(field('tier'), 'in')).toEqual({ kind: 'list', itemKind: 'text' });
    expect(valueKindFor(field('seats'), 'not_in')).toEqual({ kind: 'list', itemKind: 'number' });
    expect(valueKindFor(field('regions'), 'contains')).toEqual({ kind: 'text' });
    expect(valueKindFor(field('beta'), 'equals')).toEqual({ kind: 'boolean' });
    expect(valueKindFor(undefined, 'equals')).toEqual({ kind: 'text' });
  });
});
