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
import { fail, ok, type Result } from '../errors';
import { silentLogger, type Logger } from '../logger';
import { connectServer } from './connect-server';
import { raceSignal } from './deadline';
import { McpServerError, toMcpServerError } from './mcp-server-error';
import { createPoolOperations } from './pool-operations';
import {
  backoffError,
  createPoolEntry,
  isDisposable,
  poolKeyString,
  recordFailure,
  type McpToolList,
  type PoolEntry,
  type PooledConnection,
} from './pool-entry';
import type {
  McpBackoffSettings,
  McpCallToolResult,
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
  listTools(params: { key: McpPoolKey; server: McpServerConfig; signal?: AbortSignal }): Promise<Result<McpToolList, McpServerError>>;
  /** Calls a tool; `isError` results are returned, transport failures and timeouts throw `McpServerError`. */
  callTool(params: {
    key: McpPoolKey;
    server: McpServerConfig;
    name: string;
    arguments?: Record<string, unknown>;
    signal?: AbortSignal;
  }): Promise<McpCallToolResult>;
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
}

export const defaultBackoff: McpBackoffSettings = { initialMs: 1_000, maxMs: 60_000 };

export function createMcpPool({ settings, logger = silentLogger, now = Date.now, backoff = defaultBackoff }: CreateMcpPoolParams): McpPool {
  const entries = new Map<string, PoolEntry>();
  const livePooled = new Set<PooledConnection>();
  const pendingConnects = new Set<Promise<unknown>>();
  const pendingCloses = new Set<Promise<void>>();
  const counters = { connects: 0, connectFailures: 0, toolListRequests: 0, toolCalls: 0, closes: 0 };
  let shutDown = false;

  const trackClose = (closing: Promise<void>) => {
    pendingCloses.add(closing);
    void closing.finally(() => pendingCloses.delete(closing));
  };

  const closePooled = (pooled: PooledConnection) => {
    if (!livePooled.delete(pooled)) return;
    counters.closes += 1;
    trackClose(pooled.connection.close());
  };

  const retire = (entry: PoolEntry, pooled: PooledConnection) => {
    if (entry.pooled === pooled) entry.pooled = undefined;
    pooled.retired = true;
    if (pooled.activeOperations === 0) closePooled(pooled);
  };

  const release = (pooled: PooledConnection) => {
    pooled.activeOperations -= 1;
    pooled.lastUsedAt = now();
    if (pooled.retired && pooled.activeOperations === 0) closePooled(pooled);
  };

  const closedPoolError = (serverName: string) =>
    new McpServerError({ reason: 'closed', serverName, scope: 'connection', message: 'The MCP connection pool is closed' });

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

  const enforceCap = (keep: PoolEntry) => {
    let open = 0;
    for (const entry of entries.values()) if (entry.pooled) open += 1;
    for (const entry of entries.values()) {
      if (open <= settings.maxPooledConnections) break;
      if (entry === keep || !entry.pooled) continue;
      logger.debug('MCP pool full: closing the least recently used connection', { server: entry.serverName });
      retire(entry, entry.pooled);
      open -= 1;
    }
  };

  const recordAndLog = (entry: PoolEntry, error: McpServerError) => {
    recordFailure({ entry, error, now: now(), backoff });
    logger.warn('MCP server failed', {
      client: entry.clientId,
      server: entry.serverName,
      reason: error.reason,
      message: error.message,
      retryAt: new Date(entry.failure!.retryAt).toISOString(),
    });
  };

  const connect = async (entry: PoolEntry, server: McpServerConfig, authToken: string | undefined): Promise<PooledConnection> => {
    counters.connects += 1;
    let pooled: PooledConnection | undefined;
    try {
      const connection = await connectServer({
        server,
        serverName: entry.serverName,
        authToken,
        timeoutMs: server.timeout ?? settings.listTimeoutMs,
        logger,
        trackClose,
        onToolListChanged: () => pooled && operations.handleToolListChanged(entry, pooled),
        onUnexpectedClose: () => pooled && handleUnexpectedClose(entry, pooled),
      });
      pooled = { connection, activeOperations: 0, retired: false, lastUsedAt: now() };
      livePooled.add(pooled);
      if (shutDown) {
        closePooled(pooled);
        throw closedPoolError(entry.serverName);
      }
      if (entry.removed) {
        // Evicted while connecting: the waiting requests may still use it; then it goes.
        pooled.retired = true;
        const evicted = pooled;
        setImmediate(() => evicted.activeOperations === 0 && closePooled(evicted));
        return pooled;
      }
      entry.pooled = pooled;
      entry.failure = undefined;
      enforceCap(entry);
      return pooled;
    } catch (error) {
      const failure = toMcpServerError({ error, serverName: entry.serverName, scope: 'connection', action: 'connect' });
      if (!shutDown) {
        counters.connectFailures += 1;
        recordAndLog(entry, failure);
      }
      throw failure;
    }
  };

  const handleUnexpectedClose = (entry: PoolEntry, pooled: PooledConnection) => {
    if (entry.pooled === pooled) entry.pooled = undefined;
    pooled.retired = true;
    livePooled.delete(pooled);
    trackClose(pooled.connection.close());
    if (shutDown || entry.removed) return;
    recordAndLog(
      entry,
      new McpServerError({
        reason: 'closed',
        serverName: entry.serverName,
        scope: 'connection',
        message: `MCP server "${entry.serverName}" closed the connection`,
      }),
    );
  };

  /** A connection for one operation; the caller must `release` it. */
  const acquire = async ({
    entry,
    server,
    authToken,
    signal,
  }: {
    entry: PoolEntry;
    server: McpServerConfig;
    authToken?: string;
    signal: AbortSignal;
  }): Promise<PooledConnection> => {
    if (shutDown) throw closedPoolError(entry.serverName);
    const current = entry.pooled;
    if (current && !current.connection.closed) {
      current.activeOperations += 1;
      current.lastUsedAt = now();
      return current;
    }
    if (!entry.connecting) {
      const inBackoff = backoffError({ entry, now: now() });
      if (inBackoff) throw inBackoff;
      const connecting = connect(entry, server, authToken);
      entry.connecting = connecting;
      pendingConnects.add(connecting);
      const clear = () => {
        pendingConnects.delete(connecting);
        if (entry.connecting === connecting) entry.connecting = undefined;
      };
      connecting.then(clear, clear);
    }
    const pooled = await raceSignal(entry.connecting!, signal);
    pooled.activeOperations += 1;
    pooled.lastUsedAt = now();
    return pooled;
  };

  const operations = createPoolOperations({
    settings,
    logger,
    now,
    counters,
    acquire,
    release,
    retire,
    recordFailure: recordAndLog,
  });

  const closeIdle = () => {
    const current = now();
    let closed = 0;
    for (const entry of [...entries.values()]) {
      const pooled = entry.pooled;
      if (pooled && pooled.activeOperations === 0 && current - pooled.lastUsedAt >= settings.idleCloseMs) {
        retire(entry, pooled);
        closed += 1;
      }
      if (isDisposable({ entry, now: current, toolListTtlMs: settings.toolListTtlMs, backoff })) entries.delete(entry.keyString);
    }
    return closed;
  };

  const sweepTimer = setInterval(closeIdle, Math.max(10, Math.min(Math.floor(settings.idleCloseMs / 2), 30_000)));
  sweepTimer.unref();

  return {
    listTools: ({ key, server, signal }) =>
      shutDown
        ? Promise.resolve(fail(closedPoolError(key.serverName)))
        : operations.listTools({ entry: entryFor(key, server), server, authToken: key.authToken, signal }),
    callTool: ({ key, server, name, arguments: toolArguments, signal }) =>
      operations.callTool({ entry: entryFor(key, server), server, authToken: key.authToken, name, toolArguments, signal }),
    onToolListChanged: operations.onToolListChanged,
    evictClient(clientId) {
      for (const entry of [...entries.values()]) {
        if (entry.clientId !== clientId) continue;
        entry.removed = true;
        entry.toolList = undefined;
        if (entry.pooled) retire(entry, entry.pooled);
        entries.delete(entry.keyString);
      }
    },
    closeIdle,
    async closeAll() {
      shutDown = true;
      clearInterval(sweepTimer);
      await Promise.allSettled([...pendingConnects]);
      for (const entry of entries.values()) entry.removed = true;
      entries.clear();
      // At shutdown in-flight calls are not waited for: they fail with a closed connection.
      for (const pooled of [...livePooled]) closePooled(pooled);
      await Promise.allSettled([...pendingCloses]);
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
