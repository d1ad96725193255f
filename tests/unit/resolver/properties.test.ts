/**
 * Property-based tests (fast-check): resolution is deterministic, variant order and shallow merge
 * hold for random variant lists, and no input — however malformed — makes the resolver throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeResolvedTools,
  matchVariants,
  planProviderCalls,
  renderInstructions,
  resolvedToolsHash,
} from '@/lib/resolver';
import { listed, mcpClient, resolve, tool } from './fixtures';

const toolIds = ['weather', 'search', 'calendar', 'email', 'missing-one'];
const tiers = ['free', 'pro', 'team'];

const entry = fc.record(
  { description: fc.option(fc.constantFrom('', 'alpha', 'beta', 'gamma'), { nil: undefined }) },
  { requiredKeys: [] },
);
const toolRecord = fc.dictionary(fc.constantFrom(...toolIds), entry, { maxKeys: 4 });
const rules = fc.option(
  fc.constantFrom(...tiers).map((tier) => ({
    operator: 'AND' as const,
    conditions: [{ field: 'tier', operator: 'equals' as const, value: tier }],
  })),
  { nil: undefined },
);
const variants = fc.array(fc.record({ value: toolRecord, rules }, { requiredKeys: ['value'] }), {
  minLength: 1,
  maxLength: 8,
});
const context = fc.record({ tier: fc.constantFrom(...tiers, undefined) }, { requiredKeys: [] });

const sources = {
  mcpClients: {
    kb: mcpClient({
      servers: [
        { name: 'docs', listed: [listed('search'), listed('fetch')] },
        { name: 'down', failure: 'refused' },
      ],
    }),
  },
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
        expect(merged.warnings.filter((warning) => warning.code === 'tool_not_registered')).toHaveLength(
          'missing-one' in expected ? 1 : 0,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('resolution is deterministic for the same version, context and source state', () => {
    const snapshot = fc.record(
      {
        tools: fc.oneof(toolRecord, variants),
        mcpClients: fc.constantFrom(
          {},
          { kb: {} },
          { kb: { tools: {} } },
          { kb: { tools: { search: { description: 'x' } } } },
          { ghost: { tools: {} } },
        ),
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
    const junk = fc.oneof(
      fc.anything(),
      fc.jsonValue(),
      variants,
      fc.array(fc.record({ value: fc.anything(), rules: fc.anything() })),
    );
    fc.assert(
      fc.property(
        fc.record(
          { tools: junk, mcpClients: junk, integrationTools: junk, toolProviders: junk, instructions: junk },
          { requiredKeys: [] },
        ),
        fc.oneof(fc.dictionary(fc.string(), fc.anything()), context),
        (snapshot, requestContext) => {
          const merged = resolve({ snapshot, context: requestContext, sources });
          expect(resolvedToolsHash(merged.tools)).toMatch(/^[0-9a-f]{64}$/);
          expect(typeof renderInstructions({ instructions: snapshot.instructions, requestContext })).toBe('string');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('memoised matching (frozen stored variants) agrees with evaluating every time', () => {
    const operators = [
      'equals',
      'not_equals',
      'exists',
      'not_exists',
      'in',
      'not_in',
      'contains',
      'not_contains',
      'greater_than',
    ] as const;
    const value = fc.oneof(
      fc.constantFrom(null, 'pro', 'free', 3, 7),
      fc.array(fc.constantFrom('pro', 'a', 1), { maxLength: 3 }),
    );
    const condition = fc.record({
      field: fc.constantFrom('tier', 'user.role', 'user', 'n'),
      operator: fc.constantFrom(...operators),
      value,
    });
    const group = fc.record({
      operator: fc.constantFrom('AND' as const, 'OR' as const),
      conditions: fc.array(condition, { maxLength: 3 }),
    });
    const rawJsonLogic = fc.constant({ jsonLogic: { '===': [{ var: 'tier' }, 'pro'] } });
    const variantList = fc.array(
      fc.record(
        { value: fc.constant({ weather: {} }), rules: fc.option(fc.oneof(group, rawJsonLogic), { nil: undefined }) },
        { requiredKeys: ['value'] },
      ),
      {
        minLength: 1,
        maxLength: 6,
      },
    );
    const contextValue = fc.oneof(fc.constant(undefined), value, fc.record({ role: value }, { requiredKeys: [] }));
    const contexts = fc.array(
      fc.record({ tier: contextValue, user: contextValue, n: contextValue }, { requiredKeys: [] }),
      { minLength: 1, maxLength: 8 },
    );
    const deepFreeze = <T>(item: T): T => {
      if (item && typeof item === 'object') {
        Object.values(item).forEach(deepFreeze);
        Object.freeze(item);
      }
      return item;
    };
    fc.assert(
      fc.property(variantList, contexts, (list, requestContexts) => {
        const frozen = deepFreeze(structuredClone(list));
        for (const requestContext of [...requestContexts, ...requestContexts]) {
          expect(matchVariants({ field: 'tools', value: frozen, requestContext })).toEqual(
            matchVariants({ field: 'tools', value: list, requestContext }),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('provider fan-out never throws on malformed connections', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.array(fc.anything())),
        fc.option(fc.string(), { nil: undefined }),
        (connections, resourceId) => {
          const { calls } = planProviderCalls({
            plan: { providerId: 'hub', tools: { SLUG: { toolkit: 'kit' } }, connections, includedBy: [] },
            capabilities: { multipleConnectionsPerToolkit: true, defaultScope: 'caller-supplied' },
            toolkitOf: () => undefined,
            ...(resourceId === undefined ? {} : { resourceId }),
          });
          expect(calls.length).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
});
