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
import { identityFingerprint, keepTools } from './returned-tools';
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

type FanOut = ReturnType<typeof planProviderCalls>;

/**
 * The fan-out of a plan whose tools all name their toolkit depends only on the plan, the provider's
 * capabilities and the two identities, so the last one is kept per plan (plans are reused while the
 * version and matched variants are). What goes to the provider is frozen, since it is shared.
 */
const lastFanOuts = new WeakMap<
  ToolProviderPlan,
  { capabilities: object; authorId: string | undefined; resourceId: string | undefined; fanOut: FanOut }
>();

function fanOutOf({
  plan,
  capabilities,
  authorId,
  resourceId,
  compute,
}: {
  plan: ToolProviderPlan;
  capabilities: ToolProvider['capabilities'];
  authorId: string | undefined;
  resourceId: string | undefined;
  compute: () => FanOut;
}): FanOut {
  const last = lastFanOuts.get(plan);
  if (last && last.capabilities === capabilities && last.authorId === authorId && last.resourceId === resourceId)
    return last.fanOut;
  const fanOut = compute();
  for (const call of fanOut.calls) {
    Object.freeze(call.slugs);
    Object.freeze(call.meta);
    for (const meta of Object.values(call.meta)) Object.freeze(meta);
    Object.freeze(call.connection);
    Object.freeze(call);
  }
  Object.freeze(fanOut.calls);
  for (const warning of fanOut.warnings) Object.freeze(warning);
  Object.freeze(fanOut.warnings);
  lastFanOuts.set(plan, { capabilities, authorId, resourceId, fanOut });
  return fanOut;
}

export async function loadToolProvider({
  plan,
  providers,
  requestContext,
  resourceId,
  authorId,
  timeoutMs,
}: LoadParams): Promise<{
  loaded: LoadedToolProvider;
  /** `undefined` when the state is not worth remembering (see identityFingerprint). */
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
  const compute = () =>
    planProviderCalls({
      plan: effectivePlan,
      capabilities: provider.capabilities,
      toolkitOf: (slug) => toolkits.get(slug),
      ...(authorId === undefined ? {} : { authorId }),
      ...(resourceId === undefined ? {} : { resourceId }),
    });
  // Without a catalogue read the fan-out depends on nothing else, so it can be kept per plan.
  const fanOut =
    effectivePlan === plan && toolkits.size === 0
      ? fanOutOf({ plan, capabilities: provider.capabilities, authorId, resourceId, compute })
      : compute();
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
    const returned = outcome.ok ? identityFingerprint(outcome.tools) : `x:${outcome.message}`;
    if (returned === undefined) return { loaded: { status: 'loaded', calls, warnings }, fingerprint: undefined };
    const { toolkit, connection } = call;
    parts.push([toolkit, connection.kind, connection.connectionId, connection.authorId ?? '', returned].join('/'));
  }
  return { loaded: { status: 'loaded', calls, warnings }, fingerprint: parts.join('|') };
}
