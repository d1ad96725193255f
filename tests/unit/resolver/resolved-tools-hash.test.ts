/**
 * `resolvedToolsHash` is checked against its definition: sha256 of the canonical JSON of `[{ name,
 * description, inputSchema, outputSchema, source }]` sorted by name.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolvedToolsHash } from '@/lib/resolver';
import type { ResolvedTool } from '@/lib/resolver';
import { createTool } from '@/lib/tools';
import { configHash } from '@/lib/versions';

const sources = ['code', 'registry', 'mcp', 'integration', 'provider'] as const;

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const schema = fc.dictionary(fc.string({ maxLength: 6 }), jsonValue, { maxKeys: 5 });

const resolvedTool = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 8 }),
    description: fc.string({ maxLength: 12 }),
    inputSchema: schema,
    outputSchema: schema,
    source: fc.constantFrom(...sources),
  },
  { requiredKeys: ['name', 'description', 'inputSchema', 'source'] },
);

function byDefinition(tools: Record<string, Partial<ResolvedTool>>): string {
  const hashed = Object.values(tools)
    .map(({ name, description, inputSchema, outputSchema, source }) => ({
      name,
      description,
      inputSchema,
      outputSchema,
      source,
    }))
    .sort((left, right) => (left.name! < right.name! ? -1 : left.name! > right.name! ? 1 : 0));
  return configHash(hashed);
}

describe('resolvedToolsHash', () => {
  it('equals the hash of the canonical JSON of the documented array', () => {
    fc.assert(
      fc.property(fc.uniqueArray(resolvedTool, { selector: (tool) => tool.name, maxLength: 6 }), (list) => {
        const tools = Object.fromEntries(list.map((tool) => [tool.name, tool])) as unknown as Record<
          string,
          ResolvedTool
        >;
        expect(resolvedToolsHash(tools)).toBe(byDefinition(tools));
        // The same tools, the same hash every time.
        expect(resolvedToolsHash(tools)).toBe(byDefinition(tools));
      }),
      { numRuns: 300 },
    );
  });

  it('gives equal schemas built as fresh objects by createTool the same hash, and different ones another', () => {
    const build = (properties: Record<string, unknown>) => {
      const tool = createTool({ id: 'lookup', description: 'Look up', inputSchema: { type: 'object', properties } });
      const resolved = { name: 'lookup', description: 'Look up', inputSchema: tool.inputJsonSchema, source: 'code' };
      return { lookup: resolved } as unknown as Record<string, ResolvedTool>;
    };
    const first = build({ b: { type: 'string' }, a: { type: 'number' } });
    const same = build({ b: { type: 'string' }, a: { type: 'number' } });
    const reordered = build({ a: { type: 'number' }, b: { type: 'string' } });
    const other = build({ a: { type: 'string' }, b: { type: 'string' } });
    expect(resolvedToolsHash(same)).toBe(resolvedToolsHash(first));
    expect(resolvedToolsHash(reordered)).toBe(resolvedToolsHash(first));
    expect(resolvedToolsHash(other)).not.toBe(resolvedToolsHash(first));
    expect(resolvedToolsHash(first)).toBe(byDefinition(first));
  });

  it('hashes equal tool sets built anew alike and every change by the definition', () => {
    const asRecord = (list: Array<Partial<ResolvedTool>>) =>
      Object.fromEntries(list.map((tool) => [tool.name, tool])) as unknown as Record<string, ResolvedTool>;
    const toolSets = fc.uniqueArray(resolvedTool, { selector: (tool) => tool.name, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(fc.tuple(toolSets, fc.nat({ max: 3 })), { minLength: 1, maxLength: 8 }), (steps) => {
        let previous: Array<Partial<ResolvedTool>> = [];
        for (const [list, how] of steps) {
          // Again as fresh copies, again with one description changed, or a new set.
          const next =
            how === 0
              ? structuredClone(previous)
              : how === 1 && previous.length > 0
                ? previous.map((tool, index) => (index === 0 ? { ...tool, description: `${tool.description}!` } : tool))
                : list;
          const tools = asRecord(next);
          expect(resolvedToolsHash(tools)).toBe(byDefinition(tools));
          previous = next;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('tools built per request by createTool hash like the definition, and a changed schema differs', () => {
    const build = (type: string) => {
      const tool = createTool({
        id: 'lookup',
        description: 'Look up',
        inputSchema: { type: 'object', properties: { query: { type } } },
      });
      const resolved = { name: 'lookup', description: 'Look up', inputSchema: tool.inputJsonSchema, source: 'code' };
      return { lookup: resolved } as unknown as Record<string, ResolvedTool>;
    };
    const first = resolvedToolsHash(build('string'));
    expect(resolvedToolsHash(build('string'))).toBe(first);
    const changed = build('number');
    expect(resolvedToolsHash(changed)).toBe(byDefinition(changed));
    expect(resolvedToolsHash(changed)).not.toBe(first);
    expect(resolvedToolsHash(build('string'))).toBe(first);
  });
});
