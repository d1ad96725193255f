/**
 * Property-based tests (fast-check): resolution is deterministic, variant order and shallow merge
 * hold for random variant lists, and no input — however malformed — makes the resolver throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeResolvedTools, planProviderCalls, renderInstructions, resolvedToolsHash } from '@/lib/resolver';
import { listed, mcpClient, resolve, tool } from './fixtures';

const toolIds = ['weather', 'search', 'calendar', 'email', 'missing-one'];
const tiers = ['free', 'pro', 'team'];

const entry = fc.record({ description: fc.option(fc.constantFrom('', 'alpha', 'beta', 'gamma'), { nil: undefined }) }, { requiredKeys: [] });
const toolRecord = fc.dictionary(fc.constantFrom(...toolIds), entry, { maxKeys: 4 });
const rules = fc.option(
  fc.constantFrom(...tiers).map((tier) => ({ operator: 'AND' as const, conditions: [{ field: 'tier', operator: 'equals' as const, value: tier }] })),
  { nil: undefined },
);
const variants = fc.array(fc.record({ value: toolRecord, rules }, { requiredKeys: ['value'] }), { minLength: 1, maxLength: 8 });
const context = fc.record({ tier: fc.constantFrom(...tiers, undefined) }, { requiredKeys: [] });

const sources = {
  mcpClients: { kb: mcpClient({ servers: [{ name: 'docs', listed: [listed('search'), listed('fetch')] }, { name: 'down', failure: 'refused' }] }) },
  integrations: { crm: { status: 'loaded' as const, tools: { deal: tool('deal') } } },
};

describe('properties', () => {
  it('variants are walked in order and shallow-merged (a later entry replaces an earlier one whole)', () => {
    fc.assert(
      fc.property(variants, context, (list, requestContext) => {
        const merged = resolve({ snapshot: { tools: list }, context: requestContext });
        // The reference model: spread every included value over {} in stored order.
        const expected: Record<string, { description?: string }> = {};
        list.forEach((variant) => {
          const included = variant.rules === undefined || variant.rules.conditions[0]!.value === requestContext.tier;
          if (included) Object.assign(expected, variant.value);
        });
        const registered = Object.keys(expected).filter((id) => id !== 'missing-one');
        expect(Object.keys(merged.tools).sort()).toEqual(registered.sort());
        for (const id of registered) {
          const description = expected[id]!.description;
          expect(merged.tools[id]!.description).toBe(description ? description : `The ${id} tool`);
        }
        expect(merged.warnings.filter((warning) => warning.code === 'tool_not_registered')).toHaveLength('missing-one' in expected ? 1 : 0);
      }),
      { numRuns: 300 },
    );
  });

  it('resolution is deterministic for the same version, context and source state', () => {
    const snapshot = fc.record(
      {
        tools: fc.oneof(toolRecord, variants),
        mcpClients: fc.constantFrom({}, { kb: {} }, { kb: { tools: {} } }, { kb: { tools: { search: { description: 'x' } } } }, { ghost: { tools: {} } }),
        integrationTools: fc.constantFrom({}, { crm: { tools: {} } }, { crm: { tools: { deal: {}, nope: {} } } }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(snapshot, context, (value, requestContext) => {
        const first = resolve({ snapshot: value, context: requestContext, sources });
        const second = resolve({ snapshot: structuredClone(value), context: { ...requestContext }, sources });
        expect(describeResolvedTools(second.tools)).toEqual(describeResolvedTools(first.tools));
        expect(resolvedToolsHash(second.tools)).toBe(resolvedToolsHash(first.tools));
        expect(second.explanation).toEqual(first.explanation);
        expect(second.warnings).toEqual(first.warnings);
      }),
      { numRuns: 200 },
    );
  });

  it('no input makes the resolver throw', () => {
    const junk = fc.oneof(fc.anything(), fc.jsonValue(), variants, fc.array(fc.record({ value: fc.anything(), rules: fc.anything() })));
    fc.assert(
      fc.property(
        fc.record({ tools: junk, mcpClients: junk, integrationTools: junk, toolProviders: junk, instructions: junk }, { requiredKeys: [] }),
        fc.oneof(fc.dictionary(fc.string(), fc.anything()), context),
        (snapshot, requestContext) => {
          const merged = resolve({ snapshot, context: requestContext, sources });
          expect(typeof resolvedToolsHash(merged.tools)).toBe('string');
          expect(typeof renderInstructions({ instructions: snapshot.instructions, requestContext })).toBe('string');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('provider fan-out never throws on malformed connections', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.array(fc.anything())), fc.option(fc.string(), { nil: undefined }), (connections, resourceId) => {
        const { calls } = planProviderCalls({
          plan: { providerId: 'hub', tools: { SLUG: { toolkit: 'kit' } }, connections, includedBy: [] },
          capabilities: { multipleConnectionsPerToolkit: true, defaultScope: 'caller-supplied' },
          toolkitOf: () => undefined,
          ...(resourceId === undefined ? {} : { resourceId }),
        });
        expect(calls.length).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});
