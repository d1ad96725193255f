import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issuesFromZod } from '@/lib/errors';
import { jsonLogicLimits, rulesSchema } from '@/lib/rules';
import { nestedSomeRule } from '../../support/bounded-rules';

function issuesOf(value: unknown) {
  const result = rulesSchema.safeParse(value);
  return result.success ? [] : issuesFromZod(result.error);
}

const nest = (levels: number): unknown =>
  levels === 1 ? { operator: 'AND', conditions: [] } : { operator: 'AND', conditions: [nest(levels - 1)] };

describe('rule validation at save time', () => {
  it.each<[string, unknown, Array<{ path: string; message: RegExp }>]>([
    [
      'a valid group',
      { operator: 'AND', conditions: [{ field: 'user.role', operator: 'equals', value: 'admin' }] },
      [],
    ],
    ['three levels', nest(3), []],
    ['four levels', nest(4), [{ path: 'conditions.0.conditions.0.conditions.0', message: /at most 3 levels/ }]],
    [
      'an unknown operator',
      { operator: 'AND', conditions: [{ field: 'a', operator: 'matches', value: 'x' }] },
      [{ path: 'conditions.0.operator', message: /Unknown operator/ }],
    ],
    ['an unknown group operator', { operator: 'XOR', conditions: [] }, [{ path: 'operator', message: /AND|OR/ }]],
    [
      'a non-array value for in',
      {
        operator: 'OR',
        conditions: [
          { field: 'a', operator: 'in', value: 'x' },
          { field: 'b', operator: 'not_in', value: 3 },
        ],
      },
      [
        { path: 'conditions.0.value', message: /array/ },
        { path: 'conditions.1.value', message: /array/ },
      ],
    ],
    [
      'list values of more than 100 items, written out or nested',
      {
        operator: 'OR',
        conditions: [
          { field: 'a', operator: 'in', value: Array.from({ length: 100 }, (_, index) => index) },
          { field: 'b', operator: 'in', value: Array.from({ length: 100_000 }, (_, index) => index) },
          { field: 'c', operator: 'equals', value: { list: Array.from({ length: 101 }, () => 'x') } },
        ],
      },
      [
        { path: 'conditions.1.value', message: /at most 100 items/ },
        { path: 'conditions.2.value', message: /at most 100 items/ },
      ],
    ],
    [
      'a missing value',
      { operator: 'AND', conditions: [{ field: 'a', operator: 'equals' }] },
      [{ path: 'conditions.0.value', message: /needs a value/ }],
    ],
    ['exists without a value', { operator: 'AND', conditions: [{ field: 'a', operator: 'exists' }] }, []],
    [
      'an empty field segment',
      { operator: 'AND', conditions: [{ field: 'a..b', operator: 'exists' }] },
      [{ path: 'conditions.0.field', message: /dot path/ }],
    ],
    ['an unknown key', { operator: 'AND', conditions: [], extra: true }, [{ path: 'extra', message: /Unknown field/ }]],
    ['a raw expression', { jsonLogic: { '===': [{ var: 'a' }, 1] } }, []],
    [
      'a disallowed operation',
      { jsonLogic: { and: [{ '==': [1, 1] }] } },
      [{ path: 'jsonLogic.and.0.==', message: /not allowed/ }],
    ],
    ['log is not allowed', { jsonLogic: { log: 'x' } }, [{ path: 'jsonLogic.log', message: /not allowed/ }]],
    [
      'a literal object',
      { jsonLogic: { '===': [{ a: 1, b: 2 }, 1] } },
      [{ path: 'jsonLogic.===.0', message: /exactly one operation/ }],
    ],
    [
      'missing_some with a computed key list',
      { jsonLogic: { missing_some: [1, { var: 'x' }] } },
      [{ path: 'jsonLogic.missing_some', message: /missing_some/ }],
    ],
  ])('%s', (_name, value, expected) => {
    const issues = issuesOf(value);
    expect(issues).toHaveLength(expected.length);
    expected.forEach((expectation, index) => {
      expect(issues[index]!.path).toBe(expectation.path);
      expect(issues[index]!.message).toMatch(expectation.message);
    });
  });

  it('reports every problem of a group, not only the first', () => {
    const issues = issuesOf({
      operator: 'AND',
      conditions: [
        { field: '', operator: 'equals', value: 1 },
        { operator: 'OR', conditions: [{ field: 'x', operator: 'bogus' }] },
        { field: 'y', operator: 'in', value: {} },
      ],
    });
    expect(issues.map((issue) => issue.path)).toEqual([
      'conditions.0.field',
      'conditions.1.conditions.0.operator',
      'conditions.2.value',
    ]);
  });

  it('limits raw expressions to 10 levels', () => {
    let expression: unknown = { var: 'x' };
    for (let level = 1; level < jsonLogicLimits.maxLevels; level += 1) expression = { '!': [expression] };
    expect(issuesOf({ jsonLogic: expression })).toEqual([]);
    expect(issuesOf({ jsonLogic: { '!': [expression] } })[0]!.message).toMatch(/11 levels deep; the limit is 10/);
  });

  it('limits raw expressions to 200 nodes', () => {
    const items = (length: number) => Array.from({ length }, (_, index) => index);
    const within = { merge: [items(99), items(97)] };
    expect(issuesOf({ jsonLogic: within })).toEqual([]);
    const over = { merge: [items(99), items(98)] };
    expect(issuesOf({ jsonLogic: over })[0]!.message).toMatch(/201 nodes; the limit is 200/);
  });

  it('limits raw expressions to 8 KiB', () => {
    const issues = issuesOf({ jsonLogic: { cat: ['x'.repeat(jsonLogicLimits.maxBytes)] } });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ path: 'jsonLogic', message: expect.stringMatching(/bytes; the limit is 8192/) });
  });
});

describe('the work limits of raw expressions', () => {
  const items = (length: number) => Array.from({ length }, (_, index) => index);
  const literal = (value: unknown) => ({ studio_literal: [JSON.stringify(value)] });
  const test = { '===': [{ var: '' }, 1] };

  it('refuses the 1.5 KB nested-some rule at its third array operation', () => {
    expect(issuesOf(nestedSomeRule())).toEqual([
      {
        path: 'jsonLogic.some.1.some.1.some',
        message: expect.stringMatching(/nest at most 2 deep; this "some" is inside 2 others/),
      },
    ]);
  });

  it.each([
    ['some in some', { some: [{ var: 'a' }, { some: [{ var: 'b' }, test] }] }, []],
    ['all in none', { none: [{ var: 'a' }, { all: [items(100), test] }] }, []],
    [
      'merge in the list of some in some',
      { some: [{ var: 'a' }, { some: [{ merge: [[1]] }, test] }] },
      ['jsonLogic.some.1.some.0.merge'],
    ],
    ['none in all in some', { some: [[1], { all: [[2], { none: [[3], test] }] }] }, ['jsonLogic.some.1.all.1.none']],
  ])('array operations nest at most twice: %s', (_name, jsonLogic, paths) => {
    const issues = issuesOf({ jsonLogic });
    expect(issues.map((issue) => issue.path)).toEqual(paths);
    for (const issue of issues) expect(issue.message).toMatch(/nest at most 2 deep/);
  });

  it.each<[string, (length: number) => unknown, string]>([
    ['a written list', (length) => ({ in: [{ var: 'a' }, items(length)] }), 'jsonLogic.in.1'],
    ['an argument list', (length) => ({ or: items(length).map(() => true) }), 'jsonLogic.or'],
    ['a literal list', (length) => ({ some: [literal(items(length)), test] }), 'jsonLogic.some.0.studio_literal'],
    [
      'a list inside a literal',
      (length) => ({ in: [1, literal({ a: [items(length)] })] }),
      'jsonLogic.in.1.studio_literal',
    ],
  ])('literal arrays hold at most 100 items: %s', (_name, expression, path) => {
    expect(issuesOf({ jsonLogic: expression(100) })).toEqual([]);
    expect(issuesOf({ jsonLogic: expression(101) })).toEqual([
      { path, message: expect.stringMatching(/at most 100 items \(this one has 101\)/) },
    ]);
  });
});

describe('validation never throws (property)', () => {
  it('answers issues, never an exception, for arbitrary JSON', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            operator: fc.constantFrom('AND', 'OR', 'X'),
            conditions: fc.array(fc.jsonValue(), { maxLength: 4 }),
          }),
          fc.record({ jsonLogic: fc.jsonValue() }),
        ),
        (value) => {
          const result = rulesSchema.safeParse(value);
          if (!result.success) expect(issuesFromZod(result.error).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
