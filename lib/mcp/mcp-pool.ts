/**
 * The connection pool and tool-list cache for saved MCP clients (spec/mcp.md section 2).
 * - One entry per (client, client version, server, auth-token hash): a connection, its cached list,
 *   its failure state. Concurrent requests share one connect and one listing.
 * - At most `maxPooledConnections` connections (least recently used closed first); idle ones are
 *   closed by a background sweep. Closing never blocks a request: a stdio child may take seconds.
 * - A failing server is retried with exponential backoff; meanwhile its last failure is reported
 *   at once. Failures are values (`listTools`) or `McpServerError`s (`callTool`), never empty lists.
 * `now` drives TTL, idle and backoff decisions (injectable); timeouts use real timers.
 */
import { fail, type Result } from '../errors';
import { silentLogger, type Logger } from '../logger';
import type { McpServerError } from './mcp-server-error';
import { createPoolConnections } from './pool-connections';
import { createPoolEntry, isDisposable, poolKeyString, type McpToolList, type PoolEntry } from './pool-entry';
import { createPoolOperations } from './pool-operations';
import { probeServer, type McpProbeResult } from './probe-server';
import type {
  McpBackoffSettings,
  McpCallToolResult,
  McpConnectionPolicy,
  McpPoolKey,
  McpPoolSettings,
  McpPoolStats,
  McpServerConfig,
} from './types';

export interface McpToolListChangedEvent {
  clientId: string;
  clientVersionId: string;
  serverName: string;
  toolList: McpToolList;
}

export interface McpPool {
  /** The server's tools, from the cache while fresh; a failure is a result, never an empty list. */
  listTools(params: {
    key: McpPoolKey;
    server: McpServerConfig;
    signal?: AbortSignal;
  }): Promise<Result<McpToolList, McpServerError>>;
  /** Calls a tool; `isError` results are returned, transport failures and timeouts throw `McpServerError`. */
  callTool(params: {
    key: McpPoolKey;
    server: McpServerConfig;
    name: string;
    arguments?: Record<string, unknown>;
    signal?: AbortSignal;
  }): Promise<McpCallToolResult>;
  /**
   * A connection test: a fresh, unpooled connect + full listing within the server's listing budget,
   * closed afterwards (`closeAll` waits for that close). Pooled connections, cached lists and
   * backoff state are neither used nor changed. Counted in `connects` and `toolListRequests`.
   */
  probe(params: {
    server: McpServerConfig;
    serverName: string;
    authToken?: string;
    signal?: AbortSignal;
  }): Promise<McpProbeResult>;
  /** Called after a `tools/list_changed` notification has been answered with a fresh list. */
  onToolListChanged(listener: (event: McpToolListChangedEvent) => void): () => void;
  /** Drops every connection, cached list and failure state of a saved client (it changed or was deleted). */
  evictClient(clientId: string): void;
  /** Closes connections unused for `idleCloseMs` (also run by a background timer); returns how many. */
  closeIdle(): number;
  /** Closes everything and waits for it; later requests fail. */
  closeAll(): Promise<void>;
  stats(): McpPoolStats;
}

export interface CreateMcpPoolParams {
  settings: McpPoolSettings;
  logger?: Logger;
  now?: () => number;
  backoff?: McpBackoffSettings;
  /** The stdio allow-list and the guarded fetch; the product always passes both. */
  connectionPolicy?: McpConnectionPolicy;
}

export const defaultBackoff: McpBackoffSettings = { initialMs: 1_000, maxMs: 60_000 };

export function createMcpPool({
  settings,
  logger = silentLogger,
  now = Date.now,
  backoff = defaultBackoff,
  connectionPolicy = {},
}: CreateMcpPoolParams): McpPool {
  const entries = new Map<string, PoolEntry>();
  const counters = { connects: 0, connectFailures: 0, toolListRequests: 0, toolCalls: 0, closes: 0 };
  const connections = createPoolConnections({
    settings,
    logger,
    now,
    backoff,
    counters,
    entries,
    connectionPolicy,
    onToolListChanged: (entry, pooled) => operations.handleToolListChanged(entry, pooled),
  });
  const operations = createPoolOperations({ settings, logger, now, counters, ...connections });

  const entryFor = (key: McpPoolKey, server: McpServerConfig): PoolEntry => {
    const keyString = poolKeyString({ key, server });
    const listTimeoutMs = server.timeout ?? settings.listTimeoutMs;
    const entry = entries.get(keyString) ?? createPoolEntry({ key, keyString, listTimeoutMs, now: now() });
    entry.listTimeoutMs = listTimeoutMs;
    // Re-inserting keeps the map in least-recently-used-first order for the LRU cap.
    entries.delete(keyString);
    entries.set(keyString, entry);
    entry.lastUsedAt = now();
    return entry;
  };

  const closeIdle = () => {
    const current = now();
    let closed = 0;
    for (const entry of [...entries.values()]) {
      const pooled = entry.pooled;
      if (pooled && pooled.activeOperations === 0 && current - pooled.lastUsedAt >= settings.idleCloseMs) {
        connections.retire(entry, pooled);
        closed += 1;
      }
      if (isDisposable({ entry, now: current, toolListTtlMs: settings.toolListTtlMs, backoff }))
        entries.delete(entry.keyString);
    }
    return closed;
  };

  const shutdown = new AbortController();
  const probes = new Set<Promise<McpProbeResult>>();

  const sweepTimer = setInterval(closeIdle, Math.max(10, Math.min(Math.floor(settings.idleCloseMs / 2), 30_000)));
  sweepTimer.unref();

  return {
    listTools: ({ key, server, signal }) =>
      connections.isShutDown()
        ? Promise.resolve(fail(connections.closedPoolError(key.serverName)))
        : operations.listTools({ entry: entryFor(key, server), server, authToken: key.authToken, signal }),
    callTool: ({ key, server, name, arguments: toolArguments, signal }) =>
      operations.callTool({
        entry: entryFor(key, server),
        server,
        authToken: key.authToken,
        name,
        toolArguments,
        signal,
      }),
    probe({ server, serverName, authToken, signal }) {
      if (connections.isShutDown())
        return Promise.resolve({ ok: false, error: connections.closedPoolError(serverName), latencyMs: 0 });
      const probing = probeServer({
        server,
        serverName,
        // Like the pool's own connections: stdio servers never receive the caller's token.
        ...(authToken !== undefined && server.type === 'http' ? { authToken } : {}),
        timeoutMs: server.timeout ?? settings.listTimeoutMs,
        // Connection tests are for saved clients: always checked against the allow-list.
        allowedCommands: connectionPolicy.stdioAllowedCommands,
        fetch: connectionPolicy.fetch,
        // Shutdown cuts a running test short rather than waiting out its timeout.
        signal: signal ? AbortSignal.any([signal, shutdown.signal]) : shutdown.signal,
        logger,
        trackClose: connections.trackClose,
        onConnect: () => {
          counters.connects += 1;
        },
        onListRequest: () => {
          counters.toolListRequests += 1;
        },
      });
      probes.add(probing);
      void probing.finally(() => probes.delete(probing));
      return probing;
    },
    onToolListChanged: operations.onToolListChanged,
    evictClient(clientId) {
      for (const entry of [...entries.values()]) {
        if (entry.clientId !== clientId) continue;
        entry.removed = true;
        entry.toolList = undefined;
        if (entry.pooled) connections.retire(entry, entry.pooled);
        entries.delete(entry.keyString);
      }
    },
    closeIdle,
    async closeAll() {
      clearInterval(sweepTimer);
      shutdown.abort(connections.closedPoolError('*'));
      // A connection test hands its connection to trackClose when it ends; wait for that first.
      await Promise.allSettled([...probes]);
      for (const entry of entries.values()) entry.removed = true;
      entries.clear();
      // At shutdown in-flight calls are not waited for: they fail with a closed connection.
      await connections.shutDownAndClose();
    },
    stats() {
      const current = now();
      let openConnections = 0;
      let cachedToolLists = 0;
      for (const entry of entries.values()) {
        if (entry.pooled) openConnections += 1;
        if (entry.toolList && current - entry.toolList.fetchedAt < settings.toolListTtlMs) cachedToolLists += 1;
      }
      return { ...counters, openConnections, cachedToolLists };
    },
  };
}
