/**
 * Registered tools and tool providers as the pages show them, read from the running studio's
 * registries with the same functions and shapes as `GET /api/tools` and `GET /api/tool-providers`.
 */
import { pageOfSorted, type Page } from '@/lib/pagination';
import { describeToolProvider, listProviderTools, type ToolProviderSummary } from '@/lib/sources';
import type { Studio } from '@/lib/studio-handle';
import { describeTool, type ToolDescription } from '@/lib/tools';

export { describeTool, type ToolDescription };

/** One page of the registry, sorted by id; a cursor the paging refuses throws `invalid_input`. */
export function toolPage(studio: Studio, request: { limit: number; cursor?: string }): Page<ToolDescription> {
  const page = pageOfSorted({ items: studio.tools.list(), keyOf: (tool) => tool.id, request });
  return { items: page.items.map(describeTool), nextCursor: page.nextCursor };
}

/** Every registered provider with its toolkits; one that fails or hangs is listed with its error. */
export function listToolProviders(studio: Studio): Promise<ToolProviderSummary[]> {
  const timeoutMs = studio.settings.mcp.listTimeoutMs;
  return Promise.all(studio.toolProviders.list().map((provider) => describeToolProvider({ provider, timeoutMs })));
}

/** One toolkit's tools, or none when the provider failed to list them (the picker shows what it has). */
export async function toolkitTools(studio: Studio, providerId: string, toolkit: string) {
  const provider = studio.toolProviders.get(providerId);
  if (!provider) return [];
  try {
    return await listProviderTools({ provider, toolkit, timeoutMs: studio.settings.mcp.listTimeoutMs });
  } catch {
    return [];
  }
}
