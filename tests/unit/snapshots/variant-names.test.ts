import { describe, expect, it } from 'vitest';
import { agentSnapshotJsonSchema, checkAgentSnapshot } from '@/lib/snapshots';

const pro = { operator: 'AND', conditions: [{ field: 'plan', operator: 'equals', value: 'pro' }] };
const pathsOf = (value: unknown) => {
  const check = checkAgentSnapshot(value);
  return check.ok ? [] : check.issues.map((issue) => issue.path);
};

describe('variant names', () => {
  it('keeps a name on a tool variant and on a prompt block', () => {
    const snapshot = {
      tools: [{ value: {} }, { name: 'Pro plan', value: { search: {} }, rules: pro }],
      instructions: [{ type: 'prompt_block', name: 'Pro tone', content: 'Be brief.', rules: pro }],
    };
    const check = checkAgentSnapshot(snapshot);
    expect(check.ok && check.value).toEqual(snapshot);
  });

  it('refuses an empty or too long name at its path', () => {
    expect(pathsOf({ tools: [{ name: ' ', value: {} }] })).toEqual(['tools.0.name']);
    expect(pathsOf({ mcpClients: [{ name: 'x'.repeat(201), value: {} }] })).toEqual(['mcpClients.0.name']);
    expect(pathsOf({ instructions: [{ type: 'text', name: 'Plain', content: 'Hi' }] })).toEqual([
      'instructions.0.name',
    ]);
  });

  it('describes the name in the published JSON Schema', () => {
    expect(JSON.stringify(agentSnapshotJsonSchema())).toContain('What people call the variant in the editor');
  });
});
