/**
 * Shapes shared by the MCP IO layer (connections, pool) and the pure conversion code. Server configs
 * are the transport part of a saved client's server (docs/mcp.md); who may save which
 * config (allow-list, admin-only URLs) is the editor's concern, not this layer's.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { FetchFunction } from '../net';
import type { StdioPolicy } from './stdio-rules';
import type { InternalAddresses } from '../auth';

/** Per-tool entries of a server-level or agent-level `tools` map. */
export type McpToolEntries = Record<string, { description?: string }>;

export interface McpStdioServerConfig {
  type: 'stdio';
  command: string;
  args?: string[];
  /** Stored (decrypted) env; the child gets the SDK's default environment plus exactly these. */
  env?: Record<string, string>;
  /** Caps connect + list and each call (ms); absent: the pool's settings apply. */
  timeout?: number;
  /** Server-level allow-list of bare tool names: only its keys pass, and an empty map passes nothing. */
  tools?: McpToolEntries;
}

export interface McpHttpServerConfig {
  type: 'http';
  url: string;
  timeout?: number;
  tools?: McpToolEntries;
}

export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** A tool exactly as the server listed it. */
export type McpListedTool = Tool;

/** A `tools/call` result exactly as the server returned it (`isError` results included). */
export type McpCallToolResult = CallToolResult;

/**
 * Which pooled connection (and cached tool list) a request uses. The auth token is hashed into the
 * key and never stored; it only matters for HTTP servers (stdio servers never receive it).
 */
export interface McpPoolKey {
  clientId: string;
  clientVersionId: string;
  serverName: string;
  authToken?: string;
  /** A server registered in code (`createStudio({ mcpServers })`): trusted code, its command is not allow-listed. */
  trusted?: boolean;
  /** `refused`: a saved client written by someone who may not reach loopback or private addresses. */
  internalAddresses?: InternalAddresses;
}

/** How the pool's connections reach servers: which saved stdio servers may start, and the fetch HTTP servers use. */
export interface McpConnectionPolicy {
  /** The launch specs and env names saved stdio servers may use; undefined checks nothing (trusted callers only). */
  stdio?: StdioPolicy;
  /**
   * The launch specs an admin approved in the editor (stored, in the setting's syntax), read at each
   * spawn: they join `stdio.stdioAllowedCommands`. Only used when `stdio` is set.
   */
  approvedLaunchEntries?: () => Promise<readonly string[]>;
  /** Every HTTP request to an MCP server goes through it (the outbound guard); default the global fetch. */
  fetch?: FetchFunction;
  /**
   * The same guard refusing loopback and private addresses too, for the servers of clients whose
   * internal addresses are `refused`. Without it those servers are reached at no address
   * (`fetchFor` in connection-policy.ts fails closed).
   */
  fetchRefusingInternal?: FetchFunction;
}

export type McpTransportKind = 'stdio' | 'streamable-http' | 'sse';

export interface McpPoolSettings {
  listTimeoutMs: number;
  callTimeoutMs: number;
  /**
   * How long a call waits for the answer to its server's question (elicitation) before the server is
   * answered `cancel` (default 600,000: ten minutes, what server-everything itself allows).
   */
  elicitationTimeoutMs?: number;
  idleCloseMs: number;
  toolListTtlMs: number;
  maxPooledConnections: number;
}

export interface McpBackoffSettings {
  /** Wait after the first failure; doubles with each further failure. */
  initialMs: number;
  maxMs: number;
}

/** Counters for tests and the bench: every request the pool made to servers. */
export interface McpPoolStats {
  /** Connection attempts started (successful or not). */
  connects: number;
  connectFailures: number;
  /** `tools/list` requests sent, one per page. */
  toolListRequests: number;
  /** `tools/call` requests sent. */
  toolCalls: number;
  /** Connections closed by the pool (idle, LRU, eviction, shutdown, after a failure). */
  closes: number;
  openConnections: number;
  cachedToolLists: number;
}
