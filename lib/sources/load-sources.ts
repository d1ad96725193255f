/**
 * Step two of resolution (plan, load, merge), the IO: every source a plan selected is loaded concurrently,
 * each under its own timeout, all inside one overall deadline (`settings.resolveDeadlineMs`). What
 * comes back is data for the pure `mergeTools`, plus a fingerprint of the source state (MCP list
 * hashes, client versions, returned tool identities) that keys the runtime's memo. A source still
 * running at the deadline is recorded as failed; its late result is ignored.
 */
import type { McpPool } from '../mcp';
import {
  authTokenKey,
  type LoadedIntegration,
  type LoadedMcpClient,
  type LoadedSources,
  type LoadedToolProvider,
  type ResolutionPlan,
} from '../resolver';
import { freezeRequestContext, type RequestContext, type Tool } from '../tools';
import { loadIntegration, type IntegrationLookup } from './integration-source';
import { loadMcpClient, type CodeMcpServer } from './mcp-source';
import { createElicitationWaits } from './mcp-elicitation-waits';
import { createMcpToolFactory } from './mcp-tool';
import { loadToolProvider, type ToolProviderLookup } from './provider-source';
import { createToolIdentities } from './returned-tools';
import { createSavedClientCache, type ChangeNotifyingReader } from './saved-client-cache';
import { raceDeadline } from './settle';

export interface SourceLoaderOptions {
  registry: { get(id: string): Tool | undefined };
  mcpPool: McpPool;
  /** `createStudio({ mcpServers })`. */
  codeMcpServers?: Readonly<Record<string, CodeMcpServer>>;
  /** The editor's saved clients (`getLatestWithSecrets`, and `onChange` to evict the cache). */
  savedMcpClients?: ChangeNotifyingReader;
  /** How long another process's edit of a saved client may take to be seen when nothing announces it (default 1 s). */
  savedClientTtlMs?: number;
  /** The storage's `generation()`, which moves when another process's announced change arrives. */
  storageGeneration?: () => number;
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
  /** The caller's abort (e.g. the HTTP request went away): stops waiting like the deadline does. */
  signal?: AbortSignal;
}

export interface SourceLoader {
  /**
   * The fingerprint keys the runtime's memo; `undefined` when a source returned tools never seen
   * before, so there is nothing to reuse.
   */
  load(request: LoadRequest): Promise<{ loaded: LoadedSources; fingerprint: string | undefined }>;
}

type Slot<T> = { loaded: T; fingerprint: string | undefined } | undefined;

export function createSourceLoader(options: SourceLoaderOptions): SourceLoader {
  const codeServers = new Map(Object.entries(options.codeMcpServers ?? {}));
  const savedClients =
    options.savedMcpClients &&
    createSavedClientCache({
      reader: options.savedMcpClients,
      ttlMs: options.savedClientTtlMs ?? 1_000,
      writeCount: options.storageGeneration,
    });
  const mcp = {
    pool: options.mcpPool,
    // MCP calls held open while their run waits for an elicitation answer: this loader's own.
    factory: createMcpToolFactory({ pool: options.mcpPool, waits: createElicitationWaits() }),
    codeServers,
    states: new Map(),
    savedClients,
  };
  const toolIdentities = createToolIdentities();
  const timeoutMs = Math.min(options.sourceTimeoutMs, options.deadlineMs);
  // What a plan without stateful sources loads: the same (read-only) answer every time.
  const nothingLoaded = Object.freeze({
    loaded: Object.freeze({
      registry: options.registry,
      mcpClients: new Map<string, LoadedMcpClient>(),
      integrations: new Map<string, LoadedIntegration>(),
      toolProviders: new Map<string, LoadedToolProvider>(),
    }),
    fingerprint: '',
  });

  return {
    async load({ plan, requestContext, resourceId, signal }) {
      if (plan.mcpClients.length + plan.integrations.length + plan.toolProviders.length === 0) return nothingLoaded;
      const mcpClients = new Map<string, LoadedMcpClient>();
      const integrations = new Map<string, LoadedIntegration>();
      const toolProviders = new Map<string, LoadedToolProvider>();
      const loaded: LoadedSources = { registry: options.registry, mcpClients, integrations, toolProviders };

      const token = requestContext[authTokenKey];
      const authToken = typeof token === 'string' && token !== '' ? token : undefined;
      // Integrations and providers are foreign code: they get a frozen copy of the context.
      const foreignContext =
        plan.integrations.length + plan.toolProviders.length > 0
          ? freezeRequestContext(requestContext)
          : requestContext;
      const mcpSlots: Array<Slot<LoadedMcpClient>> = plan.mcpClients.map(() => undefined);
      const integrationSlots: Array<Slot<LoadedIntegration>> = plan.integrations.map(() => undefined);
      const providerSlots: Array<Slot<LoadedToolProvider>> = plan.toolProviders.map(() => undefined);
      // What integrations and tool providers are both given.
      const foreign = { requestContext: foreignContext, timeoutMs, toolIdentities };
      const work = Promise.all([
        ...plan.mcpClients.map(async (client, index) => {
          mcpSlots[index] = await loadMcpClient({ clientId: client.clientId, authToken, dependencies: mcp });
        }),
        ...plan.integrations.map(async (integration, index) => {
          integrationSlots[index] = await loadIntegration({
            ...foreign,
            plan: integration,
            integrations: options.integrations,
          });
        }),
        ...plan.toolProviders.map(async (provider, index) => {
          providerSlots[index] = await loadToolProvider({
            ...foreign,
            plan: provider,
            providers: options.toolProviders,
            resourceId,
            authorId: plan.authorId,
          });
        }),
      ]);
      const cutOff = await raceDeadline({ work, timeoutMs: options.deadlineMs, signal });
      const late = (message: string) => ({
        loaded: { status: 'failed' as const, message },
        fingerprint: `x:${message}`,
      });

      const parts: string[] = [];
      let memoisable = true;
      plan.mcpClients.forEach((client, index) => {
        const slot = mcpSlots[index] ?? late(cutOff ?? 'not loaded');
        mcpClients.set(client.clientId, slot.loaded);
        parts.push(`m:${client.clientId}=${slot.fingerprint}`);
      });
      plan.integrations.forEach((integration, index) => {
        const slot = integrationSlots[index] ?? late(cutOff ?? 'not loaded');
        integrations.set(integration.providerId, slot.loaded);
        if (slot.fingerprint === undefined) memoisable = false;
        else parts.push(`i:${integration.providerId}=${slot.fingerprint}`);
      });
      plan.toolProviders.forEach((provider, index) => {
        const slot = providerSlots[index] ?? late(cutOff ?? 'not loaded');
        toolProviders.set(provider.providerId, slot.loaded);
        if (slot.fingerprint === undefined) memoisable = false;
        else parts.push(`p:${provider.providerId}=${slot.fingerprint}`);
      });
      return { loaded, fingerprint: memoisable ? parts.join('\n') : undefined };
    },
  };
}
