/** The pure parts of the two example migrations, over every shape the fields can take. */
import { describe, expect, it } from 'vitest';
import { replaceClientReference } from '@/examples/migrations/replace-mcp-client';
import { renameToolInSnapshot, renameToolInTools } from '@/examples/migrations/rename-tool';
import type { DraftSnapshot } from '@/lib/migrations';

const pro = { jsonLogic: { '===': [{ var: 'tier' }, 'pro'] } };

describe('renameToolInTools', () => {
  it.each([
    ['a record, keeping the entry and its place', { a: {}, old: { description: 'd' }, z: {} }, { a: {}, new: { description: 'd' }, z: {} }],
    ['a list of ids', ['a', 'old'], ['a', 'new']],
    ['a list that already has the new id', ['new', 'old'], ['new']],
    ['a record that already has the new id (its entry wins)', { old: { description: 'x' }, new: {} }, { new: {} }],
    [
      'every variant, whatever each holds',
      [{ value: { old: {} } }, { value: ['old', 'b'], rules: pro }],
      [{ value: { new: {} } }, { value: ['new', 'b'], rules: pro }],
    ],
  ])('renames in %s', (_case, tools, expected) => {
    expect(renameToolInTools(tools as never, 'old', 'new')).toEqual(expected);
  });

  it('returns the same value when the id is not there (so no diff and no new version)', () => {
    const tools = { a: {} };
    expect(renameToolInTools(tools, 'old', 'new')).toBe(tools);
  });

  it('renames in defaultOptions.activeTools and toolChoice too', () => {
    const snapshot: DraftSnapshot = {
      tools: ['old'],
      defaultOptions: { activeTools: ['old', 'b'], toolChoice: { type: 'tool', toolName: 'old' }, maxSteps: 2 },
    };
    renameToolInSnapshot(snapshot, 'old', 'new');
    expect(snapshot).toEqual({
      tools: ['new'],
      defaultOptions: { activeTools: ['new', 'b'], toolChoice: { type: 'tool', toolName: 'new' }, maxSteps: 2 },
    });
  });
});

describe('replaceClientReference', () => {
  it.each([
    ['a record, keeping the selection', { docs: { tools: { search: {} } }, other: {} }, { docs2: { tools: { search: {} } }, other: {} }],
    ['a record that names both (the new one wins)', { docs: { tools: { a: {} } }, docs2: {} }, { docs2: {} }],
    [
      'every variant',
      [{ value: { docs: {} } }, { value: { other: {} }, rules: pro }],
      [{ value: { docs2: {} } }, { value: { other: {} }, rules: pro }],
    ],
    ['an empty list', [], []],
  ])('replaces in %s', (_case, references, expected) => {
    expect(replaceClientReference(references as never, 'docs', 'docs2')).toEqual(expected);
  });
});
