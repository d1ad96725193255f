/** resolution.md section 7: integration tools and tool providers (fan-out, renaming, identities). */
import { describe, expect, it } from 'vitest';
import { planProviderCalls, planResolution, type ToolProviderPlan } from '@/lib/resolver';
import type { ToolProviderCapabilities } from '@/lib/tool-providers';
import { codes, names, resolve, tool } from './fixtures';

describe('integration tools', () => {
  it.each<{ reference: Record<string, unknown>; plan: unknown }>([
    { reference: {}, plan: undefined },
    { reference: { tools: {} }, plan: 'all' },
    {
      reference: { tools: { create_issue: {}, list_issues: { description: 'List' } } },
      plan: ['create_issue', 'list_issues'],
    },
  ])('tools $reference.tools -> slugs $plan (omitted: provider not contacted)', ({ reference, plan }) => {
    const planned = planResolution({
      version: { id: 'v', snapshot: { integrationTools: { github: reference } } as never },
      requestContext: {},
    });
    expect(planned.integrations.map((integration) => integration.slugs)).toEqual(plan === undefined ? [] : [plan]);
  });

  const catalogue = {
    create_issue: tool('create_issue', 'Create an issue'),
    list_issues: tool('list_issues', 'List issues'),
  };

  it('tools: {} takes the whole catalogue; keys take exactly those slugs with agent descriptions', () => {
    const all = resolve({
      snapshot: { integrationTools: { github: { tools: {} } } },
      sources: { integrations: { github: { status: 'loaded', tools: catalogue } } },
    });
    expect(names(all)).toEqual(['create_issue', 'list_issues']);
    const some = resolve({
      snapshot: { integrationTools: { github: { tools: { list_issues: { description: 'Only open issues' } } } } },
      sources: { integrations: { github: { status: 'loaded', tools: { list_issues: catalogue.list_issues } } } },
    });
    expect(names(some)).toEqual(['list_issues']);
    expect(some.tools.list_issues).toMatchObject({
      description: 'Only open issues',
      source: 'integration',
      origin: { providerId: 'github', slug: 'list_issues' },
    });
    expect(some.explanation.tools.list_issues!.description).toBe('agent');
  });

  it.each([
    { loaded: { status: 'unknown' as const }, code: 'provider_unknown' },
    { loaded: { status: 'failed' as const, message: 'HTTP 500' }, code: 'provider_failed' },
    { loaded: { status: 'loaded' as const, tools: {} }, code: 'provider_failed' },
  ])('$loaded.status -> $code, other sources unaffected', ({ loaded, code }) => {
    const merged = resolve({
      snapshot: { tools: { weather: {} }, integrationTools: { github: { tools: { create_issue: {} } } } },
      sources: { integrations: { github: loaded } },
    });
    expect(names(merged)).toEqual(['weather']);
    expect(codes(merged)).toEqual([code]);
    expect(merged.warnings[0]!.source).toBe('integration');
  });
});

const multi: ToolProviderCapabilities = { multipleConnectionsPerToolkit: true, defaultScope: 'per-author' };
const single: ToolProviderCapabilities = { multipleConnectionsPerToolkit: false, defaultScope: 'shared' };

function providerPlan(
  connections: Record<string, unknown[]>,
  tools: ToolProviderPlan['tools'] = { CREATE_ISSUE: { toolkit: 'github' } },
): ToolProviderPlan {
  return { providerId: 'hub', tools, connections, includedBy: [{ field: 'toolProviders', variantIndex: null }] };
}

describe('tool-provider fan-out (planProviderCalls)', () => {
  it('no pinned connection: one call through the default invoker connection', () => {
    const { calls, warnings } = planProviderCalls({
      plan: providerPlan({}),
      capabilities: multi,
      toolkitOf: () => undefined,
      authorId: 'ada',
    });
    expect(warnings).toEqual([]);
    expect(calls).toEqual([
      expect.objectContaining({
        toolkit: 'github',
        slugs: ['CREATE_ISSUE'],
        connection: { kind: 'invoker', connectionId: 'default', authorId: 'ada' },
      }),
    ]);
    expect(calls[0]!.label).toBeUndefined();
  });

  it('several connections for one toolkit: one call each, labelled (label, else connection id)', () => {
    const { calls } = planProviderCalls({
      plan: providerPlan({
        github: [
          { kind: 'author', connectionId: 'c1', label: 'work' },
          { kind: 'invoker', connectionId: 'c2' },
        ],
      }),
      capabilities: multi,
      toolkitOf: () => undefined,
      authorId: 'ada',
    });
    expect(calls.map((call) => [call.connection.connectionId, call.label, call.ref])).toEqual([
      ['c1', 'work', 'toolProviders.hub.connections.github.0'],
      ['c2', 'c2', 'toolProviders.hub.connections.github.1'],
    ]);
  });

  it('a provider that allows one connection per toolkit uses the first and warns', () => {
    const { calls, warnings } = planProviderCalls({
      plan: providerPlan({
        github: [
          { kind: 'author', connectionId: 'c1' },
          { kind: 'author', connectionId: 'c2' },
        ],
      }),
      capabilities: single,
      toolkitOf: () => undefined,
    });
    expect(calls.map((call) => [call.connection.connectionId, call.label])).toEqual([['c1', undefined]]);
    expect(warnings.map((warning) => warning.code)).toEqual(['provider_failed']);
  });

  it.each([
    { scope: 'shared', resourceId: 'r-9', authorId: 'shared', warns: false },
    { scope: 'caller-supplied', resourceId: 'r-9', authorId: 'r-9', warns: false },
    { scope: 'caller-supplied', resourceId: undefined, authorId: 'default', warns: true },
    { scope: 'per-author', resourceId: 'r-9', authorId: 'ada', warns: false },
    { scope: undefined, resourceId: 'r-9', authorId: 'ada', warns: false },
  ])('scope $scope with resourceId $resourceId -> authorId $authorId', ({ scope, resourceId, authorId, warns }) => {
    const { calls, warnings } = planProviderCalls({
      plan: providerPlan({ github: [{ kind: 'platform', connectionId: 'c1', ...(scope ? { scope } : {}) }] }),
      capabilities: multi,
      toolkitOf: () => undefined,
      authorId: 'ada',
      ...(resourceId ? { resourceId } : {}),
    });
    expect(calls[0]!.connection).toEqual({ kind: 'platform', connectionId: 'c1', authorId });
    expect(warnings.length > 0).toBe(warns);
  });

  it('groups slugs by toolkit, looking up missing toolkits in the catalogue', () => {
    const { calls, warnings } = planProviderCalls({
      plan: providerPlan({}, { CREATE_ISSUE: { toolkit: 'github' }, SEND_MESSAGE: {}, UNKNOWN: {} }),
      capabilities: multi,
      toolkitOf: (slug) => (slug === 'SEND_MESSAGE' ? 'slack' : undefined),
    });
    expect(calls.map((call) => [call.toolkit, call.slugs])).toEqual([
      ['github', ['CREATE_ISSUE']],
      ['slack', ['SEND_MESSAGE']],
    ]);
    expect(warnings.map((warning) => warning.ref)).toEqual(['toolProviders.hub.tools.UNKNOWN']);
  });

  it('a malformed pinned connection is skipped with a warning', () => {
    const { calls, warnings } = planProviderCalls({
      plan: providerPlan({ github: [{ kind: 'nobody' }, { kind: 'author', connectionId: 'ok' }] }),
      capabilities: multi,
      toolkitOf: () => undefined,
    });
    expect(calls.map((call) => call.connection.connectionId)).toEqual(['ok']);
    expect(warnings.map((warning) => warning.ref)).toEqual(['toolProviders.hub.connections.github.0']);
  });
});

describe('provider tools in the merge', () => {
  const issue = tool('CREATE_ISSUE', 'Create an issue');
  const snapshot = { toolProviders: { hub: { tools: { CREATE_ISSUE: { toolkit: 'github' } } } } };
  const call = (connectionId: string, label?: string) => ({
    providerId: 'hub',
    toolkit: 'github',
    slugs: ['CREATE_ISSUE'],
    meta: {},
    connection: { kind: 'author' as const, connectionId },
    ...(label ? { label } : {}),
    ref: `toolProviders.hub.connections.github.${connectionId}`,
  });

  it('several connections: SLUG__<LABEL> names and "Routes through connection" descriptions; one failing connection leaves its sibling', () => {
    const merged = resolve({
      snapshot,
      sources: {
        toolProviders: {
          hub: {
            status: 'loaded',
            warnings: [],
            calls: [
              { call: call('c1', 'work'), outcome: { ok: true, tools: { CREATE_ISSUE: issue } } },
              { call: call('c2', 'home'), outcome: { ok: false, message: 'token expired' } },
            ],
          },
        },
      },
    });
    expect(names(merged)).toEqual(['CREATE_ISSUE__work']);
    expect(merged.tools.CREATE_ISSUE__work).toMatchObject({
      description: 'Create an issue\n\nRoutes through connection: work',
      source: 'provider',
      origin: { providerId: 'hub', toolkit: 'github', connectionId: 'c1', slug: 'CREATE_ISSUE' },
    });
    expect(merged.warnings).toMatchObject([
      { code: 'provider_failed', source: 'provider', ref: 'toolProviders.hub.connections.github.c2' },
    ]);
  });

  it('one connection: the slug as name, an agent description replacing the provider one', () => {
    const merged = resolve({
      snapshot,
      sources: {
        toolProviders: {
          hub: {
            status: 'loaded',
            warnings: [],
            calls: [
              {
                call: { ...call('c1'), meta: { CREATE_ISSUE: { description: 'File a bug' } } },
                outcome: { ok: true, tools: { CREATE_ISSUE: issue } },
              },
            ],
          },
        },
      },
    });
    expect(merged.tools.CREATE_ISSUE!.description).toBe('File a bug');
    expect(merged.explanation.tools.CREATE_ISSUE!.description).toBe('agent');
  });

  it('an unknown provider is skipped with provider_unknown', () => {
    const merged = resolve({ snapshot, sources: {} });
    expect(merged.warnings).toMatchObject([{ code: 'provider_unknown', source: 'provider', ref: 'toolProviders.hub' }]);
  });
});
