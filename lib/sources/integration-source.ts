/**
 * Loads one integration a plan selected (docs/integrations.md). `tools: {}` asks for the whole
 * catalogue (list, then resolve every slug); keys ask for exactly those slugs. The provider gets the
 * slugs, their configs and `{ requestContext, userId: requestContext.userId }`; an unknown provider,
 * an error or a timeout is a value here and a warning later.
 */
import type { IntegrationProvider } from '../integrations';
import type { IntegrationPlan, LoadedIntegration } from '../resolver';
import type { RequestContext } from '../tools';
import { settleWithin } from './settle';
import { identityFingerprint, keepTools } from './returned-tools';

export interface IntegrationLookup {
  get(id: string): Promise<IntegrationProvider | undefined> | IntegrationProvider | undefined;
}

export async function loadIntegration({
  plan,
  integrations,
  requestContext,
  timeoutMs,
}: {
  plan: IntegrationPlan;
  integrations: IntegrationLookup | undefined;
  requestContext: RequestContext;
  timeoutMs: number;
}): Promise<{ loaded: LoadedIntegration; fingerprint: string | undefined }> {
  const found = await settleWithin({
    run: () => integrations?.get(plan.providerId),
    timeoutMs,
    what: 'finding the integration',
  });
  if (!found.ok) return { loaded: { status: 'failed', message: found.message }, fingerprint: `x:${found.message}` };
  const provider = found.value;
  if (!provider) return { loaded: { status: 'unknown' }, fingerprint: 'unknown' };
  const userId = typeof requestContext.userId === 'string' ? requestContext.userId : undefined;
  const resolved = await settleWithin({
    run: async (): Promise<unknown> => {
      const slugs =
        plan.slugs === 'all' ? (await provider.listTools({ requestContext })).map((tool) => tool.slug) : plan.slugs;
      const configs = Object.fromEntries(
        Object.entries(plan.configs).map(([slug, config]) => [slug, config as { description?: string }]),
      );
      return provider.resolveTools(slugs, configs, { requestContext, ...(userId === undefined ? {} : { userId }) });
    },
    timeoutMs,
    what: 'resolving tools',
  });
  if (!resolved.ok)
    return { loaded: { status: 'failed', message: resolved.message }, fingerprint: `x:${resolved.message}` };
  const tools = keepTools(resolved.value);
  return { loaded: { status: 'loaded', tools }, fingerprint: identityFingerprint(tools) };
}
