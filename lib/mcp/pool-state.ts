/**
 * Everything the pool remembers, and every change to it, in one place: the entries (least recently
 * used first, for the LRU cap), the live connections, the connects, closes and connection tests that
 * closing must wait for, the counters and the list-changed listeners. The IO around it (connecting
 * in `pool-connections.ts`, listing and calling in `pool-operations.ts`) changes state only through
 * these functions, so what a connection's life looks like can be read in this one file.
 */
import type { Logger } from '../logger';
import type { McpConnection } from './connect-server';
import type { OpenCall } from './elicitation-routing';
import { McpServerError } from './mcp-server-error';
import {
  createPoolEntry,
  isDisposable,
  poolKeyString,
  recordFailure,
  type ListedServer,
  type McpToolList,
  type McpToolListChangedEvent,
  type PoolEntry,
  type PooledConnection,
} from './pool-entry';
import type { McpProbeResult } from './probe-server';
import type { McpBackoffSettings, McpPoolKey, McpPoolSettings, McpPoolStats, McpServerConfig } from './types';

export interface PoolCounters {
  connects: number;
  connectFailures: number;
  toolListRequests: number;
  toolCalls: number;
  closes: number;
}

export type PoolState = ReturnType<typeof createPoolState>;

interface PoolStateParams {
  settings: McpPoolSettings;
  logger: Logger;
  now: () => number;
  backoff: McpBackoffSettings;
  /** Told of every list a server gives (the first one too), e.g. to keep it beyond this process. */
  onToolsListed?: (event: McpToolListChangedEvent) => void;
}

/** What the pool holds. Only the functions of this file read or change it. */
interface PoolMemory extends PoolStateParams {
  /** Least recently used first, for the LRU cap. */
  entries: Map<string, PoolEntry>;
  counters: PoolCounters;
  livePooled: Set<PooledConnection>;
  pendingConnects: Set<Promise<unknown>>;
  pendingCloses: Set<Promise<void>>;
  probes: Set<Promise<McpProbeResult>>;
  listeners: Set<(event: McpToolListChangedEvent) => void>;
  /** Shutdown cuts running connection tests short rather than waiting out their timeouts. */
  shutdown: AbortController;
  shutDown: boolean;
}

export function createPoolState(params: PoolStateParams) {
  const memory: PoolMemory = {
    ...params,
    entries: new Map(),
    counters: { connects: 0, connectFailures: 0, toolListRequests: 0, toolCalls: 0, closes: 0 },
    livePooled: new Set(),
    pendingConnects: new Set(),
    pendingCloses: new Set(),
    probes: new Set(),
    listeners: new Set(),
    shutdown: new AbortController(),
    shutDown: false,
  };
  return {
    settings: params.settings,
    logger: params.logger,
    now: params.now,
    counters: memory.counters,
    shutdownSignal: memory.shutdown.signal,
    isShutDown: () => memory.shutDown,
    closedPoolError,
    trackClose: (closing: Promise<void>) => trackClose(memory, closing),
    retire: (entry: PoolEntry, pooled: PooledConnection) => retire(memory, entry, pooled),
    release: (pooled: PooledConnection) => release(memory, pooled),
    recordFailure: (entry: PoolEntry, error: McpServerError) => recordAndLog(memory, entry, error),
    closeIdle: () => closeIdle(memory),
    entryFor: (key: McpPoolKey, server: McpServerConfig) => entryFor(memory, key, server),
    takeWarmConnection: (entry: PoolEntry) => takeWarmConnection(memory, entry),
    use: (pooled: PooledConnection) => use(memory, pooled),
    trackConnect: (entry: PoolEntry, connecting: Promise<PooledConnection>) => trackConnect(memory, entry, connecting),
    addConnection: (connection: McpConnection) => addConnection(memory, connection),
    adoptConnection: (entry: PoolEntry, pooled: PooledConnection) => adoptConnection(memory, entry, pooled),
    connectionLost: (entry: PoolEntry, pooled: PooledConnection) => connectionLost(memory, entry, pooled),
    trackProbe: (probing: Promise<McpProbeResult>) => trackProbe(memory, probing),
    notifyToolListChanged: (entry: PoolEntry, toolList: McpToolList) => notify(memory, entry, toolList),
    toolsListed: (entry: PoolEntry, toolList: McpToolList) => toolsListed(memory, entry, toolList),
    onToolListChanged: (listener: (event: McpToolListChangedEvent) => void) => onToolListChanged(memory, listener),
    evictClient: (clientId: string) => evictEntries(memory, (entry) => entry.clientId === clientId),
    evictSavedClients: () => evictEntries(memory, (entry) => !entry.trusted),
    closeAll: () => closeAll(memory),
    stats: () => stats(memory),
    lastListedTools: (server: ListedServer) => lastListedTools(memory, server),
  };
}

/** The newest list the pool holds for the server (stale ones too), without connecting. */
function lastListedTools(memory: PoolMemory, { clientId, clientVersionId, serverName }: ListedServer) {
  let newest: McpToolList | undefined;
  for (const entry of memory.entries.values()) {
    const list = entry.toolList;
    const same = entry.clientId === clientId && entry.clientVersionId === clientVersionId;
    if (same && entry.serverName === serverName && list && (!newest || list.fetchedAt > newest.fetchedAt))
      newest = list;
  }
  return newest?.tools;
}

function trackClose(memory: PoolMemory, closing: Promise<void>) {
  memory.pendingCloses.add(closing);
  void closing.finally(() => memory.pendingCloses.delete(closing));
}

function closePooled(memory: PoolMemory, pooled: PooledConnection) {
  if (!memory.livePooled.delete(pooled)) return;
  memory.counters.closes += 1;
  trackClose(memory, pooled.connection.close());
}

/** Takes a connection out of the pool; it closes as soon as no operation uses it. */
function retire(memory: PoolMemory, entry: PoolEntry, pooled: PooledConnection) {
  if (entry.pooled === pooled) entry.pooled = undefined;
  pooled.retired = true;
  if (pooled.activeOperations === 0) closePooled(memory, pooled);
}

/** One operation started on the connection (the caller must `release` it). */
function use(memory: PoolMemory, pooled: PooledConnection) {
  pooled.activeOperations += 1;
  pooled.lastUsedAt = memory.now();
  return pooled;
}

function release(memory: PoolMemory, pooled: PooledConnection) {
  pooled.activeOperations -= 1;
  pooled.lastUsedAt = memory.now();
  if (pooled.retired && pooled.activeOperations === 0) closePooled(memory, pooled);
}

function closedPoolError(serverName: string) {
  return new McpServerError({
    reason: 'closed',
    serverName,
    scope: 'connection',
    message: 'The MCP connection pool is closed',
  });
}

/** Puts the entry in backoff (1 s, doubling per consecutive failure) and logs when it may retry. */
function recordAndLog(memory: PoolMemory, entry: PoolEntry, error: McpServerError) {
  recordFailure({ entry, error, now: memory.now(), backoff: memory.backoff });
  memory.logger.warn('MCP server failed', {
    client: entry.clientId,
    server: entry.serverName,
    reason: error.reason,
    message: error.message,
    retryAt: new Date(entry.failure!.retryAt).toISOString(),
  });
}

function enforceCap(memory: PoolMemory, keep: PoolEntry) {
  let open = 0;
  for (const entry of memory.entries.values()) if (entry.pooled) open += 1;
  for (const entry of memory.entries.values()) {
    if (open <= memory.settings.maxPooledConnections) break;
    if (entry === keep || !entry.pooled) continue;
    memory.logger.debug('MCP pool full: closing the least recently used connection', { server: entry.serverName });
    retire(memory, entry, entry.pooled);
    open -= 1;
  }
}

/** Tells each listener of the entry's new list; one that throws is logged and the others still hear. */
function tell(
  memory: PoolMemory,
  listeners: Iterable<(event: McpToolListChangedEvent) => void>,
  entry: PoolEntry,
  toolList: McpToolList,
) {
  const { clientId, clientVersionId, serverName } = entry;
  const event = { clientId, clientVersionId, serverName, toolList };
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      memory.logger.error('MCP tool-list listener failed', { error });
    }
  }
}

const notify = (memory: PoolMemory, entry: PoolEntry, toolList: McpToolList) =>
  tell(memory, memory.listeners, entry, toolList);

const toolsListed = (memory: PoolMemory, entry: PoolEntry, toolList: McpToolList) =>
  tell(memory, memory.onToolsListed ? [memory.onToolsListed] : [], entry, toolList);

function onToolListChanged(memory: PoolMemory, listener: (event: McpToolListChangedEvent) => void) {
  memory.listeners.add(listener);
  return () => {
    memory.listeners.delete(listener);
  };
}

function closeIdle(memory: PoolMemory) {
  const { settings, backoff } = memory;
  const current = memory.now();
  let closed = 0;
  for (const entry of [...memory.entries.values()]) {
    const pooled = entry.pooled;
    if (pooled && pooled.activeOperations === 0 && current - pooled.lastUsedAt >= settings.idleCloseMs) {
      retire(memory, entry, pooled);
      closed += 1;
    }
    if (isDisposable({ entry, now: current, toolListTtlMs: settings.toolListTtlMs, backoff }))
      memory.entries.delete(entry.keyString);
  }
  return closed;
}

/** The entry for a key, created on first use and moved to the most recently used end. */
function entryFor(memory: PoolMemory, key: McpPoolKey, server: McpServerConfig): PoolEntry {
  const { entries, now } = memory;
  const keyString = poolKeyString({ key, server });
  const listTimeoutMs = server.timeout ?? memory.settings.listTimeoutMs;
  const entry = entries.get(keyString) ?? createPoolEntry({ key, keyString, listTimeoutMs, now: now() });
  entry.listTimeoutMs = listTimeoutMs;
  // Re-inserting keeps the map in least-recently-used-first order for the LRU cap.
  entries.delete(keyString);
  entries.set(keyString, entry);
  entry.lastUsedAt = now();
  return entry;
}

/** The entry's open connection, taken for one operation (the caller must `release` it), if there is one. */
function takeWarmConnection(memory: PoolMemory, entry: PoolEntry): PooledConnection | undefined {
  const current = entry.pooled;
  if (!current || current.connection.closed) return undefined;
  return use(memory, current);
}

/** Shares one connect per entry among concurrent requests, and lets shutdown wait for it. */
function trackConnect(memory: PoolMemory, entry: PoolEntry, connecting: Promise<PooledConnection>) {
  entry.connecting = connecting;
  memory.pendingConnects.add(connecting);
  const clear = () => {
    memory.pendingConnects.delete(connecting);
    if (entry.connecting === connecting) entry.connecting = undefined;
  };
  connecting.then(clear, clear);
}

/** A new connection: counted as live, so shutdown closes it whatever happens next. */
function addConnection(memory: PoolMemory, connection: McpConnection): PooledConnection {
  const pooled = {
    connection,
    activeOperations: 0,
    openCalls: new Set<OpenCall>(),
    retired: false,
    lastUsedAt: memory.now(),
  };
  memory.livePooled.add(pooled);
  return pooled;
}

/** Makes a new connection the entry's (or lets it go once used, if the entry was evicted meanwhile). */
function adoptConnection(memory: PoolMemory, entry: PoolEntry, pooled: PooledConnection): PooledConnection {
  if (memory.shutDown) {
    closePooled(memory, pooled);
    throw closedPoolError(entry.serverName);
  }
  if (entry.removed) {
    // Evicted while connecting: the requests waiting for it may still use it; then it goes.
    pooled.retired = true;
    setImmediate(() => pooled.activeOperations === 0 && closePooled(memory, pooled));
    return pooled;
  }
  entry.pooled = pooled;
  // The failures in a row are counted on until the server lists its tools again: a server that
  // connects and then fails to list must back off longer each time, not start over at a second.
  enforceCap(memory, entry);
  return pooled;
}

/** The server closed the connection by itself (crash, network): forget it and back off. */
function connectionLost(memory: PoolMemory, entry: PoolEntry, pooled: PooledConnection) {
  if (entry.pooled === pooled) entry.pooled = undefined;
  pooled.retired = true;
  memory.livePooled.delete(pooled);
  trackClose(memory, pooled.connection.close());
  if (memory.shutDown || entry.removed) return;
  const message = `MCP server "${entry.serverName}" closed the connection`;
  recordAndLog(
    memory,
    entry,
    new McpServerError({ reason: 'closed', serverName: entry.serverName, scope: 'connection', message }),
  );
}

function trackProbe(memory: PoolMemory, probing: Promise<McpProbeResult>) {
  memory.probes.add(probing);
  void probing.finally(() => memory.probes.delete(probing));
}

/** Drops every connection, cached list and failure state of a saved client. */
function evictEntries(memory: PoolMemory, matches: (entry: PoolEntry) => boolean) {
  for (const entry of [...memory.entries.values()]) {
    if (!matches(entry)) continue;
    entry.removed = true;
    entry.toolList = undefined;
    if (entry.pooled) retire(memory, entry, entry.pooled);
    memory.entries.delete(entry.keyString);
  }
}

/**
 * Closes everything and waits for it: running connection tests are aborted and awaited first
 * (they hand their connection to `trackClose` when they end), then connects in flight, then
 * every open connection is closed. In-flight calls are not waited for: they fail with a closed
 * connection.
 */
async function closeAll(memory: PoolMemory) {
  memory.shutdown.abort(closedPoolError('*'));
  await Promise.allSettled([...memory.probes]);
  for (const entry of memory.entries.values()) entry.removed = true;
  memory.entries.clear();
  memory.shutDown = true;
  await Promise.allSettled([...memory.pendingConnects]);
  for (const pooled of [...memory.livePooled]) closePooled(memory, pooled);
  await Promise.allSettled([...memory.pendingCloses]);
}

function stats(memory: PoolMemory): McpPoolStats {
  const current = memory.now();
  let openConnections = 0;
  let cachedToolLists = 0;
  for (const entry of memory.entries.values()) {
    if (entry.pooled) openConnections += 1;
    if (entry.toolList && current - entry.toolList.fetchedAt < memory.settings.toolListTtlMs) cachedToolLists += 1;
  }
  return { ...memory.counters, openConnections, cachedToolLists };
}
