/**
 * What `GET /api/tool-providers` shows: each provider with its capabilities, toolkits and the
 * connections the editor may pin. Every provider call runs under a timeout; a failing provider is
 * listed with its error rather than failing the list.
 */
import { definedFields } from '../defined-fields';
import { StudioError } from '../errors';
import type {
  ProviderConnectionDescription,
  ProviderToolDescription,
  ToolkitDescription,
  ToolProvider,
  ToolProviderCapabilities,
} from '../tool-providers';
import { settleWithin } from './settle';

export interface ToolkitSummary extends ToolkitDescription {
  connections: ProviderConnectionDescription[];
}

export interface ToolProviderSummary {
  id: string;
  name: string;
  description?: string;
  capabilities: ToolProviderCapabilities;
  toolkits: ToolkitSummary[];
  /** Why the toolkits could not be listed. */
  error?: string;
}

export async function describeToolProvider({
  provider,
  timeoutMs,
}: {
  provider: ToolProvider;
  timeoutMs: number;
}): Promise<ToolProviderSummary> {
  const summary = definedFields({
    id: provider.id,
    name: provider.name,
    description: provider.description || undefined,
    capabilities: provider.capabilities,
  });
  const listed = await settleWithin({
    run: async () => {
      const toolkits = await provider.listToolkits();
      return Promise.all(
        toolkits.map(async (toolkit): Promise<ToolkitSummary> => ({
          ...toolkit,
          connections: provider.listConnections ? await provider.listConnections({ toolkit: toolkit.slug }) : [],
        })),
      );
    },
    timeoutMs,
    what: 'listing toolkits',
  });
  return listed.ok ? { ...summary, toolkits: listed.value } : { ...summary, toolkits: [], error: listed.message };
}

/** One toolkit's tools; a provider that fails or runs out of time is a `tool_failed` error. */
export async function listProviderTools({
  provider,
  toolkit,
  timeoutMs,
}: {
  provider: ToolProvider;
  toolkit: string;
  timeoutMs: number;
}): Promise<ProviderToolDescription[]> {
  const listed = await settleWithin({ run: () => provider.listTools({ toolkit }), timeoutMs, what: 'listing tools' });
  if (listed.ok) return listed.value;
  throw new StudioError('tool_failed', `Tool provider "${provider.id}" could not list its tools: ${listed.message}`, {
    id: provider.id,
  });
}
