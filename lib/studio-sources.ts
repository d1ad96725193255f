/**
 * The tool sources `createStudio` builds: the pool of MCP connections (how its servers may connect,
 * and the tool lists it keeps in storage) and the loader of every source an agent may name.
 */
import type { Storage } from '../db/storage';
import { storedLaunchEntries, type Editor } from './editor';
import type { Settings } from './env';
import type { IntegrationService } from './integrations';
import type { Logger } from './logger';
import { createMcpPool, type McpConnectionPolicy, type McpPool } from './mcp';
import type { Outbound } from './net';
import { createSourceLoader, createStoredMcpListings, type CodeMcpServer, type StoredMcpListings } from './sources';
import type { ToolProviderRegistry } from './tool-providers';
import type { Tool, ToolRegistry } from './tools';

/**
 * The loader of every tool source an agent may name. Stored agents select the built-in tools by
 * id, like registered ones (which win); this studio's own set sends `web_fetch` through its
 * outbound guard.
 */
export function buildSourceLoader({
  codeMcpServers,
  settings,
  tools,
  builtInTools,
  mcpPool,
  savedMcpClients,
  storageGeneration,
  integrations,
  toolProviders,
}: {
  codeMcpServers: Record<string, CodeMcpServer> | undefined;
  settings: Settings;
  tools: ToolRegistry;
  builtInTools: Readonly<Record<string, Tool>>;
  mcpPool: McpPool;
  savedMcpClients: Editor['mcpClients'];
  storageGeneration: () => number;
  integrations: IntegrationService;
  toolProviders: ToolProviderRegistry;
}) {
  return createSourceLoader({
    registry: {
      get: (id: string) => tools.get(id) ?? (Object.hasOwn(builtInTools, id) ? builtInTools[id] : undefined),
    },
    mcpPool,
    codeMcpServers,
    savedMcpClients,
    storageGeneration,
    integrations,
    toolProviders,
    deadlineMs: settings.resolveDeadlineMs,
    sourceTimeoutMs: settings.mcp.listTimeoutMs,
  });
}

/**
 * The pool of MCP connections. A saved client's connections and cached lists are keyed by its
 * version; dropping them on change closes the old connections now instead of when they go idle.
 */
export function mcpPoolOf({
  settings,
  storage,
  logger,
  outbound,
  editor,
}: {
  settings: Settings;
  storage: Storage;
  logger: Logger;
  outbound: Outbound;
  editor: Pick<Editor, 'mcpClients' | 'stdioLaunchSpecs'>;
}): { mcpPool: McpPool; storedListings: StoredMcpListings } {
  // Every list a server gives is kept, for the linter of any process (and after a restart).
  const storedListings = createStoredMcpListings({ queries: storage.queries.mcpClients, logger });
  const mcpPool = createMcpPool({
    settings: settings.mcp,
    logger,
    connectionPolicy: connectionPolicyOf({ settings, storage, outbound }),
    onToolsListed: storedListings.save,
  });
  editor.mcpClients.onChange((event) => mcpPool.evictClient(event.clientId));
  // A running child of a removed spec stops: the next use spawns again, and the spawn checks it.
  editor.stdioLaunchSpecs.onRemoved(() => mcpPool.evictSavedClients());
  return { mcpPool, storedListings };
}

/**
 * Saved stdio servers start when the setting or a launch spec an admin stored admits them (read at
 * each spawn); HTTP servers go through the outbound guard, refusing internal addresses for a client
 * a non-admin wrote.
 */
function connectionPolicyOf({
  settings,
  storage,
  outbound,
}: {
  settings: Settings;
  storage: Storage;
  outbound: Outbound;
}): McpConnectionPolicy {
  return {
    stdio: settings,
    approvedLaunchEntries: () => storedLaunchEntries(storage.queries.stdioLaunchSpecs),
    fetch: outbound.configured.fetch,
    fetchRefusingInternal: outbound.configuredRefusingInternal.fetch,
  };
}
