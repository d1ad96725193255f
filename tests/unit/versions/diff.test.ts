import { describe, expect, it } from 'vitest';
import { diffResolvedTools, diffSnapshots } from '@/lib/versions';

const fields = ['name', 'instructions', 'tools'];

describe('diffSnapshots (storage spec rule 11)', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, unknown[]]>([
    ['equal snapshots', { name: 'A', tools: { a: {} } }, { tools: { a: {} }, name: 'A' }, []],
    ['a changed field', { name: 'A' }, { name: 'B' }, [{ field: 'name', previous: 'A', current: 'B' }]],
    ['an added field', { name: 'A' }, { name: 'A', tools: {} }, [{ field: 'tools', previous: null, current: {} }]],
    [
      'a removed field',
      { name: 'A', instructions: 'x' },
      { name: 'A' },
      [{ field: 'instructions', previous: 'x', current: null }],
    ],
    [
      'fields in order, unknown ones last',
      { zeta: 1, tools: { a: {} }, name: 'A' },
      { zeta: 2, tools: { b: {} }, name: 'B' },
      [
        { field: 'name', previous: 'A', current: 'B' },
        { field: 'tools', previous: { a: {} }, current: { b: {} } },
        { field: 'zeta', previous: 1, current: 2 },
      ],
    ],
  ])('%s', (_name, previous, current, expected) => {
    expect(diffSnapshots({ previous, current, fields })).toEqual(expected);
  });
});

describe('diffResolvedTools', () => {
  it('lists added, removed and changed tools with what changed', () => {
    const previous = {
      keep: { description: 'same', inputSchema: { type: 'object' }, source: 'registry' },
      reword: { description: 'old', inputSchema: { type: 'object' }, source: 'registry' },
      moved: { description: 'd', inputSchema: { type: 'object' }, source: 'registry' },
      gone: { description: 'g', source: 'mcp' },
    };
    const current = {
      keep: { description: 'same', inputSchema: { type: 'object' }, source: 'registry' },
      reword: { description: 'new', inputSchema: { type: 'object', properties: { a: {} } }, source: 'registry' },
      moved: { description: 'd', inputSchema: { type: 'object' }, source: 'mcp', outputSchema: { type: 'string' } },
      fresh: { description: 'f', source: 'provider' },
    };
    expect(diffResolvedTools({ previous, current })).toEqual({
      added: ['fresh'],
      removed: ['gone'],
      changed: [
        { name: 'moved', changes: ['outputSchema', 'source'] },
        { name: 'reword', changes: ['description', 'inputSchema'] },
      ],
    });
  });

  it('names a changed approval policy, added or removed', () => {
    const base = { description: 'd', source: 'mcp' };
    const rule = { operator: 'AND', conditions: [{ field: 'args.amount', operator: 'greater_than', value: 100 }] };
    const previous = { asks: { ...base, approval: true }, guarded: base, tightened: { ...base, approval: rule } };
    const current = { asks: base, guarded: { ...base, approval: rule }, tightened: { ...base, approval: true } };
    expect(diffResolvedTools({ previous, current }).changed).toEqual([
      { name: 'asks', changes: ['approval'] },
      { name: 'guarded', changes: ['approval'] },
      { name: 'tightened', changes: ['approval'] },
    ]);
  });
});
