/**
 * Loads one tool provider a plan selected (docs/resolution.md, "Tool providers"): the pure fan-out decides one
 * call per (toolkit, pinned connection); each call runs under its own timeout, so a failing or slow
 * connection leaves its siblings alone. Tools pinned without a toolkit are looked up in the
 * provider's catalogue first (only then is the catalogue read).
 */
import {
  planProviderCalls,
  type LoadedProviderCall,
  type LoadedToolProvider,
  type ResolutionWarning,
  type ToolProviderPlan,
} from '../resolver';
import type { ToolProvider } from '../tool-providers';
import type { RequestContext } from '../tools';
import { keepTools, type ToolIdentities } from './returned-tools';
import { settleWithin } from './settle';

export interface ToolProviderLookup {
  get(id: string): ToolProvider | undefined;
}

interface LoadParams {
  plan: ToolProviderPlan;
  providers: ToolProviderLookup | undefined;
  requestContext: RequestContext;
  resourceId?: string;
  authorId?: string;
  timeoutMs: number;
  toolIdentities: ToolIdentities;
}

/** slug -> toolkit from the provider's catalogue, for tools pinned without a toolkit. */
async function catalogueToolkits(provider: ToolProvider): Promise<Map<string, string>> {
  const toolkits = await provider.listToolkits();
  const lists = await Promise.all(toolkits.map((toolkit) => provider.listTools({ toolkit: toolkit.slug })));
  const bySlug = new Map<string, string>();
  lists.forEach((tools, index) => {
    for (const tool of tools) if (!bySlug.has(tool.slug)) bySlug.set(tool.slug, tool.toolkit ?? toolkits[index]!.slug);
  });
  return bySlug;
}

export async function loadToolProvider({
  plan,
  providers,
  requestContext,
  resourceId,
  authorId,
  timeoutMs,
  toolIdentities,
}: LoadParams): Promise<{
  loaded: LoadedToolProvider;
  /** `undefined` when the state is not worth remembering (see ToolIdentities). */
  fingerprint: string | undefined;
}> {
  const provider = providers?.get(plan.providerId);
  if (!provider) return { loaded: { status: 'unknown' }, fingerprint: 'unknown' };
  const warnings: ResolutionWarning[] = [];
  let effectivePlan = plan;
  let toolkits = new Map<string, string>();
  if (Object.values(plan.tools).some((meta) => meta.toolkit === undefined)) {
    const catalogue = await settleWithin({
      run: () => catalogueToolkits(provider),
      timeoutMs,
      what: 'reading the catalogue',
    });
    if (catalogue.ok) toolkits = catalogue.value;
    else {
      warnings.push({
        code: 'provider_failed',
        message: `Tool provider "${plan.providerId}": reading its catalogue failed (${catalogue.message}); tools pinned without a toolkit are left out`,
        source: 'provider',
        ref: `toolProviders.${plan.providerId}`,
      });
      effectivePlan = {
        ...plan,
        tools: Object.fromEntries(Object.entries(plan.tools).filter(([, meta]) => meta.toolkit !== undefined)),
      };
    }
  }
  const fanOut = planProviderCalls({
    plan: effectivePlan,
    capabilities: provider.capabilities,
    toolkitOf: (slug) => toolkits.get(slug),
    authorId,
    resourceId,
  });
  warnings.push(...fanOut.warnings);
  const calls: LoadedProviderCall[] = await Promise.all(
    fanOut.calls.map(async (call): Promise<LoadedProviderCall> => {
      const settled = await settleWithin({
        run: () =>
          provider.resolveTools({
            toolkit: call.toolkit,
            slugs: call.slugs,
            meta: call.meta,
            connection: call.connection,
            requestContext,
          }),
        timeoutMs,
        what: 'resolving tools',
      });
      return {
        call,
        outcome: settled.ok ? { ok: true, tools: keepTools(settled.value) } : { ok: false, message: settled.message },
      };
    }),
  );
  const parts = warnings.map((warning) => warning.message);
  for (const { call, outcome } of calls) {
    const returned = outcome.ok ? toolIdentities.fingerprint(outcome.tools) : `x:${outcome.message}`;
    if (returned === undefined) return { loaded: { status: 'loaded', calls, warnings }, fingerprint: undefined };
    const { toolkit, connection } = call;
    parts.push([toolkit, connection.kind, connection.connectionId, connection.authorId ?? '', returned].join('/'));
  }
  return { loaded: { status: 'loaded', calls, warnings }, fingerprint: parts.join('|') };
}
