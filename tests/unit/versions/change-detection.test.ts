import { describe, expect, it } from 'vitest';
import { applyChanges, fieldsChangedSince } from '@/lib/versions';

const fields = ['name', 'instructions', 'model', 'tools'] as const;
type Snapshot = { name?: string; instructions?: string; model?: string; tools?: Record<string, unknown> };
const latest: Snapshot = {
  name: 'A',
  instructions: 'Be brief',
  model: 'openai/gpt-4o',
  tools: { search: {}, clock: { description: 'x' } },
};

describe('applyChanges (storage spec rule 2)', () => {
  it.each<[string, Record<string, unknown>, string[], Snapshot]>([
    ['nothing provided', {}, [], latest],
    ['the same values', { name: 'A', tools: { clock: { description: 'x' }, search: {} } }, [], latest],
    [
      'one changed field among unchanged ones',
      { name: 'A', instructions: 'Be kind' },
      ['instructions'],
      { ...latest, instructions: 'Be kind' },
    ],
    [
      'null clears a field',
      { tools: null },
      ['tools'],
      { name: 'A', instructions: 'Be brief', model: 'openai/gpt-4o' },
    ],
    ['undefined means not provided', { tools: undefined }, [], latest],
    ['unknown keys are ignored', { metadata: { a: 1 } }, [], latest],
    [
      'changed fields follow the field order',
      { tools: {}, name: 'B' },
      ['name', 'tools'],
      { ...latest, name: 'B', tools: {} },
    ],
  ])('%s', (_name, provided, changedFields, snapshot) => {
    const result = applyChanges({ latest, provided, fields });
    expect(result.changedFields).toEqual(changedFields);
    expect(result.snapshot).toEqual(snapshot);
  });

  it('treats clearing an absent field as no change', () => {
    const result = applyChanges({ latest: { name: 'A' } as Snapshot, provided: { tools: null }, fields });
    expect(result.changedFields).toEqual([]);
  });

  it('never mutates the latest snapshot', () => {
    const copy = structuredClone(latest);
    applyChanges({ latest, provided: { name: 'Z', tools: null }, fields });
    expect(latest).toEqual(copy);
  });
});

describe('fieldsChangedSince', () => {
  it('is the union of the changed fields, in field order', () => {
    const versions = [
      { changedFields: ['tools'] },
      { changedFields: ['name', 'tools'] },
      { changedFields: ['legacy'] },
    ];
    expect(fieldsChangedSince({ versions, fields })).toEqual(['name', 'tools', 'legacy']);
  });
  it('is empty without later versions', () => {
    expect(fieldsChangedSince({ versions: [], fields })).toEqual([]);
  });
});
