import { describe, expect, it } from 'vitest';
import {
  allowedOfText,
  contextGaps,
  exampleContext,
  checkFieldRows,
  fieldRowsOf,
  fieldsReadBy,
  type FieldRow,
} from '@/lib/rules';

const rows: FieldRow[] = [
  { name: 'plan', type: 'oneOf', allowed: ['free', 'pro'], required: true },
  { name: 'seats', type: 'number', allowed: [], required: false },
  { name: 'beta', type: 'boolean', allowed: [], required: false, description: 'Early features' },
  { name: 'country', type: 'text', allowed: [], required: true },
];

const schema = {
  type: 'object',
  properties: {
    plan: { type: 'string', enum: ['free', 'pro'] },
    seats: { type: 'number' },
    beta: { type: 'boolean', description: 'Early features' },
    country: { type: 'string' },
  },
  required: ['plan', 'country'],
};

describe('request-context fields declared with controls', () => {
  it('stores text, number, true/false and one-of fields as a JSON Schema object, required ones listed', () => {
    expect(checkFieldRows(rows)).toEqual({ ok: true, value: schema });
    expect(checkFieldRows([])).toEqual({ ok: true, value: undefined });
  });

  it('reads the schema back as the same fields', () => {
    expect(fieldRowsOf(schema)).toEqual({ ok: true, value: rows });
    expect(fieldRowsOf(undefined)).toEqual({ ok: true, value: [] });
    expect(fieldRowsOf({ type: 'object', properties: {} })).toEqual({ ok: true, value: [] });
  });

  it('refuses, with the reason, a schema the controls cannot express, so it is kept whole', () => {
    const cases: Array<[unknown, string]> = [
      [{ type: 'object', properties: { user: { type: 'object', properties: {} } } }, 'uses "properties"'],
      [{ type: 'object', properties: { seats: { type: 'integer' } } }, 'the type "integer"'],
      [{ type: 'object', properties: { code: { type: 'string', pattern: '^a' } } }, 'uses "pattern"'],
      [{ type: 'object', additionalProperties: false, properties: {} }, 'uses "additionalProperties"'],
      [{ type: 'object', properties: { level: { type: 'number', enum: [1, 2] } } }, 'not all text'],
      [{ type: 'object', properties: {}, required: ['ghost'] }, 'does not describe'],
      [{ type: 'array' }, 'does not describe an object'],
    ];
    for (const [input, reason] of cases) {
      expect(fieldRowsOf(input)).toEqual({
        ok: false,
        issues: [{ path: 'root', message: expect.stringContaining(reason) }],
      });
    }
  });

  it('names what stops rows from being saved', () => {
    const checked = checkFieldRows([
      { name: '', type: 'text', allowed: [], required: false },
      { name: 'plan', type: 'oneOf', allowed: [' ', ''], required: false },
      { name: 'plan', type: 'text', allowed: [], required: false },
      { name: 'user.role', type: 'text', allowed: [], required: false },
      { name: '', type: 'oneOf', allowed: [], required: false },
    ]);
    expect(checked).toEqual({
      ok: false,
      issues: [
        { path: '0.name', message: 'Give the field a name' },
        { path: '1.allowed', message: 'List the values "plan" allows, separated by commas' },
        { path: '2.name', message: 'Another field is already named "plan"' },
        {
          path: '3.name',
          message:
            '"user.role" cannot be a field name: use letters, digits, "_" and "-", starting with a letter or "_"',
        },
        { path: '4.name', message: 'Give the field a name' },
        { path: '4.allowed', message: 'List the values "this field" allows, separated by commas' },
      ],
    });
  });

  it('reads allowed values typed with commas, dropping blanks and repeats when stored', () => {
    expect(allowedOfText('free, pro ,,pro')).toEqual(['free', 'pro', '', 'pro']);
    const stored = checkFieldRows([
      { name: 'plan', type: 'oneOf', allowed: allowedOfText('free, pro ,,pro'), required: false },
    ]);
    expect(stored).toEqual({
      ok: true,
      value: { type: 'object', properties: { plan: { type: 'string', enum: ['free', 'pro'] } } },
    });
  });
});

describe('what a request context lacks of the fields the rules read', () => {
  const snapshot = {
    tools: [
      { value: {} },
      { value: {}, rules: { operator: 'AND', conditions: [{ field: 'plan', operator: 'equals', value: 'pro' }] } },
    ],
    instructions: [
      { type: 'text', text: 'Hi' },
      { type: 'prompt_block', text: 'EU', rules: { jsonLogic: { '==': [{ var: ['user.region', 'x'] }, 'eu'] } } },
    ],
    toolPolicies: {
      send: {
        requireApproval: {
          operator: 'OR',
          conditions: [
            { field: 'context.seats', operator: 'greater_than', value: 5 },
            { field: 'args.to', operator: 'exists' },
          ],
        },
      },
    },
  };

  it('lists the fields read by variants, prompt blocks and approval policies (context.* only)', () => {
    expect(fieldsReadBy(snapshot)).toEqual(['plan', 'seats', 'user.region']);
    expect(fieldsReadBy({ tools: { search: {} } })).toEqual([]);
  });

  it('says which read fields a context does not give, and which given ones nothing names', () => {
    const read = ['plan'];
    const declared = [{ path: 'plan', type: 'string' as const }];
    expect(contextGaps({ read, context: { tier: 'pro' }, declared })).toEqual([
      'The rules read plan, which this request context does not give.',
      'It gives tier, which is neither a declared field nor read by the rules.',
    ]);
    expect(contextGaps({ read, context: { plan: 'pro' }, declared })).toEqual([]);
    expect(contextGaps({ read: ['plan', 'user.region', 'seats'], context: { user: {} }, declared: [] })).toEqual([
      'The rules read plan, user.region and seats, which this request context does not give.',
    ]);
  });

  it('says which declared fields it gives a value they do not take', () => {
    const declared = [
      { path: 'plan', type: 'string' as const, enum: ['free', 'pro'] },
      { path: 'seats', type: 'integer' as const },
      { path: 'user.beta', type: 'boolean' as const },
    ];
    expect(contextGaps({ read: [], context: { plan: 'gold', seats: 2.5, user: { beta: 'yes' } }, declared })).toEqual([
      'It gives plan "gold", which is not one of "free", "pro".',
      'It gives seats 2.5, which is not a whole number.',
      'It gives user.beta "yes", which is not a boolean.',
    ]);
    expect(contextGaps({ read: ['plan'], context: { plan: 'pro', seats: 3, user: { beta: true } }, declared })).toEqual(
      [],
    );
  });

  it('builds the hint example from the declared fields, else from the fields the rules read', () => {
    const declared = [
      { path: 'plan', type: 'string' as const, enum: ['free', 'pro'] },
      { path: 'seats', type: 'number' as const },
    ];
    expect(exampleContext({ declared, read: [] })).toBe('{"plan":"free","seats":10}');
    expect(exampleContext({ declared: [], read: ['plan'] })).toBe('{"plan":"some text"}');
  });
});
