/**
 * The pool's bookkeeping for one key: its connection, cached tool list and failure state. Pure
 * helpers only; the pool in `mcp-pool.ts` does the IO.
 */
import { createHash } from 'node:crypto';
import type { McpConnection } from './connect-server';
import type { OpenCall } from './elicitation-routing';
import { McpServerError } from './mcp-server-error';
import type { InternalAddresses } from '../auth';
import type { McpBackoffSettings, McpListedTool, McpPoolKey, McpServerConfig } from './types';

/** A connection plus the operations using it, so that closing can wait until it is free. */
export interface PooledConnection {
  connection: McpConnection;
  activeOperations: number;
  /** The tools/call requests in flight on it (elicitations are routed by them). */
  openCalls: Set<OpenCall>;
  /** Taken out of the pool (idle, LRU, eviction): closed as soon as no operation uses it. */
  retired: boolean;
  /** When an operation last started or ended on it (for the idle sweep). */
  lastUsedAt: number;
}

export interface McpToolList {
  tools: McpListedTool[];
  /** What the listing left out of the tools' schemas: `pattern`s RE2 cannot run, in words. */
  droppedPatterns?: string[];
  /** sha256 of the listed tools: equal hashes mean equal lists (for memoising what is built on them). */
  hash: string;
  fetchedAt: number;
}

/** A server of one client version, whatever token its listings were made with. */
export interface ListedServer {
  clientId: string;
  clientVersionId: string;
  serverName: string;
}

/** A server's new tool list, told to the pool's listeners. */
export interface McpToolListChangedEvent extends ListedServer {
  toolList: McpToolList;
}

export interface PoolEntry {
  readonly keyString: string;
  readonly clientId: string;
  /** Code-registered: its stdio command is not checked against the allow-list. */
  readonly trusted: boolean;
  /** `refused`: its HTTP requests may not reach loopback or private addresses (who wrote the client). */
  readonly internalAddresses: InternalAddresses;
  readonly clientVersionId: string;
  readonly serverName: string;
  pooled?: PooledConnection;
  connecting?: Promise<PooledConnection>;
  listing?: Promise<McpToolList>;
  toolList?: McpToolList;
  /** Bumped by `tools/list_changed`: a listing that started before the bump is not cached. */
  listGeneration: number;
  /** The generation whose fresh list listeners were last told about. */
  notifiedGeneration: number;
  /** The server's connect + list budget, kept for background refreshes. */
  listTimeoutMs: number;
  failure?: { error: McpServerError; failures: number; retryAt: number };
  lastUsedAt: number;
  /** Dropped from the pool (client evicted, pool closed): nothing may be cached on it any more. */
  removed: boolean;
}

/** What an operation on a pool entry is given: the entry, its server's config and the caller's auth token, if any. */
export interface PoolEntryRequest {
  entry: PoolEntry;
  server: McpServerConfig;
  authToken?: string;
}

export function hashAuthToken(authToken: string | undefined): string {
  return authToken ? createHash('sha256').update(authToken).digest('hex') : '';
}

/**
 * The key of a pool entry. Stdio servers never receive the token, so it is left out of their key:
 * otherwise every caller token would start its own copy of the same process.
 */
export function poolKeyString({ key, server }: { key: McpPoolKey; server: McpServerConfig }): string {
  const tokenHash = server.type === 'http' ? hashAuthToken(key.authToken) : '';
  // NUL cannot appear in ids or names typed by people, so the parts cannot run into each other.
  const internal = key.internalAddresses ?? 'allowed';
  return `${key.clientId}\u0000${key.clientVersionId}\u0000${key.serverName}\u0000${tokenHash}\u0000${internal}`;
}

export function createPoolEntry({
  key,
  keyString,
  listTimeoutMs,
  now,
}: {
  key: McpPoolKey;
  keyString: string;
  listTimeoutMs: number;
  now: number;
}): PoolEntry {
  return {
    listTimeoutMs,
    notifiedGeneration: 0,
    keyString,
    clientId: key.clientId,
    trusted: key.trusted === true,
    internalAddresses: key.internalAddresses ?? 'allowed',
    clientVersionId: key.clientVersionId,
    serverName: key.serverName,
    listGeneration: 0,
    lastUsedAt: now,
    removed: false,
  };
}

export function hashToolList(tools: McpListedTool[]): string {
  return createHash('sha256').update(JSON.stringify(tools)).digest('hex');
}

/** Exponential backoff: `initialMs`, then doubled per consecutive failure, capped at `maxMs`. */
export function backoffDelay({ failures, backoff }: { failures: number; backoff: McpBackoffSettings }): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, failures - 1));
}

export function recordFailure({
  entry,
  error,
  now,
  backoff,
}: {
  entry: PoolEntry;
  error: McpServerError;
  now: number;
  backoff: McpBackoffSettings;
}): void {
  const failures = (entry.failure?.failures ?? 0) + 1;
  entry.failure = { error, failures, retryAt: now + backoffDelay({ failures, backoff }) };
}

/** While in backoff, the last failure is reported again instead of contacting the server. */
export function backoffError({ entry, now }: { entry: PoolEntry; now: number }): McpServerError | undefined {
  const failure = entry.failure;
  if (!failure || now >= failure.retryAt) return undefined;
  const last = failure.error;
  return new McpServerError({
    reason: last.reason,
    serverName: entry.serverName,
    scope: 'connection',
    message: `${last.message} (${failure.failures} consecutive failure${failure.failures === 1 ? '' : 's'}; next attempt in ${Math.ceil((failure.retryAt - now) / 1000)} s)`,
    retryAt: failure.retryAt,
    cause: last,
  });
}

/**
 * An entry that holds nothing worth keeping: no connection, no work in flight, no fresh list. A
 * failure is remembered for `maxMs` past its retry time, so that a server failing again soon after
 * keeps backing off further instead of starting over.
 */
export function isDisposable({
  entry,
  now,
  toolListTtlMs,
  backoff,
}: {
  entry: PoolEntry;
  now: number;
  toolListTtlMs: number;
  backoff: McpBackoffSettings;
}): boolean {
  if (entry.pooled || entry.connecting || entry.listing) return false;
  if (entry.toolList && now - entry.toolList.fetchedAt < toolListTtlMs) return false;
  if (entry.failure && now < entry.failure.retryAt + backoff.maxMs) return false;
  return true;
}
