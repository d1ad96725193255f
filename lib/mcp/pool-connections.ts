/**
 * The pool's connection lifecycle: connect once per entry (shared by concurrent requests), count
 * operations on a connection, retire it (closed when its last operation ends, in the background),
 * enforce the LRU cap, and keep the backoff state when a server fails.
 */
import type { Logger } from '../logger';
import { connectServer } from './connect-server';
import { raceSignal } from './deadline';
import { McpServerError, toMcpServerError } from './mcp-server-error';
import {
  backoffError,
  recordFailure,
  type PoolEntry,
  type PoolEntryRequest,
  type PooledConnection,
} from './pool-entry';
import type { McpBackoffSettings, McpConnectionPolicy, McpPoolSettings, McpServerConfig } from './types';

export interface PoolCounters {
  connects: number;
  connectFailures: number;
  toolListRequests: number;
  toolCalls: number;
  closes: number;
}

export function createPoolConnections({
  settings,
  logger,
  now,
  backoff,
  counters,
  entries,
  connectionPolicy,
  onToolListChanged,
}: {
  settings: McpPoolSettings;
  logger: Logger;
  now: () => number;
  backoff: McpBackoffSettings;
  counters: PoolCounters;
  /** The pool's entries, least recently used first (for the LRU cap). */
  entries: Map<string, PoolEntry>;
  connectionPolicy: McpConnectionPolicy;
  onToolListChanged: (entry: PoolEntry, pooled: PooledConnection) => void;
}) {
  const livePooled = new Set<PooledConnection>();
  const pendingConnects = new Set<Promise<unknown>>();
  const pendingCloses = new Set<Promise<void>>();
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
    new McpServerError({
      reason: 'closed',
      serverName,
      scope: 'connection',
      message: 'The MCP connection pool is closed',
    });

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

  const handleUnexpectedClose = (entry: PoolEntry, pooled: PooledConnection) => {
    if (entry.pooled === pooled) entry.pooled = undefined;
    pooled.retired = true;
    livePooled.delete(pooled);
    trackClose(pooled.connection.close());
    if (shutDown || entry.removed) return;
    const message = `MCP server "${entry.serverName}" closed the connection`;
    recordAndLog(
      entry,
      new McpServerError({ reason: 'closed', serverName: entry.serverName, scope: 'connection', message }),
    );
  };

  const connect = async (
    entry: PoolEntry,
    server: McpServerConfig,
    authToken: string | undefined,
  ): Promise<PooledConnection> => {
    counters.connects += 1;
    let pooled: PooledConnection | undefined;
    try {
      const connection = await connectServer({
        server,
        serverName: entry.serverName,
        authToken,
        timeoutMs: entry.listTimeoutMs,
        logger,
        trackClose,
        allowedCommands: entry.trusted ? undefined : connectionPolicy.stdioAllowedCommands,
        fetch: connectionPolicy.fetch,
        onToolListChanged: () => pooled && onToolListChanged(entry, pooled),
        onUnexpectedClose: () => pooled && handleUnexpectedClose(entry, pooled),
      });
      pooled = { connection, activeOperations: 0, retired: false, lastUsedAt: now() };
      livePooled.add(pooled);
      if (shutDown) {
        closePooled(pooled);
        throw closedPoolError(entry.serverName);
      }
      if (entry.removed) {
        // Evicted while connecting: the requests waiting for it may still use it; then it goes.
        const evicted = pooled;
        evicted.retired = true;
        setImmediate(() => evicted.activeOperations === 0 && closePooled(evicted));
        return evicted;
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

  /** The entry's open connection, taken for one operation (the caller must `release` it), if there is one. */
  const takeWarmConnection = (entry: PoolEntry): PooledConnection | undefined => {
    const current = entry.pooled;
    if (!current || current.connection.closed) return undefined;
    current.activeOperations += 1;
    current.lastUsedAt = now();
    return current;
  };

  /** A connection for one operation (shared connect, backoff respected); the caller must `release` it. */
  const acquire = async ({
    entry,
    server,
    authToken,
    signal,
  }: PoolEntryRequest & { signal: AbortSignal }): Promise<PooledConnection> => {
    if (shutDown) throw closedPoolError(entry.serverName);
    const warm = takeWarmConnection(entry);
    if (warm) return warm;
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

  return {
    acquire,
    takeWarmConnection,
    release,
    retire,
    recordFailure: recordAndLog,
    closedPoolError,
    /** Closes that `closeAll` must wait for (e.g. a connection test's). */
    trackClose,
    isShutDown: () => shutDown,
    /** Stops new connections, closes every open one (in-flight calls fail) and waits for all of it. */
    async shutDownAndClose() {
      shutDown = true;
      await Promise.allSettled([...pendingConnects]);
      for (const pooled of [...livePooled]) closePooled(pooled);
      await Promise.allSettled([...pendingCloses]);
    },
  };
}
