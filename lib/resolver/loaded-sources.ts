/**
 * What the loaders in `lib/sources` hand to `mergeTools`: everything already fetched, failures as
 * values. The pure merge turns failures into warnings, so every warning is produced in one place.
 */
import type { McpNeutralTool, McpServerToolListing } from '../mcp/convert';
import type { Tool } from '../tools';
import type { ProviderCall } from './provider-calls';
import type { Inclusion, ResolutionWarning } from './types';

export interface LoadedMcpServer extends McpServerToolListing {
  /** Why listing failed (`listed` is then undefined). Never contains the caller's token. */
  failure?: string;
  /** What the listing left out of the tools' schemas, in words (a `pattern` RE2 cannot run). */
  droppedPatterns?: string[];
}

export type LoadedMcpClient =
  | { status: 'unknown' }
  /** Nothing could be listed (e.g. the resolution deadline passed first). */
  | { status: 'failed'; message: string }
  /** A saved client with a stdio server that arrived by import and no admin approved yet: nothing was started. */
  | { status: 'needs_approval' }
  | {
      status: 'loaded';
      /** `saved`: namespaced names and the server-level filter; `code`: bare names, no filter. */
      kind: 'saved' | 'code';
      clientVersionId: string;
      servers: LoadedMcpServer[];
      /** The executable tool for a converted MCP tool; `undefined` when it cannot be built. */
      toolFor(tool: McpNeutralTool): Tool | undefined;
    };

export type LoadedIntegration =
  | { status: 'unknown' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; tools: Readonly<Record<string, Tool>> };

export interface LoadedProviderCall {
  call: ProviderCall;
  outcome: { ok: true; tools: Readonly<Record<string, Tool>> } | { ok: false; message: string };
}

export type LoadedToolProvider =
  | { status: 'unknown' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; calls: LoadedProviderCall[]; warnings: ResolutionWarning[] };

/**
 * A sub-agent or workflow the agent names (`agents.<key>` / `workflows.<key>`), offered as
 * `agent-<key>` / `workflow-<key>`: found (with its executable tool) or gone (with the reason).
 */
export type LoadedCallable = (
  { source: 'agent'; origin: { agentId: string } } | { source: 'workflow'; origin: { workflowId: string } }
) & {
  key: string;
  /** `[{ field: 'agents' | 'workflows', variantIndex: null }]` for a stored reference; `[]` for a code agent's own. */
  includedBy: Inclusion[];
} & (
    | { status: 'found'; tool: Tool; /** The agent's own wording for the tool, if any. */ description?: string }
    | { status: 'gone'; reason: string }
  );

export interface LoadedSources {
  registry: { get(id: string): Tool | undefined };
  /** By id; Maps, because ids are user data (`constructor` is a valid id). */
  mcpClients: ReadonlyMap<string, LoadedMcpClient>;
  integrations: ReadonlyMap<string, LoadedIntegration>;
  toolProviders: ReadonlyMap<string, LoadedToolProvider>;
  /** Sub-agents first, then workflows, each in the order the agent names them; none when absent. */
  callables?: readonly LoadedCallable[];
}
