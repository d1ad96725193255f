/**
 * The vocabulary of tool resolution (docs/resolution.md): what a resolved tool is, where it
 * came from, why it is there, and what went wrong on the way. Shared by the pure core, the loaders
 * in `lib/sources` and the runtime.
 */
import type { RuleGroup } from '../rules';
import type { JsonSchema, Tool, ToolAnnotations } from '../tools';

export type ToolSource = 'code' | 'registry' | 'mcp' | 'integration' | 'provider' | 'agent' | 'workflow';

export type ToolOrigin =
  | { toolId: string }
  | { clientId: string; clientVersionId: string; server: string; tool: string }
  | { providerId: string; toolkit?: string; connectionId?: string; slug: string }
  /** A sub-agent (`agent-<key>`): the code or stored agent it calls. */
  | { agentId: string }
  /** A workflow (`workflow-<key>`): the registered workflow it runs. */
  | { workflowId: string };

/** The four stored fields that contribute tools (each plain or conditional). */
export type ResolutionField = 'tools' | 'mcpClients' | 'integrationTools' | 'toolProviders';

export const resolutionFields: readonly ResolutionField[] = [
  'tools',
  'mcpClients',
  'integrationTools',
  'toolProviders',
];

export type DescriptionSource = 'original' | 'agent' | 'server';

/** One tool the model sees. `tool` is executable and carries this agent's description. */
export interface ResolvedTool {
  /** The name the model sees (matches `[a-zA-Z0-9_-]{1,64}`). */
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly annotations?: ToolAnnotations;
  readonly source: ToolSource;
  readonly origin: ToolOrigin;
  readonly tool: Tool;
  /** `tool.execute`: the tool's own steps of a call (validation, execute); absent for client tools. */
  readonly execute?: Tool['execute'];
  /** The version's approval policy for this tool (`toolPolicies`), when it has one. */
  readonly approval?: true | RuleGroup;
}

/** A variant index, or `null` for a plain field (`agents` and `workflows` are always plain). */
export interface Inclusion {
  field: ResolutionField | 'agents' | 'workflows';
  variantIndex: number | null;
}

export interface ToolExplanation {
  source: ToolSource;
  origin: ToolOrigin;
  /** Which field (and variants) selected it; empty for a code agent's own tools. */
  includedBy: Inclusion[];
  description: DescriptionSource;
  /** Earlier tools with the same name that this one replaced, oldest first. */
  shadowed: Array<{ source: ToolSource; origin: ToolOrigin }>;
  /** Present when the name had to be changed to be valid for models. */
  originalName?: string;
  /** The version's approval policy for this tool, with how it reads ("needs approval when ..."). */
  approval?: { requireApproval: true | RuleGroup; summary: string };
}

export interface FieldExplanation {
  conditional: boolean;
  /** Indices of the variants whose rules passed (empty for a plain field). */
  matched: number[];
}

export interface Explanation {
  tools: Record<string, ToolExplanation>;
  /** The fields that were read (a code agent's `editor` setting may leave some unread). */
  fields: Partial<Record<ResolutionField, FieldExplanation>>;
}

export type WarningCode =
  | 'tool_not_registered'
  | 'mcp_client_unknown'
  | 'mcp_unavailable'
  | 'mcp_needs_approval'
  | 'mcp_tool_not_offered'
  /** A live MCP tool's schema held a `pattern` RE2 cannot run: it was left out of the schema. */
  | 'mcp_schema_pattern_dropped'
  | 'provider_unknown'
  | 'provider_failed'
  | 'name_invalid'
  | 'name_shadowed'
  | 'rule_budget_exceeded'
  | 'tool_policy_unused'
  /** A stored agent's sub-agent names an agent that is gone or has nothing published. */
  | 'agent_unknown'
  /** A stored agent's workflow names no registered workflow. */
  | 'workflow_unknown';

/** What a warning is about: a kind of tool source, or `rules` for the version's own rules. */
export type WarningSource = ToolSource | 'rules';

export interface ResolutionWarning {
  code: WarningCode;
  message: string;
  source: WarningSource;
  /** Where in the agent version the problem lives, e.g. `mcpClients.docs` or `tools.weather`. */
  ref: string;
}

/** What `mergeTools` returns; the library's resolution adds version, instructions and model. */
export interface MergedTools {
  tools: Record<string, ResolvedTool>;
  explanation: Explanation;
  warnings: ResolutionWarning[];
}
