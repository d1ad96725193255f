/**
 * The one error type of the MCP IO layer. `code` comes from the product's error union
 * (`mcp_unavailable` when the server cannot be reached or used, `tool_failed` when one call failed
 * on a working connection); `reason` says what happened, for warnings, logs and tests.
 */
import { definedFields } from '../defined-fields';
import { StudioError } from '../errors';
import { findOutboundError, remoteExcerpt } from '../net';
import { isMcpError, rpcErrorCodes } from './sdk';

export type McpFailureReason =
  /** The server could not be started or reached (spawn error, connection refused, HTTP error). */
  | 'unreachable'
  /** Connect + list, or one call, took longer than its timeout. */
  | 'timeout'
  /** The connection closed under a request (e.g. the server crashed mid-call). */
  | 'closed'
  /** The caller's abort signal fired. */
  | 'aborted'
  /** The server answered with a JSON-RPC error or a malformed message. */
  | 'protocol'
  /** Nothing was started or connected: the command is not allowed, or the address may not be reached. */
  | 'refused';

export class McpServerError extends StudioError {
  readonly reason: McpFailureReason;
  readonly serverName: string;
  /** Set when the pool answered from its backoff state instead of contacting the server. */
  readonly retryAt?: number;

  constructor({
    reason,
    serverName,
    message,
    scope,
    retryAt,
    cause,
  }: {
    reason: McpFailureReason;
    serverName: string;
    message: string;
    /** `connection`: the server is unusable; `call`: one request failed on a usable connection. */
    scope: 'connection' | 'call';
    retryAt?: number;
    cause?: unknown;
  }) {
    super(
      scope === 'call' ? 'tool_failed' : 'mcp_unavailable',
      message,
      definedFields({
        server: serverName,
        reason,
        retryAt: retryAt === undefined ? undefined : new Date(retryAt).toISOString(),
      }),
      { cause },
    );
    this.name = 'McpServerError';
    this.reason = reason;
    this.serverName = serverName;
    this.retryAt = retryAt;
  }
}

/**
 * Whether an MCP error is one the SDK made itself with `code` (its words are one of `texts`) rather
 * than one a server answered with the same code: -32000 and -32001 are also what servers send for
 * their own failures ("server error"), whose message must reach the person.
 */
function madeBySdk(error: unknown, code: number, texts: readonly string[]): boolean {
  return (
    isMcpError(error) && error.code === code && texts.some((text) => error.message === `MCP error ${code}: ${text}`)
  );
}

/**
 * A server built on the SDK answers a thrown McpError with its whole message ("MCP error -32000:
 * ..."), which the client's McpError prefixes again: the words are kept once.
 */
const saidOnce = (message: string) => message.replace(/^(MCP error -?\d+: )(?=MCP error -?\d+: )/, '');

const sdkTimeoutTexts = ['Request timed out', 'Maximum total timeout exceeded'];
const sdkClosedTexts = ['Connection closed', 'Request was cancelled'];

/**
 * The SDK's own request timeout. Requests inside a budget get the budget's remaining time as their
 * SDK timeout, so the SDK's timer and the budget's race: either one firing means the budget ran out.
 */
export function isSdkRequestTimeout(error: unknown): boolean {
  return madeBySdk(error, rpcErrorCodes.RequestTimeout, sdkTimeoutTexts);
}

export function isMcpServerError(value: unknown): value is McpServerError {
  return value instanceof McpServerError;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const causeText = cause instanceof Error && cause.message !== error.message ? ` (${cause.message})` : '';
    return `${error.message}${causeText}`;
  }
  return String(error);
}

/**
 * Classifies anything thrown while talking to a server. `signal` decides between timeout and abort:
 * the SDK reports both as a `RequestTimeout` error.
 */
export function toMcpServerError({
  error,
  serverName,
  scope,
  action,
  signal,
  secrets = [],
}: {
  error: unknown;
  serverName: string;
  scope: 'connection' | 'call';
  /** What was being done, for the message: `connect`, `list tools`, `call "x"`. */
  action: string;
  signal?: AbortSignal;
  /** Values the server's answer may echo back (its credentials): blanked from the message. */
  secrets?: readonly string[];
}): McpServerError {
  if (error instanceof McpServerError) return error;
  const prefix = `MCP server "${serverName}": ${action} failed`;
  if (signal?.aborted) {
    return new McpServerError({
      reason: 'aborted',
      serverName,
      scope: 'call',
      message: `${prefix}: aborted`,
      cause: error,
    });
  }
  const outbound = findOutboundError(error);
  if (outbound?.failure === 'refused') {
    return new McpServerError({
      reason: 'refused',
      serverName,
      scope: 'connection',
      message: `${prefix}: ${outbound.message}`,
      cause: error,
    });
  }
  if (isMcpError(error)) {
    if (isSdkRequestTimeout(error)) {
      return new McpServerError({
        reason: 'timeout',
        serverName,
        scope,
        message: `${prefix}: timed out`,
        cause: error,
      });
    }
    if (madeBySdk(error, rpcErrorCodes.ConnectionClosed, sdkClosedTexts)) {
      return new McpServerError({
        reason: 'closed',
        serverName,
        scope: 'connection',
        message: `${prefix}: the connection closed`,
        cause: error,
      });
    }
    return new McpServerError({
      reason: 'protocol',
      serverName,
      scope,
      message: `${prefix}: ${remoteExcerpt(saidOnce(error.message), { secrets })}`,
      cause: error,
    });
  }
  if (isSchemaMismatch(error)) {
    return new McpServerError({
      reason: 'protocol',
      serverName,
      scope,
      message: `${prefix}: the server's answer is not an MCP message (is the URL an MCP server's endpoint?)`,
      cause: error,
    });
  }
  return new McpServerError({
    reason: 'unreachable',
    serverName,
    scope: 'connection',
    // Transport errors quote the server's answer: only a short, credential-free excerpt is kept.
    message: `${prefix}: ${remoteExcerpt(describe(error), { secrets })}`,
    cause: error,
  });
}

/**
 * The SDK checks every answer against the protocol's schemas and throws the schema library's error,
 * whose message is a dump of every branch it tried: an answer from something that is no MCP server.
 */
const isSchemaMismatch = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ZodError' && Array.isArray((error as { issues?: unknown }).issues);

/** Classifies a failed `tools/call`: the caller's abort, then the call's own timeout, then the rest. */
export function classifyCallError({
  error,
  serverName,
  timedOut,
  signal,
  name,
  timeoutMs,
}: {
  error: unknown;
  serverName: string;
  timedOut: boolean;
  signal?: AbortSignal;
  name: string;
  timeoutMs: number;
}): McpServerError {
  const tool = `MCP tool "${name}" on "${serverName}"`;
  if (signal?.aborted)
    return new McpServerError({
      reason: 'aborted',
      serverName,
      scope: 'call',
      message: `${tool} was aborted`,
      cause: error,
    });
  if (error instanceof McpServerError) return error;
  if (timedOut) {
    return new McpServerError({
      reason: 'timeout',
      serverName,
      scope: 'call',
      message: `${tool} timed out after ${timeoutMs} ms`,
      cause: error,
    });
  }
  return toMcpServerError({ error, serverName, scope: 'call', action: `call "${name}"` });
}
