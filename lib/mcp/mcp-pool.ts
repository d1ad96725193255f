/**
 * The connection pool and tool-list cache for saved MCP clients (docs/mcp.md, "The pool").
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
import { fetchFor, stdioPolicyOf } from './connection-policy';
import type { InternalAddresses } from '../auth';
import type { McpElicitationHandler } from './elicitation-routing';
import { createPoolConnections } from './pool-connections';
import type { ListedServer, McpToolList, McpToolListChangedEvent } from './pool-entry';
import { createPoolOperations } from './pool-operations';
import { createPoolState } from './pool-state';
import { probeServer, type McpProbeResult } from './probe-server';
import {
  type McpBackoffSettings,
  type McpCallToolResult,
  type McpConnectionPolicy,
  type McpListedTool,
  type McpPoolKey,
  type McpPoolSettings,
  type McpPoolStats,
  type McpServerConfig,
} from './types';

export type { ListedServer, McpToolListChangedEvent };

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
    /**
     * Answers the server's elicitations during the call (docs/mcp.md, "Elicitation"); the call's
     * timeout does not run while an answer is awaited. Without one, they are answered `cancel`.
     */
    onElicitation?: McpElicitationHandler;
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
    /** `refused`: the client's writer may not reach loopback or private addresses (as `McpPoolKey`). */
    internalAddresses?: InternalAddresses;
  }): Promise<McpProbeResult>;
  /** Called after a `tools/list_changed` notification has been answered with a fresh list. */
  onToolListChanged(listener: (event: McpToolListChangedEvent) => void): () => void;
  /** Drops every connection, cached list and failure state of a saved client (it changed or was deleted). */
  evictClient(clientId: string): void;
  /**
   * Drops every saved client's connections and lists (a stdio launch spec was removed): the next use
   * connects again, and the spawn checks the launch against the specs still approved.
   */
  evictSavedClients(): void;
  /** Closes connections unused for `idleCloseMs` (also run by a background timer); returns how many. */
  closeIdle(): number;
  /** Closes everything and waits for it; later requests fail. */
  closeAll(): Promise<void>;
  stats(): McpPoolStats;
  /**
   * The tools one server of a client version listed last, as the pool still holds them (also past
   * their TTL, until the entry is dropped); `undefined` when it holds none. Never connects: this is
   * what the rule linter knows of an MCP tool's input schema at save.
   */
  lastListedTools(server: ListedServer): McpListedTool[] | undefined;
}

export interface CreateMcpPoolParams {
  settings: McpPoolSettings;
  logger?: Logger;
  now?: () => number;
  backoff?: McpBackoffSettings;
  /** The stdio allow-list and the guarded fetch; the product always passes both. */
  connectionPolicy?: McpConnectionPolicy;
  /** Told of every list a server gives (the first one too): the studio keeps the last in storage. */
  onToolsListed?: (event: McpToolListChangedEvent) => void;
}

export const defaultBackoff: McpBackoffSettings = { initialMs: 1_000, maxMs: 60_000 };

export function createMcpPool({
  settings,
  logger = silentLogger,
  now = Date.now,
  backoff = defaultBackoff,
  connectionPolicy = {},
  onToolsListed,
}: CreateMcpPoolParams): McpPool {
  const state = createPoolState({ settings, logger, now, backoff, onToolsListed });
  const connections = createPoolConnections({
    state,
    connectionPolicy,
    onToolListChanged: (entry, pooled) => operations.handleToolListChanged(entry, pooled),
  });
  const operations = createPoolOperations({ state, acquire: connections.acquire });

  const sweepTimer = setInterval(state.closeIdle, Math.max(10, Math.min(Math.floor(settings.idleCloseMs / 2), 30_000)));
  sweepTimer.unref();

  return {
    listTools: ({ key, server, signal }) =>
      state.isShutDown()
        ? Promise.resolve(fail(state.closedPoolError(key.serverName)))
        : operations.listTools({ entry: state.entryFor(key, server), server, authToken: key.authToken, signal }),
    callTool: ({ key, server, name, arguments: toolArguments, signal, onElicitation }) =>
      operations.callTool({
        onElicitation,
        entry: state.entryFor(key, server),
        server,
        authToken: key.authToken,
        name,
        toolArguments,
        signal,
      }),
    probe({ server, serverName, authToken, signal, internalAddresses }) {
      if (state.isShutDown())
        return Promise.resolve({ ok: false, error: state.closedPoolError(serverName), latencyMs: 0 });
      const probing = probeServer({
        server,
        serverName,
        // Like the pool's own connections: stdio servers never receive the caller's token.
        authToken: server.type === 'http' ? authToken : undefined,
        timeoutMs: server.timeout ?? settings.listTimeoutMs,
        // Connection tests are for saved clients: always checked against the stdio rules.
        stdioPolicy: () => stdioPolicyOf(connectionPolicy),
        fetch: fetchFor(connectionPolicy, internalAddresses),
        signal: signal ? AbortSignal.any([signal, state.shutdownSignal]) : state.shutdownSignal,
        logger,
        trackClose: state.trackClose,
        onConnect: () => {
          state.counters.connects += 1;
        },
        onListRequest: () => {
          state.counters.toolListRequests += 1;
        },
      });
      state.trackProbe(probing);
      return probing;
    },
    onToolListChanged: state.onToolListChanged,
    evictClient: state.evictClient,
    evictSavedClients: state.evictSavedClients,
    closeIdle: state.closeIdle,
    async closeAll() {
      clearInterval(sweepTimer);
      await state.closeAll();
    },
    stats: state.stats,
    lastListedTools: state.lastListedTools,
  };
}
