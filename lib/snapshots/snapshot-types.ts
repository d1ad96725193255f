/**
 * The stored agent snapshot: what every version holds. Tool fields are plain values or lists of
 * variants, each with optional rules on the request context (every matching variant is merged in
 * order; see docs/resolution.md); `instructions` is a string or prompt blocks.
 */
import { isVariantList, type RuleGroup, type Rules } from '../rules';

/** One variant of a conditional field: included when it has no rules or they pass. */
/** A model name as agents, settings and code name one: `provider/model`, neither part empty or spaced. */
export const modelNamePattern = /^[^\s/]+\/\S+$/;

export interface Variant<T> {
  value: T;
  rules?: Rules;
  /** What people call it in the editor ("Pro plan"); no effect on resolution. */
  name?: string;
}

/** A plain value, or a non-empty list of variants (detected by the first item having `value`). */
export type PlainOrConditional<T> = T | Array<Variant<T>>;

/**
 * `{ "<tool id>": { description? } }`. `rules` on an entry is refused at save; versions stored
 * before keep it, never evaluated, and the linter warns (`ignored_tool_rules`).
 */
export interface ToolEntry {
  description?: string;
  rules?: Rules;
}
/** A legacy list of ids means `{ id: {} }` for each. */
export type ToolSelection = Record<string, ToolEntry> | string[];

export interface ToolDescriptionEntry {
  description?: string;
}

/** `tools` omitted: the client contributes nothing; `{}`: every tool passing the server filter. */
export interface McpClientReference {
  tools?: Record<string, ToolDescriptionEntry>;
}

/** Per-slug entries may carry the provider's own config beside `description`. */
export interface IntegrationReference {
  tools?: Record<string, ToolDescriptionEntry & Record<string, unknown>>;
}

export interface ProviderConnection {
  kind: 'author' | 'invoker' | 'platform';
  connectionId: string;
  label?: string;
  scope?: 'shared' | 'caller-supplied' | 'per-author';
}

export interface ToolProviderReference {
  tools: Record<string, { toolkit?: string; description?: string }>;
  connections?: Record<string, ProviderConnection[]>;
}

export type PromptBlock =
  { type: 'text'; content: string } | { type: 'prompt_block'; content: string; rules?: Rules; name?: string };

export type Instructions = string | PromptBlock[];

/**
 * A sub-agent (`agent-<key>`): the code or stored agent it calls by id. Older snapshots keyed the
 * entry by that id and had no `agentId`, or listed ids; both still read, the key standing for the id.
 */
export interface AgentReference extends ToolDescriptionEntry {
  agentId?: string;
}

/** A workflow (`workflow-<key>`): a workflow registered with `createStudio({ workflows })`, by id. */
export interface WorkflowReference extends ToolDescriptionEntry {
  workflowId?: string;
}

/** Model call settings (the AI SDK's names), passed to every model call of a run. */
export interface CallSettings {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxOutputTokens?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  stopSequences?: string[];
}

export interface DefaultOptions extends CallSettings {
  maxSteps?: number;
  toolChoice?: 'auto' | 'none' | 'required' | { type: 'tool'; toolName: string };
  activeTools?: string[];
  /** A JSON Schema: runs answer an `object` of it unless the request gives its own `output`. */
  output?: Record<string, unknown>;
}

/**
 * When a call of one tool pauses the run for approval: always (`true`), or when the rule group
 * matches `{ args: <the call's arguments>, context: <the request context> }`.
 */
export interface ToolPolicy {
  requireApproval: true | RuleGroup;
}

/** Approval policies by the tool name the model sees (as resolved). */
export type ToolPolicies = Record<string, ToolPolicy>;

export interface AgentSnapshot {
  name?: string;
  description?: string;
  instructions?: Instructions;
  /** A `provider/model` string. */
  model?: string;
  tools?: PlainOrConditional<ToolSelection>;
  mcpClients?: PlainOrConditional<Record<string, McpClientReference>>;
  integrationTools?: PlainOrConditional<Record<string, IntegrationReference>>;
  toolProviders?: PlainOrConditional<Record<string, ToolProviderReference>>;
  agents?: Record<string, AgentReference> | string[];
  workflows?: Record<string, WorkflowReference> | string[];
  toolPolicies?: ToolPolicies;
  /** A JSON Schema describing the request context (drives the editor's forms). */
  requestContextSchema?: Record<string, unknown>;
  defaultOptions?: DefaultOptions;
}

export type SnapshotField = keyof AgentSnapshot;

/** Every snapshot field, in display order (diffs, changed fields and exports follow it). */
export const snapshotFields: readonly SnapshotField[] = [
  'name',
  'description',
  'instructions',
  'model',
  'tools',
  'mcpClients',
  'integrationTools',
  'toolProviders',
  'agents',
  'workflows',
  'toolPolicies',
  'requestContextSchema',
  'defaultOptions',
];

/** The four tool fields that may be conditional. */
export const conditionalFields = ['tools', 'mcpClients', 'integrationTools', 'toolProviders'] as const;

/** Whether a stored field value is a list of variants (`[{ value, rules? }]`) rather than a plain value. */
export function isConditional<T>(value: PlainOrConditional<T> | undefined): value is Array<Variant<T>> {
  return isVariantList(value);
}
