/**
 * Step two of resolution (section 8), the IO: every source a plan selected is loaded concurrently,
 * each under its own timeout, all inside one overall deadline (`settings.resolveDeadlineMs`). What
 * comes back is data for the pure `mergeTools`, plus a fingerprint of the source state (MCP list
 * hashes, client versions, returned tool identities) that keys the runtime's memo.
 */
import type { McpPool } from '../mcp';
import { authTokenKey, type LoadedIntegration, type LoadedMcpClient, type LoadedSources, type LoadedToolProvider, type ResolutionPlan } from '../resolver';
import type { RequestContext, Tool } from '../tools';
import { loadIntegration, type IntegrationLookup } from './integration-source';
import { loadMcpClient, type CodeMcpServer, type SavedMcpClientReader } from './mcp-source';
import { createMcpToolFactory } from './mcp-tool';
import { loadToolProvider, type ToolProviderLookup } from './provider-source';
import { createResolutionDeadline, type ResolutionDeadline } from './settle';

export interface SourceLoaderOptions {
  registry: { get(id: string): Tool | undefined };
  mcpPool: McpPool;
  /** `createStudio({ mcpServers })`. */
  codeMcpServers?: Readonly<Record<string, CodeMcpServer>>;
  savedMcpClients?: SavedMcpClientReader;
  integrations?: IntegrationLookup;
  toolProviders?: ToolProviderLookup;
  /** The whole resolution's budget. */
  deadlineMs: number;
  /** Each integration and provider call's budget (MCP listing has the pool's per-server timeout). */
  sourceTimeoutMs: number;
}

export interface LoadRequest {
  plan: ResolutionPlan;
  requestContext: RequestContext;
  resourceId?: string;
  signal?: AbortSignal;
}

export interface SourceLoader {
  load(request: LoadRequest): Promise<{ loaded: LoadedSources; fingerprint: string }>;
}

export function createSourceLoader(options: SourceLoaderOptions): SourceLoader {
  const codeServers = new Map(Object.entries(options.codeMcpServers ?? {}));
  const mcp = { pool: options.mcpPool, factory: createMcpToolFactory({ pool: options.mcpPool }), codeServers, savedClients: options.savedMcpClients };
  const timeoutMs = Math.min(options.sourceTimeoutMs, options.deadlineMs);

  return {
    async load({ plan, requestContext, resourceId, signal }) {
      const mcpClients = new Map<string, LoadedMcpClient>();
      const integrations = new Map<string, LoadedIntegration>();
      const toolProviders = new Map<string, LoadedToolProvider>();
      const loaded: LoadedSources = { registry: options.registry, mcpClients, integrations, toolProviders };
      if (plan.mcpClients.length + plan.integrations.length + plan.toolProviders.length === 0) return { loaded, fingerprint: '' };

      const token = requestContext[authTokenKey];
      const authToken = typeof token === 'string' && token !== '' ? token : undefined;
      let deadline: ResolutionDeadline | undefined;
      try {
        deadline = createResolutionDeadline({ timeoutMs: options.deadlineMs, ...(signal ? { signal } : {}) });
        const within = deadline.signal;
        const [mcpResults, integrationResults, providerResults] = await Promise.all([
          Promise.all(plan.mcpClients.map((client) => loadMcpClient({ clientId: client.clientId, authToken, signal: within, dependencies: mcp }))),
          Promise.all(
            plan.integrations.map((integration) =>
              loadIntegration({ plan: integration, integrations: options.integrations, requestContext, timeoutMs, signal: within }),
            ),
          ),
          Promise.all(
            plan.toolProviders.map((provider) =>
              loadToolProvider({
                plan: provider,
                providers: options.toolProviders,
                requestContext,
                ...(resourceId === undefined ? {} : { resourceId }),
                ...(plan.authorId === undefined ? {} : { authorId: plan.authorId }),
                timeoutMs,
                signal: within,
              }),
            ),
          ),
        ]);
        const parts: string[] = [];
        plan.mcpClients.forEach((client, index) => {
          mcpClients.set(client.clientId, mcpResults[index]!.loaded);
          parts.push(`m:${client.clientId}=${mcpResults[index]!.fingerprint}`);
        });
        plan.integrations.forEach((integration, index) => {
          integrations.set(integration.providerId, integrationResults[index]!.loaded);
          parts.push(`i:${integration.providerId}=${integrationResults[index]!.fingerprint}`);
        });
        plan.toolProviders.forEach((provider, index) => {
          toolProviders.set(provider.providerId, providerResults[index]!.loaded);
          parts.push(`p:${provider.providerId}=${providerResults[index]!.fingerprint}`);
        });
        return { loaded, fingerprint: parts.join('\n') };
      } finally {
        deadline?.dispose();
      }
    },
  };
}
