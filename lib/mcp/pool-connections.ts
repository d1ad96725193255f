/**
 * Connecting for the pool: one connect per entry, shared by concurrent requests, with the backoff
 * respected and a failed connect recorded. What happens to a connection afterwards (use, release,
 * retire, close) is `pool-state.ts`.
 */
import { connectServer } from './connect-server';
import { fetchFor, stdioPolicyOf } from './connection-policy';
import type { McpElicitationAnswer, McpElicitationRequest } from './convert';
import { routeElicitation } from './elicitation-routing';
import { raceSignal } from './deadline';
import { toMcpServerError } from './mcp-server-error';
import { backoffError, type PoolEntry, type PoolEntryRequest, type PooledConnection } from './pool-entry';
import type { PoolState } from './pool-state';
import type { McpConnectionPolicy, McpServerConfig } from './types';

/**
 * A server's elicitation, handed to the one call it can belong to, or answered `cancel`
 * (elicitation-routing.ts).
 */
function answerElicitation({
  state,
  entry,
  pooled,
  request,
  signal,
}: {
  state: PoolState;
  entry: PoolEntry;
  pooled: PooledConnection | undefined;
  request: McpElicitationRequest;
  signal: AbortSignal;
}): Promise<McpElicitationAnswer> {
  // Before the handshake ends there is no pooled connection and so no call to ask for.
  const route = routeElicitation(pooled?.openCalls ?? new Set());
  if ('handler' in route) {
    // The call may now wait minutes for a person: its connection leaves the pool, so that later
    // calls get a connection of their own and this one keeps exactly one call (it closes when the
    // call ends). Otherwise any later question on it could no longer be told apart.
    if (pooled) state.retire(entry, pooled);
    return route.handler(request, signal);
  }
  state.logger.warn('MCP elicitation answered cancel: it cannot be tied to one call that can ask', {
    server: entry.serverName,
    why: route.refused,
  });
  return Promise.resolve({ action: 'cancel' });
}

export function createPoolConnections({
  state,
  connectionPolicy,
  onToolListChanged,
}: {
  state: PoolState;
  /** The stdio rules (not applied to trusted, code-registered servers) and the guarded fetch. */
  connectionPolicy: McpConnectionPolicy;
  onToolListChanged: (entry: PoolEntry, pooled: PooledConnection) => void;
}) {
  const connect = async (
    entry: PoolEntry,
    server: McpServerConfig,
    authToken: string | undefined,
  ): Promise<PooledConnection> => {
    state.counters.connects += 1;
    let pooled: PooledConnection | undefined;
    try {
      const connection = await connectServer({
        server,
        serverName: entry.serverName,
        authToken,
        timeoutMs: entry.listTimeoutMs,
        logger: state.logger,
        trackClose: state.trackClose,
        stdioPolicy: entry.trusted ? undefined : await stdioPolicyOf(connectionPolicy),
        fetch: fetchFor(connectionPolicy, entry.internalAddresses),
        onToolListChanged: () => pooled && onToolListChanged(entry, pooled),
        onUnexpectedClose: () => pooled && state.connectionLost(entry, pooled),
        onElicitation: (request, signal) => answerElicitation({ state, entry, pooled, request, signal }),
      });
      pooled = state.addConnection(connection);
      return state.adoptConnection(entry, pooled);
    } catch (error) {
      const failure = toMcpServerError({ error, serverName: entry.serverName, scope: 'connection', action: 'connect' });
      if (!state.isShutDown()) {
        state.counters.connectFailures += 1;
        state.recordFailure(entry, failure);
      }
      throw failure;
    }
  };

  return {
    /** A connection for one operation (shared connect, backoff respected); the caller must `release` it. */
    async acquire({
      entry,
      server,
      authToken,
      signal,
    }: PoolEntryRequest & { signal: AbortSignal }): Promise<PooledConnection> {
      if (state.isShutDown()) throw state.closedPoolError(entry.serverName);
      const warm = state.takeWarmConnection(entry);
      if (warm) return warm;
      if (!entry.connecting) {
        const inBackoff = backoffError({ entry, now: state.now() });
        if (inBackoff) throw inBackoff;
        state.trackConnect(entry, connect(entry, server, authToken));
      }
      return state.use(await raceSignal(entry.connecting!, signal));
    },
  };
}
