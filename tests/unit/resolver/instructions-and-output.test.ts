/** agents.md section 4 (prompt blocks) and resolution.md section 8 (HTTP view, hash). */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeResolvedTools, renderInstructions, renderTemplate, resolvedToolsHash } from '@/lib/resolver';
import { valueAtPath } from '@/lib/rules';
import { canonicalJson } from '@/lib/versions';
import { codeAgent, resolve, tool } from './fixtures';

const admin = { operator: 'AND', conditions: [{ field: 'user.role', operator: 'equals', value: 'admin' }] };

describe('instructions', () => {
  it.each([
    { name: 'plain text stays', instructions: 'Be brief.', context: {}, expected: 'Be brief.' },
    {
      name: 'a placeholder is filled',
      instructions: 'Hello {{user.name}}!',
      context: { user: { name: 'Ada' } },
      expected: 'Hello Ada!',
    },
    {
      name: 'spaces inside braces are fine',
      instructions: 'Hello {{ user.name }}!',
      context: { user: { name: 'Ada' } },
      expected: 'Hello Ada!',
    },
    {
      name: 'an unresolved placeholder stays as written',
      instructions: 'Hello {{user.name}}!',
      context: {},
      expected: 'Hello {{user.name}}!',
    },
    {
      name: 'a fallback fills a missing value',
      instructions: 'Tier: {{tier || "free"}}',
      context: {},
      expected: 'Tier: free',
    },
    { name: 'a single-quoted fallback', instructions: "Tier: {{tier || 'free'}}", context: {}, expected: 'Tier: free' },
    {
      name: 'the value wins over the fallback',
      instructions: 'Tier: {{tier || "free"}}',
      context: { tier: 'pro' },
      expected: 'Tier: pro',
    },
    {
      name: 'numbers and objects are written as JSON',
      instructions: '{{n}} {{o}}',
      context: { n: 3, o: { a: 1 } },
      expected: '3 {"a":1}',
    },
    { name: 'null counts as missing', instructions: '{{x || "none"}}', context: { x: null }, expected: 'none' },
    {
      name: 'the caller token is never rendered',
      instructions: 'Token {{mastra__authToken || "hidden"}}',
      context: { mastra__authToken: 'secret' },
      expected: 'Token hidden',
    },
    {
      name: 'blocks: text always, prompt_block when its rules match, joined by a blank line',
      instructions: [
        { type: 'text', content: 'You help {{user.name}}.' },
        { type: 'prompt_block', content: 'You may delete records.', rules: admin },
        { type: 'prompt_block', content: 'Always polite.' },
      ],
      context: { user: { name: 'Ada', role: 'admin' } },
      expected: 'You help Ada.\n\nYou may delete records.\n\nAlways polite.',
    },
    {
      name: 'a block whose rules fail is left out',
      instructions: [
        { type: 'text', content: 'A' },
        { type: 'prompt_block', content: 'B', rules: admin },
      ],
      context: { user: { role: 'viewer' } },
      expected: 'A',
    },
  ])('$name', ({ instructions, context, expected }) => {
    expect(renderInstructions({ instructions, requestContext: context })).toBe(expected);
  });

  it('renders every template as the placeholder rules define, read apart once or not', () => {
    // The rules written as one regular-expression replacement, the definition templates are held to.
    const byDefinition = (template: string, context: Record<string, unknown>) =>
      template.replace(
        /\{\{\s*([^\s{}|]+)\s*(?:\|\|\s*(?:"([^"]*)"|'([^']*)'))?\s*\}\}/g,
        (whole, path: string, doubleQuoted?: string, singleQuoted?: string) => {
          const hidden = path === 'mastra__authToken' || path.startsWith('mastra__authToken.');
          const value = hidden ? undefined : valueAtPath(context, path);
          if (value !== undefined && value !== null) return typeof value === 'string' ? value : JSON.stringify(value);
          return doubleQuoted ?? singleQuoted ?? whole;
        },
      );
    const pieces = fc.constantFrom(
      'Hello ',
      '{{user.name}}',
      '{{ user.name }}',
      '{{tier || "free"}}',
      "{{tier||'x'}}",
      '{{n}}',
      '{{mastra__authToken}}',
      '{{a.b.c || ""}}',
      '{{ broken',
      '}}',
      '{',
      '{{}}',
      ' and ',
      '\n',
    );
    const context = fc.record(
      {
        user: fc.oneof(fc.constant(null), fc.record({ name: fc.oneof(fc.string(), fc.integer()) })),
        tier: fc.oneof(fc.constant(null), fc.string(), fc.boolean()),
        n: fc.jsonValue({ maxDepth: 2 }),
        a: fc.record({ b: fc.record({ c: fc.string() }) }),
        mastra__authToken: fc.string(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), context, (parts, requestContext) => {
        const template = parts.join('');
        const expected = byDefinition(template, requestContext);
        expect(renderTemplate({ template, requestContext })).toBe(expected);
        expect(renderTemplate({ template, requestContext })).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses to fill placeholders into more than a million characters, naming the request context', () => {
    const requestContext = { s: 'a'.repeat(100_000) };
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const inOneText = refusal(() => renderTemplate({ template: '{{s}}'.repeat(11), requestContext }));
    expect(inOneText).toMatchObject({ code: 'invalid_input', details: { issues: [{ path: 'requestContext' }] } });
    expect((inOneText as Error).message).toContain('longer than 1,000,000 characters');
    const acrossBlocks = Array.from({ length: 11 }, () => ({ type: 'text', content: '{{s}}' }));
    expect(refusal(() => renderInstructions({ instructions: acrossBlocks, requestContext }))).toMatchObject({
      code: 'invalid_input',
    });
    // Ten copies fit; stored text longer than the bound is the author's, and renders as it is.
    expect(renderTemplate({ template: '{{s}}'.repeat(10), requestContext })).toHaveLength(1_000_000);
    const long = 'x'.repeat(1_200_000);
    expect(renderInstructions({ instructions: [{ type: 'text', content: long }], requestContext })).toBe(long);
  });
});

describe('HTTP view and resolvedToolsHash', () => {
  const merged = resolve({
    snapshot: { tools: { weather: { description: 'Reworded' }, alpha: {} } },
    agent: codeAgent({
      tools: {
        zeta: tool('zeta', 'Z', { outputSchema: { type: 'object' }, mcp: { annotations: { readOnlyHint: true } } }),
      },
    }),
  });

  it('lists tools sorted by name without executables', () => {
    const view = describeResolvedTools(merged.tools);
    expect(view.map((entry) => entry.name)).toEqual(['alpha', 'weather', 'zeta']);
    expect(view[2]).toEqual({
      name: 'zeta',
      description: 'Z',
      inputSchema: merged.tools.zeta!.inputSchema,
      outputSchema: { type: 'object' },
      source: 'code',
      origin: { toolId: 'zeta' },
      annotations: { readOnlyHint: true },
    });
    expect(view[0]).not.toHaveProperty('tool');
    expect(view[0]).not.toHaveProperty('outputSchema');
  });

  it('is the sha256 of the canonical JSON of [{ name, description, inputSchema, outputSchema, source }] sorted by name', () => {
    const expected = createHash('sha256')
      .update(
        canonicalJson(
          ['alpha', 'weather', 'zeta'].map((name) => {
            const entry = merged.tools[name]!;
            return {
              name,
              description: entry.description,
              inputSchema: entry.inputSchema,
              outputSchema: entry.outputSchema,
              source: entry.source,
            };
          }),
        ),
      )
      .digest('hex');
    expect(resolvedToolsHash(merged.tools)).toBe(expected);
  });

  it('changes with a description and not with insertion order', () => {
    const reordered = resolve({
      snapshot: { tools: { alpha: {}, weather: { description: 'Reworded' } } },
      agent: codeAgent({
        tools: {
          zeta: tool('zeta', 'Z', { outputSchema: { type: 'object' }, mcp: { annotations: { readOnlyHint: true } } }),
        },
      }),
    });
    expect(resolvedToolsHash(reordered.tools)).toBe(resolvedToolsHash(merged.tools));
    const reworded = resolve({
      snapshot: { tools: { weather: { description: 'Other' }, alpha: {} } },
      agent: codeAgent({ tools: { zeta: tool('zeta', 'Z') } }),
    });
    expect(resolvedToolsHash(reworded.tools)).not.toBe(resolvedToolsHash(merged.tools));
  });
});
