/**
 * The tool-provider interface. A provider offers toolkits of
 * tools (e.g. a hosted catalogue of SaaS actions) and resolves the slugs an agent pinned into
 * runnable tools through one **connection** at a time: an account the tools act as.
 *
 * Connections have a kind (`author`: the agent author's account, `invoker`: the caller's,
 * `platform`: the deployment's) and a scope deciding whose identity (`authorId`) the provider sees:
 * `shared` one shared bucket, `caller-supplied` the request's `resourceId`, `per-author` the agent's
 * author. A connection without a scope uses the provider's `capabilities.defaultScope`.
 */
import type { JsonSchema, RequestContext, Tool } from '../tools';

export type ConnectionKind = 'author' | 'invoker' | 'platform';
export type ConnectionScope = 'shared' | 'caller-supplied' | 'per-author';

export interface ToolProviderCapabilities {
  /** Whether one toolkit may route through several connections (tools are then renamed `SLUG__<LABEL>`). */
  multipleConnectionsPerToolkit: boolean;
  defaultScope: ConnectionScope;
}

export interface ToolkitDescription {
  /** Unique within the provider, e.g. `github`. */
  slug: string;
  name: string;
  description?: string;
}

export interface ProviderToolDescription {
  /** Unique within the provider, e.g. `GITHUB_CREATE_ISSUE`. */
  slug: string;
  toolkit: string;
  description: string;
  inputSchema: JsonSchema;
}

/** Who the provider acts as for one resolution call. */
export interface ProviderConnectionRequest {
  kind: ConnectionKind;
  connectionId: string;
  /** From the connection's scope: the shared bucket, the caller's resource id or the agent's author. */
  authorId?: string;
}

export interface ResolveProviderToolsRequest {
  toolkit: string;
  slugs: ReadonlyArray<string>;
  /** The agent's per-slug settings (e.g. a description replacing the provider's). */
  meta: Readonly<Record<string, { description?: string }>>;
  connection: ProviderConnectionRequest;
  requestContext: RequestContext;
}

/** A connection the editor may pin (what `listConnections` offers). */
export interface ProviderConnectionDescription {
  connectionId: string;
  kind: ConnectionKind;
  label?: string;
  scope?: ConnectionScope;
}

export interface ToolProvider {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  readonly capabilities: ToolProviderCapabilities;
  listToolkits(): Promise<ToolkitDescription[]>;
  listTools(request: { toolkit: string }): Promise<ProviderToolDescription[]>;
  /** The connections the editor may pin for a toolkit (optional: without it the editor offers none). */
  listConnections?(request: { toolkit: string }): Promise<ProviderConnectionDescription[]>;
  /**
   * The requested slugs as runnable tools, keyed by slug; a slug the provider cannot offer through
   * this connection is left out. A rejection means this connection failed (its siblings still resolve).
   */
  resolveTools(request: ResolveProviderToolsRequest): Promise<Record<string, Tool>>;
}
