/** resolution.md section 9: code-defined agents and their `editor` setting. */
import { describe, expect, it } from 'vitest';
import { chooseInstructions, codeAgentModes } from '@/lib/resolver';
import type { EditorSetting } from '@/lib/versions';
import { codeAgent, codes, listed, mcpClient, names, resolve, tool } from './fixtures';

const codeTools = { lookup: tool('lookup', 'Look something up'), notify: tool('notify', 'Send a notice') };
const stored = {
  tools: { weather: {}, lookup: { description: 'Look up a customer' } },
  mcpClients: { local: { tools: {} } },
};
const sources = {
  mcpClients: { local: mcpClient({ kind: 'code', servers: [{ name: 'local', listed: [listed('search')] }] }) },
};

describe('editor setting -> modes', () => {
  it.each<{
    editor: EditorSetting | undefined;
    tools: string;
    instructions: boolean;
    readsRecord: boolean;
    failsClosed: boolean;
  }>([
    { editor: undefined, tools: 'full', instructions: true, readsRecord: true, failsClosed: false },
    { editor: false, tools: 'code', instructions: false, readsRecord: false, failsClosed: false },
    { editor: true, tools: 'code', instructions: false, readsRecord: true, failsClosed: false },
    { editor: {}, tools: 'code', instructions: false, readsRecord: true, failsClosed: false },
    { editor: { instructions: true }, tools: 'code', instructions: true, readsRecord: true, failsClosed: true },
    { editor: { tools: true }, tools: 'full', instructions: false, readsRecord: true, failsClosed: false },
    {
      editor: { tools: { description: true } },
      tools: 'description-only',
      instructions: false,
      readsRecord: true,
      failsClosed: false,
    },
    {
      editor: { instructions: true, tools: true },
      tools: 'full',
      instructions: true,
      readsRecord: true,
      failsClosed: true,
    },
  ])(
    'editor $editor -> tools $tools, instructions from record $instructions',
    ({ editor, tools, instructions, readsRecord, failsClosed }) => {
      expect(codeAgentModes(editor)).toEqual({ tools, instructionsFromRecord: instructions, readsRecord, failsClosed });
    },
  );
});

describe('tools of a code agent per mode', () => {
  it.each<{ editor: EditorSetting | undefined; expected: string[]; lookup: string }>([
    { editor: undefined, expected: ['lookup', 'notify', 'search', 'weather'], lookup: 'Look up a customer' },
    { editor: { tools: true }, expected: ['lookup', 'notify', 'search', 'weather'], lookup: 'Look up a customer' },
    { editor: { tools: { description: true } }, expected: ['lookup', 'notify'], lookup: 'Look up a customer' },
    { editor: { instructions: true }, expected: ['lookup', 'notify'], lookup: 'Look something up' },
    { editor: false, expected: ['lookup', 'notify'], lookup: 'Look something up' },
    { editor: true, expected: ['lookup', 'notify'], lookup: 'Look something up' },
  ])('editor $editor', ({ editor, expected, lookup }) => {
    const merged = resolve({
      snapshot: stored,
      sources,
      agent: codeAgent({ tools: codeTools, ...(editor === undefined ? {} : { editor }) }),
    });
    expect(names(merged)).toEqual(expected);
    expect(merged.tools.lookup!.description).toBe(lookup);
  });

  it('full: code tools first, stored sources on top (a registered tool replaces a same-named code tool)', () => {
    const merged = resolve({
      snapshot: stored,
      sources,
      agent: codeAgent({ tools: { ...codeTools, weather: tool('code-weather') } }),
    });
    expect(merged.tools.weather!.source).toBe('registry');
    expect(merged.explanation.tools.weather!.shadowed).toEqual([
      { source: 'code', origin: { toolId: 'code-weather' } },
    ]);
    expect(merged.tools.notify!.source).toBe('code');
    expect(merged.explanation.tools.notify).toEqual({
      source: 'code',
      origin: { toolId: 'notify' },
      includedBy: [],
      description: 'original',
      shadowed: [],
    });
  });

  it('full: an entry naming an unregistered code tool rewords it (no tool_not_registered warning)', () => {
    const merged = resolve({
      snapshot: { tools: { lookup: { description: 'Look up a customer' } } },
      agent: codeAgent({ tools: codeTools }),
    });
    expect(merged.tools.lookup).toMatchObject({ source: 'code', description: 'Look up a customer' });
    expect(merged.explanation.tools.lookup!.description).toBe('agent');
    expect(codes(merged)).toEqual([]);
  });

  it('full: a stored tools: {} keeps the code tools', () => {
    const merged = resolve({ snapshot: { tools: {} }, agent: codeAgent({ tools: codeTools }) });
    expect(names(merged)).toEqual(['lookup', 'notify']);
    expect(codes(merged)).toEqual([]);
  });

  it('description-only: rewords only tools the code agent has; never adds one; ignores the other fields', () => {
    const merged = resolve({
      snapshot: {
        tools: { lookup: { description: 'Reworded' }, weather: { description: 'Never added' } },
        mcpClients: { local: { tools: {} } },
      },
      sources,
      agent: codeAgent({ tools: codeTools, editor: { tools: { description: true } } }),
    });
    expect(names(merged)).toEqual(['lookup', 'notify']);
    expect(merged.tools.lookup!.description).toBe('Reworded');
    expect(merged.tools.lookup!.source).toBe('code');
    expect(merged.explanation.tools.lookup!).toMatchObject({
      description: 'agent',
      includedBy: [{ field: 'tools', variantIndex: null }],
    });
    expect(Object.keys(merged.explanation.fields)).toEqual(['tools']);
    expect(codeTools.lookup.description).toBe('Look something up');
  });

  it('description-only: conditional variants apply to the rewording too', () => {
    const snapshot = {
      tools: [
        {
          value: { lookup: { description: 'Pro wording' } },
          rules: { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] },
        },
      ],
    };
    const agent = codeAgent({ tools: codeTools, editor: { tools: { description: true } } });
    expect(resolve({ snapshot, agent, context: { tier: 'pro' } }).tools.lookup!.description).toBe('Pro wording');
    expect(resolve({ snapshot, agent, context: { tier: 'free' } }).tools.lookup!.description).toBe('Look something up');
  });

  it('no version (running as defined in code): exactly the code tools', () => {
    expect(names(resolve({ agent: codeAgent({ tools: codeTools }), hasVersion: false }))).toEqual(['lookup', 'notify']);
  });
});

describe('which instructions apply', () => {
  const agent = (editor?: EditorSetting) => ({
    ...codeAgent({ tools: {}, ...(editor === undefined ? {} : { editor }) }),
    instructions: 'From code',
  });
  const version = (instructions?: unknown) => ({
    id: 'v',
    snapshot: instructions === undefined ? {} : { instructions: instructions as string },
  });

  it.each<{ name: string; editor?: EditorSetting; version?: ReturnType<typeof version>; expected: string | null }>([
    { name: 'omitted, record instructions', version: version('From editor'), expected: 'From editor' },
    { name: 'omitted, nothing published: code', expected: 'From code' },
    { name: 'omitted, record without instructions: code', version: version(), expected: 'From code' },
    {
      name: '{ tools: true } never takes record instructions',
      editor: { tools: true },
      version: version('From editor'),
      expected: 'From code',
    },
    { name: 'false never reads the record', editor: false, version: version('From editor'), expected: 'From code' },
    {
      name: '{ instructions: true } with record instructions',
      editor: { instructions: true },
      version: version('From editor'),
      expected: 'From editor',
    },
    { name: '{ instructions: true }, nothing published: fails closed', editor: { instructions: true }, expected: null },
    {
      name: '{ instructions: true }, no instructions in the version: fails closed',
      editor: { instructions: true },
      version: version(''),
      expected: null,
    },
    {
      name: '{ instructions: true, tools: true } fails closed too',
      editor: { instructions: true, tools: true },
      expected: null,
    },
  ])('$name', ({ editor, version: given, expected }) => {
    const chosen = chooseInstructions({ version: given, codeAgent: agent(editor) });
    expect(chosen.ok ? chosen.value.instructions : null).toBe(expected);
  });

  it('a stored agent uses its version', () => {
    expect(chooseInstructions({ version: version('Stored') })).toEqual({
      ok: true,
      value: { instructions: 'Stored', from: 'version' },
    });
    expect(chooseInstructions({ version: undefined }).ok).toBe(false);
  });
});
