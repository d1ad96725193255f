/**
 * Opens one MCP connection with the official SDK: stdio servers are spawned without a shell and with
 * a minimal environment; HTTP servers speak Streamable HTTP, falling back to the legacy SSE
 * transport when the server answers the Streamable HTTP handshake with a 4xx (what a legacy server
 * does). Nothing else is ever added to HTTP requests but `Authorization: Bearer <authToken>`.
 *
 * This is the one place a child process is started for MCP, so the stdio rules (an approved launch
 * spec, allowed env names) are checked here once more, whatever was checked when the configuration was
 * saved: a command removed from the allow-list since then does not start. HTTP requests go through
 * the given `fetch`: the product passes the outbound guard.
 */
import type { Readable, Stream } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { silentLogger, type Logger } from '../logger';
import { linearRegExp, withoutUnsupportedPatterns } from '../tools';
import { remoteExcerpt, type FetchFunction } from '../net';
import { studioVersion } from '../version';
import type { McpElicitationAnswer, McpElicitationRequest } from './convert';
import { createDeadline, DeadlineExceeded, raceSignal } from './deadline';
import { isSdkRequestTimeout, McpServerError, toMcpServerError } from './mcp-server-error';
import { loadMcpClientSdk, type McpClientSdk } from './sdk';
import { stdioServerViolations, type StdioPolicy } from './stdio-rules';
import type { McpHttpServerConfig, McpServerConfig, McpStdioServerConfig, McpTransportKind } from './types';
import { errorMessage } from '../errors';

export interface McpConnection {
  readonly client: Client;
  readonly transport: McpTransportKind;
  readonly serverName: string;
  /** True once `close()` was called or the server went away. */
  readonly closed: boolean;
  /** Closes the client and its transport (for stdio: ends, then kills, the child). Idempotent. */
  close(): Promise<void>;
}

export interface ConnectServerParams {
  server: McpServerConfig;
  /** Only for messages and logs. */
  serverName?: string;
  /** Sent as `Authorization: Bearer <token>` to HTTP servers; never given to stdio servers. */
  authToken?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  logger?: Logger;
  /** The server sent `notifications/tools/list_changed`. */
  onToolListChanged?: () => void;
  /** The connection ended without `close()` being called (crash, server shutdown, network). */
  onUnexpectedClose?: () => void;
  /** Receives the background close of a half-open connection after a failed attempt. */
  trackClose?: (closing: Promise<void>) => void;
  /**
   * The launch specs a stdio server must match and the env names it may set; `undefined` checks
   * nothing, for servers registered in code (trusted code).
   */
  stdioPolicy?: StdioPolicy;
  /** Used for every HTTP request of the transports (default: the global fetch). */
  fetch?: FetchFunction;
  /** Receives what a stdio child writes to stderr, as written (a connection test keeps its tail). */
  onStderr?: (text: string) => void;
  /**
   * Answers the server's form-mode `elicitation/create` requests; given, the client declares the
   * `elicitation` capability (servers may then offer tools that ask). `signal` aborts when the
   * server gives the request up.
   */
  onElicitation?: (request: McpElicitationRequest, signal: AbortSignal) => Promise<McpElicitationAnswer>;
}

const maxStderrChunkLength = 2_000;
/** How long a failed start waits for the rest of the child's stderr (it says why it gave up). */
const stderrDrainMs = 500;

/** Resolves when the stream has ended or `ms` passed, whichever comes first. */
async function endedWithin(stream: Stream, ms: number): Promise<void> {
  const timer = new AbortController();
  await Promise.race([
    // The SDK types it as a Stream; with `stderr: 'pipe'` it is the PassThrough the child's stderr feeds.
    finished(stream as Readable).catch(() => undefined),
    delay(ms, undefined, { signal: timer.signal }).catch(() => undefined),
  ]);
  timer.abort();
}

/**
 * The SDK client checks tool results against the output schemas servers list; those schemas are the
 * server's to write, so their `pattern`s run on the linear-time engine like ours, and a pattern it
 * cannot run is left out (the listing reports it: runnable-patterns.ts). One per connection (about a
 * millisecond to build, against a handshake), so connections share no compiled schemas.
 */
function createResultValidator({ AjvJsonSchemaValidator }: McpClientSdk): jsonSchemaValidator {
  const ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true, code: { regExp: linearRegExp } });
  addFormats(ajv);
  const validator = new AjvJsonSchemaValidator(ajv);
  return { getValidator: (schema) => validator.getValidator(withoutUnsupportedPatterns(schema).schema) };
}

/** Connects and completes the MCP handshake within `timeoutMs`; failures are `McpServerError`s. */
export async function connectServer(params: ConnectServerParams): Promise<McpConnection> {
  const serverName = params.serverName ?? describeServer(params.server);
  // Loaded before the clock starts: loading the SDK once is not the server's time to answer.
  const sdk = await loadMcpClientSdk();
  const deadline = createDeadline({ timeoutMs: params.timeoutMs, signal: params.signal });
  try {
    return params.server.type === 'stdio'
      ? await connectStdio({ ...params, server: params.server, serverName, deadline, sdk })
      : await connectHttp({ ...params, server: params.server, serverName, deadline, sdk });
  } catch (error) {
    if (
      deadline.timedOut() ||
      error instanceof DeadlineExceeded ||
      (isSdkRequestTimeout(error) && !params.signal?.aborted)
    ) {
      throw new McpServerError({
        reason: 'timeout',
        serverName,
        scope: 'connection',
        message: `MCP server "${serverName}": connect timed out after ${params.timeoutMs} ms`,
        cause: error,
      });
    }
    throw toMcpServerError({
      error,
      serverName,
      scope: 'connection',
      action: 'connect',
      signal: params.signal,
      secrets: knownSecrets(params),
    });
  } finally {
    deadline.dispose();
  }
}

type ConnectStepParams<Server> = ConnectServerParams & {
  server: Server;
  serverName: string;
  deadline: ReturnType<typeof createDeadline>;
  sdk: McpClientSdk;
};

function refuseUnlistedStdio({ server, serverName, stdioPolicy }: ConnectStepParams<McpStdioServerConfig>): void {
  if (stdioPolicy === undefined) return;
  const [violation] = stdioServerViolations({ server, policy: stdioPolicy });
  if (violation)
    throw new McpServerError({
      reason: 'refused',
      serverName,
      scope: 'connection',
      message: `MCP server "${serverName}" was not started: ${violation.message}`,
    });
}

async function connectStdio(params: ConnectStepParams<McpStdioServerConfig>): Promise<McpConnection> {
  const { server, serverName, logger = silentLogger, sdk } = params;
  refuseUnlistedStdio(params);
  const transport = new sdk.StdioClientTransport({
    command: server.command,
    args: server.args ?? [],
    // Only the SDK's short list (HOME, LOGNAME, PATH, SHELL, TERM, USER) and the stored env: the
    // app's own secrets in process.env must never reach a user-configured command.
    env: { ...sdk.getDefaultEnvironment(), ...server.env },
    // Piped and always read: an inherited stderr would mix into ours, an unread pipe would fill up
    // and block the child.
    stderr: 'pipe',
  });
  const secrets = knownSecrets(params);
  transport.stderr?.on('data', (chunk: Buffer) => {
    params.onStderr?.(chunk.toString('utf8'));
    // A server may print its environment: what reaches our log is an excerpt without its secrets.
    logger.debug('MCP server stderr', {
      server: serverName,
      output: remoteExcerpt(chunk.toString('utf8', 0, maxStderrChunkLength), { secrets }),
    });
  });
  try {
    return await handshake({ ...params, transport, kind: 'stdio' });
  } catch (error) {
    // A child that fails to start usually writes why just before it exits: let those last lines
    // reach `onStderr` (a connection test shows them) before the failure is reported.
    if (params.onStderr && transport.stderr) await endedWithin(transport.stderr, stderrDrainMs);
    throw error;
  }
}

async function connectHttp(params: ConnectStepParams<McpHttpServerConfig>): Promise<McpConnection> {
  const url = new URL(params.server.url);
  const requestInit: RequestInit | undefined = params.authToken
    ? { headers: { Authorization: `Bearer ${params.authToken}` } }
    : undefined;
  const { fetch, sdk } = params;
  const attempt = (kind: McpTransportKind, transport: Transport) => handshake({ ...params, transport, kind });
  try {
    return await attempt('streamable-http', new sdk.StreamableHTTPClientTransport(url, { requestInit, fetch }));
  } catch (error) {
    if (!isLegacyServerAnswer(sdk, error) || params.deadline.signal.aborted) throw error;
    params.logger?.debug('MCP server does not speak Streamable HTTP; trying legacy SSE', { server: params.serverName });
    try {
      return await attempt('sse', new sdk.SSEClientTransport(url, { requestInit, fetch }));
    } catch (sseError) {
      if (params.deadline.signal.aborted) throw sseError;
      // Neither spoke: the Streamable HTTP answer is the one that says why (a server's own refusal,
      // its body quoted), the legacy SSE one only that it is no older server either.
      throw new Error(`${errorMessage(error)}; legacy SSE failed too`, { cause: sseError });
    }
  }
}

/** A legacy (HTTP+SSE) server rejects the Streamable HTTP POST with 400, 404 or 405; 401/403 mean auth, not age. */
function isLegacyServerAnswer({ StreamableHTTPError }: McpClientSdk, error: unknown): boolean {
  if (!(error instanceof StreamableHTTPError) || error.code === undefined) return false;
  return error.code >= 400 && error.code < 500 && error.code !== 401 && error.code !== 403;
}

async function handshake({
  transport,
  kind,
  serverName,
  deadline,
  logger = silentLogger,
  onToolListChanged,
  onUnexpectedClose,
  trackClose,
  onElicitation,
  server,
  authToken,
  sdk,
}: ConnectStepParams<McpServerConfig> & { transport: Transport; kind: McpTransportKind }): Promise<McpConnection> {
  // Transport errors quote what the server answered, which may quote what we sent.
  const secrets = knownSecrets({ server, authToken });
  const safely = (error: unknown) => remoteExcerpt(errorMessage(error), { secrets });
  const client = new sdk.Client(
    { name: 'agent-studio', version: studioVersion },
    {
      jsonSchemaValidator: createResultValidator(sdk),
      // Form mode only: a URL-mode request is refused by the SDK before it reaches the handler.
      capabilities: onElicitation ? { elicitation: { form: {} } } : undefined,
    },
  );
  if (onElicitation) {
    client.setRequestHandler(sdk.ElicitRequestSchema, async ({ params }, extra) => {
      const { message, requestedSchema } = params as McpElicitationRequest;
      return (await onElicitation({ message, requestedSchema }, extra.signal)) as never;
    });
  }
  let closing: Promise<void> | undefined;
  let closed = false;
  let connected = false;
  const close = () => {
    closed = true;
    closing ??= endSession(sdk, transport)
      .then(() => client.close())
      .catch((error: unknown) => {
        logger.debug('MCP connection close failed', { server: serverName, error: safely(error) });
      });
    return closing;
  };
  client.onclose = () => {
    if (closed) return;
    closed = true;
    // A close during the handshake is reported by the failed connect itself.
    if (connected) onUnexpectedClose?.();
  };
  client.onerror = (error) => logger.debug('MCP transport error', { server: serverName, error: safely(error) });
  client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, async () => onToolListChanged?.());
  try {
    await raceSignal(
      client.connect(transport, { signal: deadline.signal, timeout: deadline.remainingMs() }),
      deadline.signal,
    );
  } catch (error) {
    // A half-open connection (spawned child, open stream) must still be closed, but a slow child
    // exit is not worth waiting for on the request path.
    const closingAfterFailure = close();
    trackClose?.(closingAfterFailure);
    throw error;
  }
  connected = true;
  return {
    client,
    transport: kind,
    serverName,
    get closed() {
      return closed;
    },
    close,
  };
}

const sessionEndTimeoutMs = 2_000;

/**
 * Streamable HTTP servers keep a session per client until told otherwise: end it (DELETE) so pooled
 * connections we drop do not pile up on the server. Bounded, because a hung server must not hold
 * up shutdown.
 */
async function endSession({ StreamableHTTPClientTransport }: McpClientSdk, transport: Transport): Promise<void> {
  if (!(transport instanceof StreamableHTTPClientTransport) || transport.sessionId === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, sessionEndTimeoutMs);
    timer.unref();
  });
  await Promise.race([transport.terminateSession().catch(() => {}), giveUp]);
  clearTimeout(timer);
}

/** The values a server's answers or output might echo back: its env, its URL credentials, the caller's token. */
function knownSecrets({ server, authToken }: Pick<ConnectServerParams, 'server' | 'authToken'>): string[] {
  const secrets = authToken ? [authToken] : [];
  if (server.type === 'stdio') return [...secrets, ...Object.values(server.env ?? {})];
  try {
    const url = new URL(server.url);
    for (const value of [url.username, url.password, ...url.searchParams.values()])
      if (value) secrets.push(decodeURIComponent(value));
  } catch {
    // not a URL: nothing to add
  }
  return secrets;
}

function describeServer(server: McpServerConfig): string {
  return server.type === 'stdio' ? server.command : new URL(server.url).host;
}
