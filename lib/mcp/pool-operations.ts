/**
 * What the pool does on a connection: list tools (cached, shared while in flight, refreshed on
 * `tools/list_changed`) and call tools. Connections come from `pool-connections.ts`; every change
 * to the pool's state goes through `pool-state.ts`.
 */
import { fail, ok, type Result } from '../errors';
import { createDeadline, followSignal, raceSignal, type Deadline } from './deadline';
import { listAllTools } from './list-all-tools';
import { classifyCallError, isSdkRequestTimeout, McpServerError, toMcpServerError } from './mcp-server-error';
import {
  backoffError,
  hashToolList,
  type McpToolList,
  type PoolEntry,
  type PoolEntryRequest,
  type PooledConnection,
} from './pool-entry';
import type { PoolState } from './pool-state';
import type { McpCallToolResult, McpServerConfig } from './types';

export function createPoolOperations({
  state,
  acquire,
}: {
  state: PoolState;
  acquire(params: PoolEntryRequest & { signal: AbortSignal }): Promise<PooledConnection>;
}) {
  const { settings, logger, now, counters, release, retire, recordFailure } = state;

  const listOnConnection = async (
    entry: PoolEntry,
    pooled: PooledConnection,
    deadline: Deadline,
  ): Promise<McpToolList> => {
    for (;;) {
      const generation = entry.listGeneration;
      const tools = await listAllTools({
        connection: pooled.connection,
        deadline,
        onRequest: () => {
          counters.toolListRequests += 1;
        },
      });
      // The list changed while it was being read: read it again (within the same deadline).
      if (generation !== entry.listGeneration) continue;
      const toolList = { tools, hash: hashToolList(tools), fetchedAt: now() };
      if (entry.removed) return toolList;
      entry.toolList = toolList;
      entry.failure = undefined;
      if (generation !== entry.notifiedGeneration) {
        entry.notifiedGeneration = generation;
        state.notifyToolListChanged(entry, toolList);
      }
      return toolList;
    }
  };

  const classifyListError = (entry: PoolEntry, error: unknown, deadline: Deadline) =>
    deadline.timedOut() || isSdkRequestTimeout(error)
      ? new McpServerError({
          reason: 'timeout',
          serverName: entry.serverName,
          scope: 'connection',
          message: `MCP server "${entry.serverName}": connect + list tools timed out after ${deadline.timeoutMs} ms`,
          cause: error,
        })
      : toMcpServerError({ error, serverName: entry.serverName, scope: 'connection', action: 'list tools' });

  const startListing = (entry: PoolEntry, listing: Promise<McpToolList>) => {
    entry.listing = listing;
    const clear = () => {
      if (entry.listing === listing) entry.listing = undefined;
    };
    listing.then(clear, clear);
  };

  const fetchToolList = async (entry: PoolEntry, server: McpServerConfig, authToken?: string): Promise<McpToolList> => {
    const deadline = createDeadline({ timeoutMs: entry.listTimeoutMs });
    let pooled: PooledConnection;
    try {
      const inBackoff = backoffError({ entry, now: now() });
      if (inBackoff) throw inBackoff;
      pooled = await acquire({ entry, server, authToken, signal: deadline.signal });
    } catch (error) {
      // Connect failures were recorded by the connect itself.
      deadline.dispose();
      throw classifyListError(entry, error, deadline);
    }
    try {
      return await listOnConnection(entry, pooled, deadline);
    } catch (error) {
      const failure = classifyListError(entry, error, deadline);
      // A connection that could not list (hung, closed, garbage) is not reused.
      retire(entry, pooled);
      if (failure.reason !== 'closed') recordFailure(entry, failure);
      throw failure;
    } finally {
      release(pooled);
      deadline.dispose();
    }
  };

  return {
    async listTools({
      entry,
      server,
      authToken,
      signal,
    }: PoolEntryRequest & { signal?: AbortSignal }): Promise<Result<McpToolList, McpServerError>> {
      const cached = entry.toolList;
      if (cached && now() - cached.fetchedAt < settings.toolListTtlMs) return ok(cached);
      if (!entry.listing) startListing(entry, fetchToolList(entry, server, authToken));
      try {
        return ok(await (signal ? raceSignal(entry.listing!, signal) : entry.listing!));
      } catch (error) {
        if (!signal?.aborted) return fail(error as McpServerError);
        return fail(
          new McpServerError({
            reason: 'aborted',
            serverName: entry.serverName,
            scope: 'call',
            message: `MCP server "${entry.serverName}": list tools aborted`,
            cause: signal.reason,
          }),
        );
      }
    },

    /** Invalidates the cached list and re-lists in the background on the connection that announced it. */
    handleToolListChanged(entry: PoolEntry, pooled: PooledConnection) {
      entry.listGeneration += 1;
      entry.toolList = undefined;
      // An in-flight listing sees the new generation and lists again by itself.
      if (entry.removed || pooled.retired || pooled.connection.closed || entry.listing) return;
      pooled.activeOperations += 1;
      const deadline = createDeadline({ timeoutMs: entry.listTimeoutMs });
      const listing = listOnConnection(entry, pooled, deadline).finally(() => {
        release(pooled);
        deadline.dispose();
      });
      startListing(entry, listing);
      listing.catch((error: unknown) => {
        logger.warn('MCP tool list refresh after list_changed failed', { server: entry.serverName, error });
      });
    },

    async callTool({
      entry,
      server,
      authToken,
      name,
      toolArguments,
      signal,
    }: PoolEntryRequest & {
      name: string;
      toolArguments?: Record<string, unknown>;
      signal?: AbortSignal;
    }): Promise<McpCallToolResult> {
      const timeoutMs = server.timeout ?? settings.callTimeoutMs;
      if (signal?.aborted) {
        throw classifyCallError({
          error: signal.reason,
          serverName: entry.serverName,
          timedOut: false,
          signal,
          name,
          timeoutMs,
        });
      }
      // Warm path: the SDK enforces the timeout and honours the signal by itself (and sends
      // notifications/cancelled); our own deadline is only needed while connecting.
      let pooled = state.takeWarmConnection(entry);
      let deadline: Deadline | undefined;
      // The SDK never removes the abort listener it adds: it gets a signal that dies with the call.
      const callSignal = signal && followSignal(signal);
      try {
        if (!pooled) {
          deadline = createDeadline({ timeoutMs, signal });
          pooled = await acquire({ entry, server, authToken, signal: deadline.signal });
        }
        counters.toolCalls += 1;
        const result = await pooled.connection.client.callTool({ name, arguments: toolArguments }, undefined, {
          ...(callSignal ? { signal: callSignal.signal } : {}),
          timeout: deadline ? deadline.remainingMs() : timeoutMs,
        });
        return result as McpCallToolResult;
      } catch (error) {
        const timedOut = deadline?.timedOut() ?? false;
        const failure = classifyCallError({ error, serverName: entry.serverName, timedOut, signal, name, timeoutMs });
        if (pooled && failure.code === 'mcp_unavailable' && failure.reason !== 'closed') {
          retire(entry, pooled);
          recordFailure(entry, failure);
        }
        throw failure;
      } finally {
        if (pooled) release(pooled);
        deadline?.dispose();
        callSignal?.dispose();
      }
    },
  };
}
