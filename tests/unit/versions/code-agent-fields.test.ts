import { describe, expect, it } from 'vitest';
import { editorOwnership, partitionOwnedFields, type EditorSetting } from '@/lib/versions';

const provided = {
  name: 'N',
  model: 'm/x',
  instructions: 'I',
  description: 'D',
  tools: {},
  mcpClients: {},
  agents: {},
};

describe('editor setting -> owned fields (resolution.md section 9)', () => {
  it.each<[string, EditorSetting | undefined, string[]]>([
    ['omitted: instructions and every tool field', undefined, ['name', 'model']],
    ['true: code owns both', true, ['name', 'model', 'instructions', 'tools', 'mcpClients', 'agents']],
    ['{ instructions: true }', { instructions: true }, ['name', 'model', 'tools', 'mcpClients', 'agents']],
    ['{ tools: true }', { tools: true }, ['name', 'model', 'instructions']],
    [
      '{ tools: { description: true } }: only the tools field',
      { tools: { description: true } },
      ['name', 'model', 'instructions', 'mcpClients', 'agents'],
    ],
    ['both', { instructions: true, tools: true }, ['name', 'model']],
  ])('%s drops %j', (_name, setting, dropped) => {
    const ownership = editorOwnership(setting);
    if (!ownership.allowed) throw new Error('expected editing to be allowed');
    const { kept, droppedFields } = partitionOwnedFields({ provided, ownership });
    expect(droppedFields).toEqual(dropped);
    expect(Object.keys(kept)).toEqual(Object.keys(provided).filter((field) => !dropped.includes(field)));
  });

  it('refuses any override with editor: false', () => {
    expect(editorOwnership(false)).toEqual({ allowed: false });
  });
});
