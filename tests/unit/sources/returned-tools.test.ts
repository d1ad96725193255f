/** What providers return is made safe for the merge, and fingerprinted by identity. */
import { describe, expect, it } from 'vitest';
import { createTool } from '@/lib/tools';
import { createToolProviderRegistry } from '@/lib/tool-providers';
import { createToolIdentities, keepTools } from '@/lib/sources/returned-tools';

const tool = createTool({ id: 'a', description: 'A' });

describe('keepTools', () => {
  it.each([
    { returned: null, expected: [] },
    { returned: 'nope', expected: [] },
    { returned: { a: tool, b: { id: 'b' }, c: 42, d: null }, expected: ['a'] },
    { returned: JSON.parse('{"__proto__": 1}'), expected: [] },
  ])('keeps only tool-shaped values: $expected', ({ returned, expected }) => {
    expect(Object.keys(keepTools(returned))).toEqual(expected);
  });

  it('hands a plain record of tools back as it is, and copies only what it has to filter', () => {
    const record = { a: tool, b: createTool({ id: 'b', description: 'B' }) };
    expect(keepTools(record)).toBe(record);
    const mixed = { a: tool, b: 'not a tool' };
    expect(keepTools(mixed)).not.toBe(mixed);
    expect(mixed).toEqual({ a: tool, b: 'not a tool' });
    const withPrototype = Object.assign(Object.create({ inherited: tool }) as object, { a: tool });
    expect(Object.keys(keepTools(withPrototype))).toEqual(['a']);
  });

  it('a `__proto__` slug stays an ordinary key', () => {
    const kept = keepTools(Object.fromEntries([['__proto__', tool]]));
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.keys(kept)).toEqual(['__proto__']);
  });
});

describe('tool identities', () => {
  it('is undefined while any tool is new, then equal for the same objects and different for others', () => {
    const identityFingerprint = createToolIdentities().fingerprint;
    const seenOnce = createTool({ id: 'a', description: 'A' });
    expect(identityFingerprint({ a: seenOnce })).toBeUndefined();
    const same = identityFingerprint({ a: seenOnce });
    expect(same).toEqual(expect.any(String));
    expect(identityFingerprint({ a: seenOnce })).toBe(same);
    expect(identityFingerprint({ a: createTool({ id: 'a', description: 'A' }) })).toBeUndefined();
    expect(identityFingerprint({ b: seenOnce })).not.toBe(same);
    expect(identityFingerprint({ a: seenOnce, c: createTool({ id: 'c', description: 'C' }) })).toBeUndefined();
  });

  it('numbers a record handed back again one new tool per answer, then fingerprints it', () => {
    const identityFingerprint = createToolIdentities().fingerprint;
    const record = {
      x: createTool({ id: 'x', description: 'X' }),
      y: createTool({ id: 'y', description: 'Y' }),
      z: createTool({ id: 'z', description: 'Z' }),
    };
    const answers = Array.from({ length: 5 }, () => identityFingerprint(record));
    expect(answers.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(answers[3]).toMatch(/^x#\d+,y#\d+,z#\d+$/);
    expect(answers[4]).toBe(answers[3]);
  });

  it('are kept apart per owner: tools another owner numbered are new here', () => {
    const tool = createTool({ id: 'a', description: 'A' });
    const first = createToolIdentities();
    first.fingerprint({ a: tool });
    expect(first.fingerprint({ a: tool })).toEqual(expect.any(String));
    expect(createToolIdentities().fingerprint({ a: tool })).toBeUndefined();
  });
});

describe('tool-provider registry', () => {
  const provider = {
    id: 'hub',
    name: 'Hub',
    capabilities: { multipleConnectionsPerToolkit: false, defaultScope: 'shared' as const },
    listToolkits: async () => [],
    listTools: async () => [],
    resolveTools: async () => ({}),
  };

  it('registers providers by id', () => {
    expect(createToolProviderRegistry({ toolProviders: { hub: provider } }).get('hub')).toBe(provider);
  });

  it.each([
    {
      name: 'a key that differs from the id',
      providers: { other: provider },
      message: /register it as toolProviders\["hub"\]/,
    },
    {
      name: 'missing capabilities',
      providers: { hub: { ...provider, capabilities: undefined } },
      message: /capabilities/,
    },
    {
      name: 'an unknown default scope',
      providers: {
        hub: { ...provider, capabilities: { multipleConnectionsPerToolkit: true, defaultScope: 'everyone' } },
      },
      message: /defaultScope/,
    },
    { name: 'no resolveTools', providers: { hub: { ...provider, resolveTools: undefined } }, message: /resolveTools/ },
  ])('stops startup for $name', ({ providers, message }) => {
    expect(() => createToolProviderRegistry({ toolProviders: providers as never })).toThrow(message);
  });
});
