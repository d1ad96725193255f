/**
 * What the pool does on a connection: list tools (cached, shared while in flight, refreshed on
 * `tools/list_changed`) and call tools. Connection management (acquire, release, retire, backoff
 * bookkeeping) is passed in by `mcp-pool.ts`.
 */
import { fail, ok, type Result } from '../errors';
import type { Logger } from '../logger';
import { createDeadline, followSignal, raceSignal, type Deadline } from './deadline';
import { listAllTools } from './list-all-tools';
import { classifyCallError, isSdkRequestTimeout, McpServerError, toMcpServerError } from './mcp-server-error';
import type { McpToolListChangedEvent } from './mcp-pool';
import {
  backoffError,
  hashToolList,
  type McpToolList,
  type PoolEntry,
  type PoolEntryRequest,
  type PooledConnection,
} from './pool-entry';
import type { McpCallToolResult, McpPoolSettings, McpServerConfig } from './types';

interface PoolOperationsDependencies {
  settings: McpPoolSettings;
  logger: Logger;
  now: () => number;
  counters: { toolListRequests: number; toolCalls: number };
  acquire(params: PoolEntryRequest & { signal: AbortSignal }): Promise<PooledConnection>;
  takeWarmConnection(entry: PoolEntry): PooledConnection | undefined;
  release(pooled: PooledConnection): void;
  retire(entry: PoolEntry, pooled: PooledConnection): void;
  recordFailure(entry: PoolEntry, error: McpServerError): void;
}

export function createPoolOperations({
  settings,
  logger,
  now,
  counters,
  acquire,
  takeWarmConnection,
  release,
  retire,
  recordFailure,
}: PoolOperationsDependencies) {
  const listeners = new Set<(event: McpToolListChangedEvent) => void>();

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
        notify(entry, toolList);
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
      let pooled = takeWarmConnection(entry);
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

    onToolListChanged(listener: (event: McpToolListChangedEvent) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
