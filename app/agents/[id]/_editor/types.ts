import type { AgentSnapshot } from '@/lib/snapshots';
import type { AgentView, LabelView, Page, VersionView } from '@/lib/editor';
import type { ModelSuggestion } from '../../../_components/model-suggestions';

/** A tool as the picker lists it: the name the model sees and its original description. */
export interface CatalogTool {
  name: string;
  description: string;
  /** Its input schema, when the catalogue knows it (offers `args.*` fields to approval rules). */
  inputSchema?: Record<string, unknown>;
}

export interface CatalogMcpServer {
  type: 'stdio' | 'http';
  /** The server-level allow-list (bare names); absent: every tool passes. */
  allowList?: string[];
  /** Descriptions the allow-list gives its tools (agents see them instead of the server's own). */
  descriptions?: Record<string, string>;
}

export interface ToolCatalog {
  registered: CatalogTool[];
  /** Built-in tools (ask_user, submit_plan, web_search), selected in the same `tools` field. */
  builtIn?: CatalogTool[];
  mcpClients: Array<{ id: string; name: string; servers: Record<string, CatalogMcpServer> }>;
  /** `source`: `stored` (configured through the API: the server lints its tools' arguments) or `code`. */
  integrations: Array<{ id: string; name: string; source?: 'code' | 'stored'; tools: CatalogTool[]; error?: string }>;
  providers: Array<{ id: string; name: string; tools: Array<CatalogTool & { toolkit: string }>; error?: string }>;
}

/** For an override record of a code agent: what code defines and what the editor may change. */
export interface CodeAgentFacts {
  name: string;
  model: string | null;
  tools: CatalogTool[];
  /** Snapshot fields the editor owns for this agent (others are dropped when saved). */
  ownedFields: string[];
  toolsMode: 'full' | 'description-only' | 'code';
}

export interface EditorData {
  agent: AgentView;
  version: VersionView;
  versions: Page<VersionView>;
  labels: LabelView[];
  catalog: ToolCatalog;
  codeAgent: CodeAgentFacts | null;
  models: ModelSuggestion[];
  /** Built-in providers with no key: the Playground says so before Send. */
  keylessProviders: string[];
  /** Publish messages by version number (each version's latest publish that had one). */
  publishMessages?: Record<number, string>;
}

/** The fields the editor edits; the rest of a version is kept as it is. */
export const editedFields = [
  'name',
  'description',
  'instructions',
  'model',
  'tools',
  'mcpClients',
  'integrationTools',
  'toolProviders',
  'toolPolicies',
  'requestContextSchema',
] as const;

export type EditedField = (typeof editedFields)[number];

export type EditorValues = { [Field in EditedField]: AgentSnapshot[Field] };
