/** resolution.md section 3 (plain and conditional fields) and section 5 (registered tools). */
import { describe, expect, it } from 'vitest';
import { registry, resolve, names, codes, tierIs, tool } from './fixtures';

const proOnly = tierIs('pro');

describe('plain and conditional tool fields', () => {
  const cases: Array<{
    name: string;
    tools: unknown;
    context?: Record<string, unknown>;
    expected: string[];
    descriptions?: Record<string, string>;
    matched?: number[];
  }> = [
    { name: 'a plain record selects its keys', tools: { weather: {}, search: {} }, expected: ['search', 'weather'] },
    {
      name: 'a legacy array of ids means { id: {} } for each',
      tools: ['weather', 'email'],
      expected: ['email', 'weather'],
    },
    { name: 'an empty array is an empty plain value', tools: [], expected: [] },
    {
      name: 'an array whose first element has no value key is plain (and holds no ids)',
      tools: [{ weather: {} }],
      expected: [],
    },
    {
      name: 'the first element decides: a list of variants skips malformed later items',
      tools: [{ value: { weather: {} } }, 'search', { rules: tierIs('pro') }],
      context: { tier: 'pro' },
      expected: ['weather'],
      matched: [0, 2],
    },
    {
      name: 'a rule-less variant acts as a base and a matching variant adds to it',
      tools: [{ value: { weather: {} } }, { value: { search: {} }, rules: proOnly }],
      context: { tier: 'pro' },
      expected: ['search', 'weather'],
      matched: [0, 1],
    },
    {
      name: 'a variant whose rules fail contributes nothing',
      tools: [{ value: { weather: {} } }, { value: { search: {} }, rules: proOnly }],
      context: { tier: 'free' },
      expected: ['weather'],
      matched: [0],
    },
    {
      name: 'no matching variant leaves the field empty',
      tools: [{ value: { weather: {} }, rules: proOnly }],
      context: {},
      expected: [],
      matched: [],
    },
    {
      name: 'a later matching variant replaces an earlier entry whole',
      tools: [
        { value: { weather: { description: 'Base wording' }, search: {} } },
        { value: { weather: {} }, rules: proOnly },
      ],
      context: { tier: 'pro' },
      expected: ['search', 'weather'],
      // The later entry has no description: the replaced entry's override does not survive.
      descriptions: { weather: 'The weather tool' },
      matched: [0, 1],
    },
    {
      name: 'a later variant entry with its own description wins',
      tools: [{ value: { weather: { description: 'first' } } }, { value: { weather: { description: 'second' } } }],
      expected: ['weather'],
      descriptions: { weather: 'second' },
      matched: [0, 1],
    },
    {
      name: 'a variant value may be a legacy id list',
      tools: [{ value: ['weather'] }, { value: ['search'], rules: proOnly }],
      context: { tier: 'pro' },
      expected: ['search', 'weather'],
      matched: [0, 1],
    },
    {
      name: 'per-tool rules inside an entry are stored but not evaluated',
      tools: { weather: { rules: proOnly } },
      context: { tier: 'free' },
      expected: ['weather'],
    },
    {
      name: 'an empty rule group is true',
      tools: [{ value: { weather: {} }, rules: { operator: 'AND', conditions: [] } }],
      expected: ['weather'],
      matched: [0],
    },
  ];

  it.each(cases)('$name', ({ tools, context, expected, descriptions, matched }) => {
    const merged = resolve({ snapshot: { tools }, context });
    expect(names(merged)).toEqual(expected);
    for (const [name, description] of Object.entries(descriptions ?? {}))
      expect(merged.tools[name]!.description).toBe(description);
    if (matched) expect(merged.explanation.fields.tools).toEqual({ conditional: true, matched });
  });

  it('explains which variants included a tool', () => {
    const merged = resolve({
      snapshot: {
        tools: [
          { value: { weather: {} } },
          { value: { search: {} }, rules: proOnly },
          { value: { weather: {} }, rules: proOnly },
        ],
      },
      context: { tier: 'pro' },
    });
    expect(merged.explanation.tools.weather!.includedBy).toEqual([
      { field: 'tools', variantIndex: 0 },
      { field: 'tools', variantIndex: 2 },
    ]);
    expect(merged.explanation.tools.search!.includedBy).toEqual([{ field: 'tools', variantIndex: 1 }]);
    expect(resolve({ snapshot: { tools: { weather: {} } } }).explanation.tools.weather!.includedBy).toEqual([
      { field: 'tools', variantIndex: null },
    ]);
  });

  it('resolves each field on its own: a conditional mcpClients beside a plain tools', () => {
    const merged = resolve({
      snapshot: { tools: { weather: {} }, mcpClients: [{ value: { docs: { tools: {} } }, rules: proOnly }] },
      context: { tier: 'free' },
    });
    expect(merged.explanation.fields).toMatchObject({
      tools: { conditional: false, matched: [] },
      mcpClients: { conditional: true, matched: [] },
    });
    expect(names(merged)).toEqual(['weather']);
    expect(codes(merged)).toEqual([]);
  });
});

describe('registered tools (section 5)', () => {
  it('skips a missing id with a warning and resolves the rest', () => {
    const merged = resolve({ snapshot: { tools: { weather: {}, nowhere: {} } } });
    expect(names(merged)).toEqual(['weather']);
    expect(merged.warnings).toEqual([
      {
        code: 'tool_not_registered',
        message: 'Tool "nowhere" is not registered',
        source: 'registry',
        ref: 'tools.nowhere',
      },
    ]);
  });

  it.each([
    { given: 'Weather for the support bot', expected: 'Weather for the support bot', source: 'agent' },
    { given: '', expected: 'The weather tool', source: 'original' },
    { given: '   ', expected: 'The weather tool', source: 'original' },
    { given: undefined, expected: 'The weather tool', source: 'original' },
  ])('description $given -> $expected, and the registered tool is never changed', ({ given, expected, source }) => {
    const registered = registry.get('weather')!;
    const merged = resolve({ snapshot: { tools: { weather: given === undefined ? {} : { description: given } } } });
    const resolved = merged.tools.weather!;
    expect(resolved.description).toBe(expected);
    expect(resolved.tool.description).toBe(expected);
    expect(merged.explanation.tools.weather!.description).toBe(source);
    expect(registered.description).toBe('The weather tool');
    expect(registry.get('weather')).toBe(registered);
    expect(resolved.origin).toEqual({ toolId: 'weather' });
    expect(resolved.source).toBe('registry');
  });

  it('a described copy still executes the registered tool', async () => {
    const merged = resolve({ snapshot: { tools: { weather: { description: 'Reworded' } } } });
    await expect(merged.tools.weather!.tool.execute!({ query: 'x' })).resolves.toEqual({
      status: 'output',
      output: { id: 'weather' },
    });
  });
});

describe('plans and their signatures', () => {
  it('contexts that match the same variants get equal plans with one signature; others another', async () => {
    const { planResolution } = await import('@/lib/resolver');
    const snapshot = Object.freeze({
      tools: Object.freeze([
        Object.freeze({ value: Object.freeze({ weather: Object.freeze({}) }) }),
        Object.freeze({ value: Object.freeze({ search: Object.freeze({}) }), rules: Object.freeze(tierIs('pro')) }),
      ]),
    });
    const version = { id: 'v-frozen', snapshot: snapshot as never };
    const pro = planResolution({ version, requestContext: { tier: 'pro' } });
    const proAgain = planResolution({ version, requestContext: { tier: 'pro', other: true } });
    expect(proAgain).toEqual(pro);
    expect(proAgain.signature).toBe(pro.signature);
    const free = planResolution({ version, requestContext: { tier: 'free' } });
    expect(free.signature).not.toBe(pro.signature);
    expect(free.registryTools.map((entry) => entry.key)).toEqual(['weather']);
    expect(pro.registryTools.map((entry) => entry.key)).toEqual(['weather', 'search']);
    // A mutable snapshot plans the same way.
    const mutable = { id: 'v-mutable', snapshot: { tools: { weather: {} } } };
    expect(planResolution({ version: mutable, requestContext: {} })).toEqual(
      planResolution({ version: mutable, requestContext: {} }),
    );
  });

  it('a snapshot without variants plans alike for every context, and agents that share tools keep their own', async () => {
    const { planResolution } = await import('@/lib/resolver');
    const snapshot = Object.freeze({ tools: Object.freeze({ weather: Object.freeze({}) }) });
    const version = { id: 'v-plain', snapshot: snapshot as never };
    const first = planResolution({ version, requestContext: { tier: 'pro' } });
    expect(first.variantFree).toBe(true);
    expect(planResolution({ version, requestContext: { anything: 1 } })).toEqual(first);
    expect(first.registryTools.map((entry) => entry.key)).toEqual(['weather']);
    // Two code agents with one tools record and no stored version: each gets its own plan.
    const shared = Object.freeze({ lookup: tool('lookup') });
    const alpha = planResolution({ version: undefined, codeAgent: { id: 'alpha', tools: shared }, requestContext: {} });
    const beta = planResolution({ version: undefined, codeAgent: { id: 'beta', tools: shared }, requestContext: {} });
    expect(alpha.signature).toContain('code:alpha');
    expect(beta.signature).toContain('code:beta');
    expect(
      planResolution({ version: undefined, codeAgent: { id: 'alpha', tools: shared }, requestContext: {} }).signature,
    ).toBe(alpha.signature);
  });
});
