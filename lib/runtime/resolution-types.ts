/** What a resolution answers, and the details a run needs beside it. */
import type { AgentSnapshot, DefaultOptions } from '../snapshots';
import type { CodeAgent } from './code-agent';
import type { Explanation, ResolutionWarning, ResolvedTool } from '../resolver';
import type { VersionSelector } from '../versions';

export interface Resolution {
  agentId: string;
  /** `null` when a code agent runs as defined in code (no override version applies). */
  versionId: string | null;
  versionNumber: number | null;
  /** The label the selector named, if any. */
  label?: string;
  /** Present on the resolution of an unsaved draft (`versionId` and `versionNumber` are null then). */
  draft?: true;
  /** Rendered for this request context (prompt blocks, placeholders). */
  instructions: string;
  /** `provider/model`. */
  model: string;
  /** Name -> executable resolved tool. */
  tools: Readonly<Record<string, ResolvedTool>>;
  explanation: Explanation;
  warnings: ResolutionWarning[];
  resolvedToolsHash: string;
}

/**
 * An unsaved draft, already checked as a save checks it (`editor.agents.checkDraft`). It resolves
 * as its saved version would, but its resolution is never cached: nothing about it outlives the
 * request.
 */
export interface DraftVersion {
  snapshot: Readonly<AgentSnapshot>;
  /** Who would save it: the identity of its `per-author` provider connections. */
  authorId?: string;
}

export interface ResolveOptions {
  /** A plain JSON object; `mastra__authToken` is the caller's token for HTTP MCP servers. */
  requestContext?: Record<string, unknown>;
  /** Default: the published version. */
  selector?: VersionSelector;
  /** An unsaved draft to resolve instead of a stored version (never with a selector). */
  draft?: DraftVersion;
  /** The caller's resource, the identity of `caller-supplied` provider connections. */
  resourceId?: string;
  signal?: AbortSignal;
}

/** What a run needs beyond the public resolution: the code agent (hooks, model object) and default options. */
export interface DetailedResolution {
  resolution: Resolution;
  codeAgent?: CodeAgent;
  defaultOptions?: DefaultOptions;
}

export interface DetailedResolveOptions extends ResolveOptions {
  /** Resolve exactly this version; `null` pins a code agent to its code definition. */
  pinnedVersionId?: string | null;
  /**
   * The agents calling each other down to this one, ending with it (default: the agent alone). A
   * stored sub-agent's tool loads its agent one level further down, and refuses a cycle.
   */
  chain?: readonly string[];
}
