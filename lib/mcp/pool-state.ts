/**
 * Everything the pool remembers, and every change to it, in one place: the entries (least recently
 * used first, for the LRU cap), the live connections, the connects, closes and connection tests that
 * closing must wait for, the counters and the list-changed listeners. The IO around it (connecting
 * in `pool-connections.ts`, listing and calling in `pool-operations.ts`) changes state only through
 * these functions, so what a connection's life looks like can be read in this one file.
 */
import type { Logger } from '../logger';
import type { McpConnection } from './connect-server';
import { McpServerError } from './mcp-server-error';
import {
  createPoolEntry,
  isDisposable,
  poolKeyString,
  recordFailure,
  type McpToolList,
  type PoolEntry,
  type PooledConnection,
} from './pool-entry';
import type { McpProbeResult } from './probe-server';
import type { McpBackoffSettings, McpPoolKey, McpPoolSettings, McpPoolStats, McpServerConfig } from './types';

export interface McpToolListChangedEvent {
  clientId: string;
  clientVersionId: string;
  serverName: string;
  toolList: McpToolList;
}

export interface PoolCounters {
  connects: number;
  connectFailures: number;
  toolListRequests: number;
  toolCalls: number;
  closes: number;
}

export type PoolState = ReturnType<typeof createPoolState>;

export function createPoolState({
  settings,
  logger,
  now,
  backoff,
}: {
  settings: McpPoolSettings;
  logger: Logger;
  now: () => number;
  backoff: McpBackoffSettings;
}) {
  const entries = new Map<string, PoolEntry>();
  const counters: PoolCounters = { connects: 0, connectFailures: 0, toolListRequests: 0, toolCalls: 0, closes: 0 };
  const livePooled = new Set<PooledConnection>();
  const pendingConnects = new Set<Promise<unknown>>();
  const pendingCloses = new Set<Promise<void>>();
  const probes = new Set<Promise<McpProbeResult>>();
  const listeners = new Set<(event: McpToolListChangedEvent) => void>();
  // Shutdown cuts running connection tests short rather than waiting out their timeouts.
  const shutdown = new AbortController();
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

  /** Takes a connection out of the pool; it closes as soon as no operation uses it. */
  const retire = (entry: PoolEntry, pooled: PooledConnection) => {
    if (entry.pooled === pooled) entry.pooled = undefined;
    pooled.retired = true;
    if (pooled.activeOperations === 0) closePooled(pooled);
  };

  /** One operation started on the connection (the caller must `release` it). */
  const use = (pooled: PooledConnection) => {
    pooled.activeOperations += 1;
    pooled.lastUsedAt = now();
    return pooled;
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

  /** Puts the entry in backoff (1 s, doubling per consecutive failure) and logs when it may retry. */
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

  const notify = (entry: PoolEntry, toolList: McpToolList) => {
    const event = {
      clientId: entry.clientId,
      clientVersionId: entry.clientVersionId,
      serverName: entry.serverName,
      toolList,
    };
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.error('MCP tool-list listener failed', { error });
      }
    }
  };

  const closeIdle = () => {
    const current = now();
    let closed = 0;
    for (const entry of [...entries.values()]) {
      const pooled = entry.pooled;
      if (pooled && pooled.activeOperations === 0 && current - pooled.lastUsedAt >= settings.idleCloseMs) {
        retire(entry, pooled);
        closed += 1;
      }
      if (isDisposable({ entry, now: current, toolListTtlMs: settings.toolListTtlMs, backoff }))
        entries.delete(entry.keyString);
    }
    return closed;
  };

  return {
    settings,
    logger,
    now,
    counters,
    shutdownSignal: shutdown.signal,
    isShutDown: () => shutDown,
    closedPoolError,
    trackClose,
    retire,
    release,
    recordFailure: recordAndLog,
    closeIdle,

    /** The entry for a key, created on first use and moved to the most recently used end. */
    entryFor(key: McpPoolKey, server: McpServerConfig): PoolEntry {
      const keyString = poolKeyString({ key, server });
      const listTimeoutMs = server.timeout ?? settings.listTimeoutMs;
      const entry = entries.get(keyString) ?? createPoolEntry({ key, keyString, listTimeoutMs, now: now() });
      entry.listTimeoutMs = listTimeoutMs;
      // Re-inserting keeps the map in least-recently-used-first order for the LRU cap.
      entries.delete(keyString);
      entries.set(keyString, entry);
      entry.lastUsedAt = now();
      return entry;
    },

    /** The entry's open connection, taken for one operation (the caller must `release` it), if there is one. */
    takeWarmConnection(entry: PoolEntry): PooledConnection | undefined {
      const current = entry.pooled;
      if (!current || current.connection.closed) return undefined;
      return use(current);
    },
    use,

    /** Shares one connect per entry among concurrent requests, and lets shutdown wait for it. */
    trackConnect(entry: PoolEntry, connecting: Promise<PooledConnection>) {
      entry.connecting = connecting;
      pendingConnects.add(connecting);
      const clear = () => {
        pendingConnects.delete(connecting);
        if (entry.connecting === connecting) entry.connecting = undefined;
      };
      connecting.then(clear, clear);
    },

    /** A new connection: counted as live, so shutdown closes it whatever happens next. */
    addConnection(connection: McpConnection): PooledConnection {
      const pooled = { connection, activeOperations: 0, retired: false, lastUsedAt: now() };
      livePooled.add(pooled);
      return pooled;
    },

    /** Makes a new connection the entry's (or lets it go once used, if the entry was evicted meanwhile). */
    adoptConnection(entry: PoolEntry, pooled: PooledConnection): PooledConnection {
      if (shutDown) {
        closePooled(pooled);
        throw closedPoolError(entry.serverName);
      }
      if (entry.removed) {
        // Evicted while connecting: the requests waiting for it may still use it; then it goes.
        pooled.retired = true;
        setImmediate(() => pooled.activeOperations === 0 && closePooled(pooled));
        return pooled;
      }
      entry.pooled = pooled;
      entry.failure = undefined;
      enforceCap(entry);
      return pooled;
    },

    /** The server closed the connection by itself (crash, network): forget it and back off. */
    connectionLost(entry: PoolEntry, pooled: PooledConnection) {
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
    },

    trackProbe(probing: Promise<McpProbeResult>) {
      probes.add(probing);
      void probing.finally(() => probes.delete(probing));
    },

    notifyToolListChanged: notify,
    onToolListChanged(listener: (event: McpToolListChangedEvent) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** Drops every connection, cached list and failure state of a saved client. */
    evictClient(clientId: string) {
      for (const entry of [...entries.values()]) {
        if (entry.clientId !== clientId) continue;
        entry.removed = true;
        entry.toolList = undefined;
        if (entry.pooled) retire(entry, entry.pooled);
        entries.delete(entry.keyString);
      }
    },

    /**
     * Closes everything and waits for it: running connection tests are aborted and awaited first
     * (they hand their connection to `trackClose` when they end), then connects in flight, then
     * every open connection is closed. In-flight calls are not waited for: they fail with a closed
     * connection.
     */
    async closeAll() {
      shutdown.abort(closedPoolError('*'));
      await Promise.allSettled([...probes]);
      for (const entry of entries.values()) entry.removed = true;
      entries.clear();
      shutDown = true;
      await Promise.allSettled([...pendingConnects]);
      for (const pooled of [...livePooled]) closePooled(pooled);
      await Promise.allSettled([...pendingCloses]);
    },

    stats(): McpPoolStats {
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
