/**
 * Loads one integration a plan selected (docs/integrations.md). `tools: {}` asks for the whole
 * catalogue (list, then resolve every slug); keys ask for exactly those slugs. The provider gets the
 * slugs, their configs and `{ requestContext, userId: requestContext.userId }`; an unknown provider,
 * an error or a timeout is a value here and a warning later.
 */
import type { IntegrationProvider } from '../integrations/types';
import type { IntegrationPlan, LoadedIntegration } from '../resolver';
import type { RequestContext } from '../tools';
import { settleWithin } from './settle';
import { keepTools, type ToolIdentities } from './returned-tools';

export interface IntegrationLookup {
  get(id: string): Promise<IntegrationProvider | undefined> | IntegrationProvider | undefined;
}

export async function loadIntegration({
  plan,
  integrations,
  requestContext,
  timeoutMs,
  toolIdentities,
}: {
  plan: IntegrationPlan;
  integrations: IntegrationLookup | undefined;
  requestContext: RequestContext;
  timeoutMs: number;
  toolIdentities: ToolIdentities;
}): Promise<{ loaded: LoadedIntegration; fingerprint: string | undefined }> {
  const found = await settleWithin({
    run: () => integrations?.get(plan.providerId),
    timeoutMs,
    what: 'finding the integration',
  });
  if (!found.ok) return { loaded: { status: 'failed', message: found.message }, fingerprint: `x:${found.message}` };
  const provider = found.value;
  if (!provider) return { loaded: { status: 'unknown' }, fingerprint: 'unknown' };
  const options: { requestContext: RequestContext; userId?: string } = { requestContext };
  if (typeof requestContext.userId === 'string') options.userId = requestContext.userId;
  // The plan's slugs and configs are frozen, so the provider gets them as they are.
  const configs = plan.configs as Record<string, { description?: string }>;
  const resolved = await settleWithin({
    run:
      plan.slugs === 'all'
        ? async (): Promise<unknown> => {
            const slugs = (await provider.listTools({ requestContext })).map((tool) => tool.slug);
            return provider.resolveTools(slugs, configs, options);
          }
        : () => provider.resolveTools(plan.slugs as string[], configs, options),
    timeoutMs,
    what: 'resolving tools',
  });
  if (!resolved.ok)
    return { loaded: { status: 'failed', message: resolved.message }, fingerprint: `x:${resolved.message}` };
  const tools = keepTools(resolved.value);
  return { loaded: { status: 'loaded', tools }, fingerprint: toolIdentities.fingerprint(tools) };
}
