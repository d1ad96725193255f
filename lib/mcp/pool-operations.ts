/**
 * What the pool does on a connection: list tools (cached, shared while in flight, refreshed on
 * `tools/list_changed`) and call tools. Connections come from `pool-connections.ts`; every change
 * to the pool's state goes through `pool-state.ts`.
 */
import { definedFields } from '../defined-fields';
import { fail, ok, type Result } from '../errors';
import { createCallClock, createDeadline, followSignal, raceSignal, type CallClock, type Deadline } from './deadline';
import type { McpElicitationHandler, OpenCall } from './elicitation-routing';
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
import type { McpCallToolResult } from './types';

/** What the operations work with: the pool's state and a way to get a connection for an entry. */
interface PoolOperationsDependencies {
  state: PoolState;
  acquire(params: PoolEntryRequest & { signal: AbortSignal }): Promise<PooledConnection>;
}

export function createPoolOperations(dependencies: PoolOperationsDependencies) {
  return {
    listTools: (request: PoolEntryRequest & { signal?: AbortSignal }) => listTools(dependencies, request),
    /** Invalidates the cached list and re-lists in the background on the connection that announced it. */
    handleToolListChanged: (entry: PoolEntry, pooled: PooledConnection) =>
      handleToolListChanged(dependencies.state, entry, pooled),
    callTool: (request: ToolCallRequest) => callTool(dependencies, request),
  };
}

async function listOnConnection(
  state: PoolState,
  entry: PoolEntry,
  pooled: PooledConnection,
  deadline: Deadline,
): Promise<McpToolList> {
  for (;;) {
    const generation = entry.listGeneration;
    const droppedPatterns: string[] = [];
    const tools = await listAllTools({
      connection: pooled.connection,
      deadline,
      onRequest: () => {
        state.counters.toolListRequests += 1;
      },
      onPatternDropped: (dropped) => {
        state.logger.warn('MCP tool schema pattern left out: RE2 cannot run it', {
          server: entry.serverName,
          ...dropped,
        });
        droppedPatterns.push(
          `tool "${dropped.tool}": the pattern at ${dropped.schema}.${dropped.path} was left out (a linear-time engine cannot run it: ${dropped.reason})`,
        );
      },
    });
    // The list changed while it was being read: read it again (within the same deadline).
    if (generation !== entry.listGeneration) continue;
    const toolList: McpToolList = definedFields({
      tools,
      hash: hashToolList(tools),
      fetchedAt: state.now(),
      droppedPatterns: droppedPatterns.length > 0 ? droppedPatterns : undefined,
    });
    if (entry.removed) return toolList;
    entry.toolList = toolList;
    entry.failure = undefined;
    state.toolsListed(entry, toolList);
    if (generation !== entry.notifiedGeneration) {
      entry.notifiedGeneration = generation;
      state.notifyToolListChanged(entry, toolList);
    }
    return toolList;
  }
}

function classifyListError(entry: PoolEntry, error: unknown, deadline: Deadline) {
  return deadline.timedOut() || isSdkRequestTimeout(error)
    ? new McpServerError({
        reason: 'timeout',
        serverName: entry.serverName,
        scope: 'connection',
        message: `MCP server "${entry.serverName}": connect + list tools timed out after ${deadline.timeoutMs} ms`,
        cause: error,
      })
    : toMcpServerError({ error, serverName: entry.serverName, scope: 'connection', action: 'list tools' });
}

function startListing(entry: PoolEntry, listing: Promise<McpToolList>) {
  entry.listing = listing;
  const clear = () => {
    if (entry.listing === listing) entry.listing = undefined;
  };
  listing.then(clear, clear);
}

async function fetchToolList(
  { state, acquire }: PoolOperationsDependencies,
  { entry, server, authToken }: PoolEntryRequest,
): Promise<McpToolList> {
  const deadline = createDeadline({ timeoutMs: entry.listTimeoutMs });
  let pooled: PooledConnection;
  try {
    const inBackoff = backoffError({ entry, now: state.now() });
    if (inBackoff) throw inBackoff;
    pooled = await acquire({ entry, server, authToken, signal: deadline.signal });
  } catch (error) {
    // Connect failures were recorded by the connect itself.
    deadline.dispose();
    throw classifyListError(entry, error, deadline);
  }
  try {
    return await listOnConnection(state, entry, pooled, deadline);
  } catch (error) {
    const failure = classifyListError(entry, error, deadline);
    // A connection that could not list (hung, closed, garbage) is not reused.
    state.retire(entry, pooled);
    if (failure.reason !== 'closed') state.recordFailure(entry, failure);
    throw failure;
  } finally {
    state.release(pooled);
    deadline.dispose();
  }
}

async function listTools(
  dependencies: PoolOperationsDependencies,
  { entry, server, authToken, signal }: PoolEntryRequest & { signal?: AbortSignal },
): Promise<Result<McpToolList, McpServerError>> {
  const { state } = dependencies;
  const cached = entry.toolList;
  if (cached && state.now() - cached.fetchedAt < state.settings.toolListTtlMs) return ok(cached);
  if (!entry.listing) startListing(entry, fetchToolList(dependencies, { entry, server, authToken }));
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
}

function handleToolListChanged(state: PoolState, entry: PoolEntry, pooled: PooledConnection) {
  entry.listGeneration += 1;
  entry.toolList = undefined;
  // An in-flight listing sees the new generation and lists again by itself.
  if (entry.removed || pooled.retired || pooled.connection.closed || entry.listing) return;
  pooled.activeOperations += 1;
  const deadline = createDeadline({ timeoutMs: entry.listTimeoutMs });
  const listing = listOnConnection(state, entry, pooled, deadline).finally(() => {
    state.release(pooled);
    deadline.dispose();
  });
  startListing(entry, listing);
  listing.catch((error: unknown) => {
    state.logger.warn('MCP tool list refresh after list_changed failed', { server: entry.serverName, error });
  });
}

type ToolCallRequest = PoolEntryRequest & {
  name: string;
  toolArguments?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Who answers the server's elicitations during this call; without one they are answered `cancel`. */
  onElicitation?: McpElicitationHandler;
};

/** The SDK's own request timeout when ours is a pausable clock (the largest a Node timer takes). */
const clockedSdkTimeoutMs = 2_147_483_647;

export const defaultElicitationTimeoutMs = 600_000;

const cancelled = { action: 'cancel' } as const;

/**
 * The call as its connection knows it. With someone to answer elicitations, the call's budget is a
 * clock that stops while an answer is awaited (a person may take minutes; the server waits too), and
 * each question has `elicitationTimeoutMs` of its own: then the server is answered `cancel` and the
 * handler's signal aborts, so whoever holds the question lets it go.
 */
function openCallOf({
  onElicitation,
  clock,
  timeoutMs,
  logger,
  serverName,
}: {
  onElicitation: McpElicitationHandler | undefined;
  clock: CallClock | undefined;
  timeoutMs: number;
  logger: PoolState['logger'];
  serverName: string;
}): OpenCall {
  if (!onElicitation || !clock) return {};
  return {
    async onElicitation(request, serverSignal) {
      const expiry = new AbortController();
      const timer = setTimeout(() => {
        logger.info('MCP elicitation unanswered in time; the server is answered cancel', {
          server: serverName,
          timeoutMs,
        });
        expiry.abort(new Error(`The question was not answered within ${timeoutMs} ms.`));
      }, timeoutMs);
      timer.unref();
      const signal = AbortSignal.any([serverSignal, expiry.signal]);
      clock.pause();
      try {
        return await raceSignal(onElicitation(request, signal), signal).catch(() => cancelled);
      } finally {
        clearTimeout(timer);
        clock.resume();
      }
    },
  };
}

async function callTool(
  { state, acquire }: PoolOperationsDependencies,
  { entry, server, authToken, name, toolArguments, signal, onElicitation }: ToolCallRequest,
): Promise<McpCallToolResult> {
  const timeoutMs = server.timeout ?? state.settings.callTimeoutMs;
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
  let clock: CallClock | undefined;
  // The SDK never removes the abort listener it adds: it gets a signal that dies with the call.
  const callSignal = signal && followSignal(signal);
  let openCall: OpenCall | undefined;
  try {
    if (!pooled) {
      deadline = createDeadline({ timeoutMs, signal });
      pooled = await acquire({ entry, server, authToken, signal: deadline.signal });
    }
    const remainingMs = deadline ? deadline.remainingMs() : timeoutMs;
    if (onElicitation) clock = createCallClock({ timeoutMs: remainingMs });
    openCall = openCallOf({
      onElicitation,
      clock,
      timeoutMs: state.settings.elicitationTimeoutMs ?? defaultElicitationTimeoutMs,
      logger: state.logger,
      serverName: entry.serverName,
    });
    pooled.openCalls.add(openCall);
    state.counters.toolCalls += 1;
    const signals = [callSignal?.signal, clock?.signal].filter((candidate) => candidate !== undefined);
    const result = await pooled.connection.client.callTool({ name, arguments: toolArguments }, undefined, {
      signal: signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals),
      timeout: clock ? clockedSdkTimeoutMs : remainingMs,
    });
    return result as McpCallToolResult;
  } catch (error) {
    const timedOut = (deadline?.timedOut() ?? false) || (clock?.timedOut() ?? false);
    const failure = classifyCallError({ error, serverName: entry.serverName, timedOut, signal, name, timeoutMs });
    if (pooled && failure.code === 'mcp_unavailable' && failure.reason !== 'closed') {
      state.retire(entry, pooled);
      state.recordFailure(entry, failure);
    }
    throw failure;
  } finally {
    if (openCall) pooled?.openCalls.delete(openCall);
    if (pooled) state.release(pooled);
    deadline?.dispose();
    clock?.dispose();
    callSignal?.dispose();
  }
}
