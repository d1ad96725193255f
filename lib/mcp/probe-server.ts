/**
 * A connection test (the editor's "test" button, `POST /api/mcp-clients/:id/test`): a fresh
 * connection, the handshake and a full listing inside one budget, then the connection is closed.
 * It never uses or changes pooled connections, cached lists or backoff state, so it always reflects
 * the server as it is now and leaves nothing behind for resolution to trip over.
 */
import { performance } from 'node:perf_hooks';
import { definedFields } from '../defined-fields';
import type { Logger } from '../logger';
import type { FetchFunction } from '../net';
import { connectServer, type McpConnection } from './connect-server';
import { createDeadline } from './deadline';
import { listAllTools } from './list-all-tools';
import { createStderrTail } from './stderr-tail';
import { isSdkRequestTimeout, McpServerError, toMcpServerError } from './mcp-server-error';
import type { StdioPolicy } from './stdio-rules';
import type { McpListedTool, McpServerConfig, McpTransportKind } from './types';

export type McpProbeResult =
  | { ok: true; tools: McpListedTool[]; transport: McpTransportKind; latencyMs: number }
  | {
      ok: false;
      error: McpServerError;
      latencyMs: number;
      /** A stdio child's last stderr output (bounded, its secrets redacted), when it wrote any. */
      stderr?: string;
    };

export async function probeServer({
  server,
  serverName,
  authToken,
  timeoutMs,
  signal,
  logger,
  trackClose,
  onConnect,
  onListRequest,
  stdioPolicy,
  fetch,
}: {
  server: McpServerConfig;
  serverName: string;
  /** Sent to HTTP servers only (connectServer never gives it to stdio servers). */
  authToken?: string;
  /** Connect + list, like the pool's listing budget. */
  timeoutMs: number;
  signal?: AbortSignal;
  logger: Logger;
  /** Receives the close, which runs in the background: a stdio child may take seconds to exit. */
  trackClose: (closing: Promise<void>) => void;
  onConnect?: () => void;
  onListRequest?: () => void;
  /** See `connectServer`: the stdio rules checked at the spawn point, read when the probe starts. */
  stdioPolicy?: () => Promise<StdioPolicy | undefined>;
  fetch?: FetchFunction;
}): Promise<McpProbeResult> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  const deadline = createDeadline({ timeoutMs, signal });
  let connection: McpConnection | undefined;
  const stderr = createStderrTail({ secrets: server.type === 'stdio' ? Object.values(server.env ?? {}) : [] });
  try {
    onConnect?.();
    const policy = await stdioPolicy?.();
    connection = await connectServer({
      server,
      serverName,
      authToken,
      timeoutMs: deadline.remainingMs(),
      signal: deadline.signal,
      logger,
      trackClose,
      stdioPolicy: policy,
      onStderr: stderr.write,
      fetch,
      // Declared as on pooled connections, so the test lists the tools runs are offered; nothing
      // is called here, so no question can come (one that did would be answered cancel).
      onElicitation: async () => ({ action: 'cancel' }),
    });
    const tools = await listAllTools({
      connection,
      deadline,
      onRequest: onListRequest,
      onPatternDropped: (dropped) =>
        logger.warn('MCP tool schema pattern left out: RE2 cannot run it', { server: serverName, ...dropped }),
    });
    return { ok: true, tools, transport: connection.transport, latencyMs: elapsed() };
  } catch (error) {
    const failure =
      deadline.timedOut() || (isSdkRequestTimeout(error) && !signal?.aborted)
        ? new McpServerError({
            reason: 'timeout',
            serverName,
            scope: 'connection',
            message: `MCP server "${serverName}": connect + list tools timed out after ${timeoutMs} ms`,
            cause: error,
          })
        : toMcpServerError({
            error,
            serverName,
            scope: 'connection',
            action: connection ? 'list tools' : 'connect',
            signal,
          });
    const output = stderr.read();
    return definedFields({ ok: false as const, error: failure, latencyMs: elapsed(), stderr: output });
  } finally {
    deadline.dispose();
    if (connection) trackClose(connection.close());
  }
}
