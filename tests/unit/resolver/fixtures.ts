/**
 * Test data for the pure resolver: real tools (createTool), a real registry, and loaded sources
 * written out as plain values — exactly what the loaders hand to `mergeTools`. No mocks.
 */
import type { AgentSnapshot } from '@/lib/snapshots';
import type { McpListedTool } from '@/lib/mcp';
import {
  mergeTools,
  planResolution,
  type CodeAgentInput,
  type LoadedIntegration,
  type LoadedMcpClient,
  type LoadedSources,
  type LoadedCallable,
  type LoadedToolProvider,
  type MergedTools,
} from '@/lib/resolver';
import { createTool, createToolRegistry, type Tool } from '@/lib/tools';
import type { EditorSetting } from '@/lib/versions';

export function tool(id: string, description = `The ${id} tool`, extra: Record<string, unknown> = {}): Tool {
  return createTool({
    id,
    description,
    inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    execute: async () => ({ id }),
    ...extra,
  });
}

export const registry = createToolRegistry({
  tools: Object.fromEntries(
    ['weather', 'search', 'calendar', 'email', 'alpha', 'beta', 'gamma'].map((id) => [id, tool(id)]),
  ),
});

export function listed(name: string, description = `${name} from MCP`): McpListedTool {
  return { name, description, inputSchema: { type: 'object', properties: { [`${name}Input`]: { type: 'string' } } } };
}

/** A loaded MCP client; `toolFor` builds a real tool named as the model sees it. */
export function mcpClient({
  kind = 'saved',
  versionId = 'v1',
  servers,
}: {
  kind?: 'saved' | 'code';
  versionId?: string;
  servers: Array<{
    name: string;
    tools?: Record<string, { description?: string }>;
    listed?: McpListedTool[];
    failure?: string;
  }>;
}): LoadedMcpClient {
  return {
    status: 'loaded',
    kind,
    clientVersionId: versionId,
    servers: servers.map((server) => ({ ...server, listed: server.failure ? undefined : (server.listed ?? []) })),
    toolFor: (neutral) =>
      createTool({
        id: neutral.name,
        description: neutral.description || neutral.name,
        inputSchema: neutral.inputSchema as Record<string, unknown>,
      }),
  };
}

export interface Sources {
  mcpClients?: Record<string, LoadedMcpClient>;
  integrations?: Record<string, LoadedIntegration>;
  toolProviders?: Record<string, LoadedToolProvider>;
  callables?: LoadedCallable[];
}

export function loadedSources(sources: Sources = {}): LoadedSources {
  return {
    registry,
    mcpClients: new Map(Object.entries(sources.mcpClients ?? {})),
    integrations: new Map(Object.entries(sources.integrations ?? {})),
    toolProviders: new Map(Object.entries(sources.toolProviders ?? {})),
    ...(sources.callables ? { callables: sources.callables } : {}),
  };
}

export function codeAgent({
  tools = {},
  editor,
}: { tools?: Record<string, Tool>; editor?: EditorSetting } = {}): CodeAgentInput {
  return { id: 'code-agent', tools, ...(editor === undefined ? {} : { editor }) };
}

/** plan + merge, as the runtime does, over sources already loaded. */
export function resolve({
  snapshot,
  context = {},
  sources,
  agent,
  hasVersion = true,
}: {
  snapshot?: Record<string, unknown> | AgentSnapshot;
  context?: Record<string, unknown>;
  sources?: Sources;
  agent?: CodeAgentInput;
  hasVersion?: boolean;
}): MergedTools {
  const plan = planResolution({
    version: hasVersion ? { id: 'version-1', snapshot: (snapshot ?? {}) as AgentSnapshot } : undefined,
    ...(agent ? { codeAgent: agent } : {}),
    requestContext: context,
  });
  return mergeTools({ plan, loaded: loadedSources(sources) });
}

export const names = (merged: MergedTools) => Object.keys(merged.tools).sort();
export const codes = (merged: MergedTools) => merged.warnings.map((warning) => warning.code);

export const tierIs = (tier: string) => ({
  operator: 'AND' as const,
  conditions: [{ field: 'tier', operator: 'equals' as const, value: tier }],
});
