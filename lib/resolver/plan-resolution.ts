/**
 * Step one of resolution (plan, load, merge), pure: given a version, the code agent (if any) and the request
 * context, decide which variants match and what must be loaded — which MCP clients, integration
 * providers and tool providers — before anything is contacted. `tools` omitted on a reference means
 * that source is not contacted at all.
 */
import type { AgentSnapshot, ToolPolicies } from '../snapshots';
import { createRuleBudget, type RuleBudget } from '../rules';
import type { Tool, RequestContext } from '../tools';
import type { EditorSetting } from '../versions';
import { matchVariants, mergeVariants, type FieldEntry } from './conditional-field';
import { codeAgentModes, type ToolsMode } from './editor-modes';
import type { FieldExplanation, Inclusion, ResolutionField } from './types';
import { isRecord } from '../is-record';

/** What resolution needs of a code-defined agent. */
export interface CodeAgentInput {
  id: string;
  /** The agent's own tools; the key is the name the model sees. */
  tools: Readonly<Record<string, Tool>>;
  editor?: EditorSetting;
}

/** The version being resolved: a stored agent's, or a code agent's override record's. */
export interface VersionInput {
  id: string;
  /** Read defensively: any shape resolves (unknown parts count as empty). */
  snapshot: Readonly<AgentSnapshot>;
  /** Who saved it: the identity of `per-author` provider connections. */
  authorId?: string | null;
}

export type ToolEntries = Record<string, { description?: string }>;

export interface McpClientPlan {
  clientId: string;
  /** `{}` selects every tool that passes the server-level filter. */
  selection: ToolEntries;
  includedBy: Inclusion[];
}

export interface IntegrationPlan {
  providerId: string;
  /** `all`: the provider's whole catalogue (`tools: {}`); otherwise exactly these slugs. */
  slugs: 'all' | string[];
  configs: Record<string, Record<string, unknown>>;
  includedBy: Inclusion[];
}

export interface ToolProviderPlan {
  providerId: string;
  tools: Record<string, { toolkit?: string; description?: string }>;
  connections: Record<string, unknown[]>;
  includedBy: Inclusion[];
}

export interface ResolutionPlan {
  versionId: string | null;
  toolsMode: ToolsMode;
  codeTools: Array<{ name: string; tool: Tool }>;
  fields: Partial<Record<ResolutionField, FieldExplanation>>;
  /** Registered tools to look up (modes `stored` and `full`). */
  registryTools: FieldEntry[];
  /** Description replacements for the code agent's own tools (mode `description-only`). */
  descriptionOverrides: FieldEntry[];
  mcpClients: McpClientPlan[];
  integrations: IntegrationPlan[];
  toolProviders: ToolProviderPlan[];
  /** The identity of `per-author` connections. */
  authorId?: string;
  /** The version's approval policies (fixed per version, so the signature's version id covers them). */
  toolPolicies?: ToolPolicies;
  /** Identifies the version, mode and matched variants: part of the memo key of a resolution. */
  signature: string;
  /** No field the plan read has variants: every request context gets this plan. */
  variantFree: boolean;
}

function descriptionEntries(value: unknown): ToolEntries | undefined {
  if (!isRecord(value)) return undefined;
  const entries: ToolEntries = {};
  for (const [key, entry] of Object.entries(value)) {
    const description = isRecord(entry) && typeof entry.description === 'string' ? entry.description : undefined;
    entries[key] = { description };
  }
  return entries;
}

function planMcpClients(entries: FieldEntry[]): McpClientPlan[] {
  const plans: McpClientPlan[] = [];
  for (const { key, entry, includedBy } of entries) {
    const selection = descriptionEntries(entry.tools);
    if (selection) plans.push({ clientId: key, selection, includedBy });
  }
  return plans;
}

function planIntegrations(entries: FieldEntry[]): IntegrationPlan[] {
  const plans: IntegrationPlan[] = [];
  for (const { key, entry, includedBy } of entries) {
    if (!isRecord(entry.tools)) continue;
    // Frozen: these go to the provider as they are, not copied.
    const configs = Object.freeze(
      Object.fromEntries(Object.entries(entry.tools).map(([slug, config]) => [slug, isRecord(config) ? config : {}])),
    );
    const slugs = Object.keys(configs);
    plans.push({
      providerId: key,
      slugs: slugs.length === 0 ? 'all' : (Object.freeze(slugs) as string[]),
      configs,
      includedBy,
    });
  }
  return plans;
}

function planToolProviders(entries: FieldEntry[]): ToolProviderPlan[] {
  const plans: ToolProviderPlan[] = [];
  for (const { key, entry, includedBy } of entries) {
    if (!isRecord(entry.tools) || Object.keys(entry.tools).length === 0) continue;
    const tools: ToolProviderPlan['tools'] = {};
    for (const [slug, meta] of Object.entries(entry.tools)) {
      const toolkit = isRecord(meta) && typeof meta.toolkit === 'string' ? meta.toolkit : undefined;
      const description = isRecord(meta) && typeof meta.description === 'string' ? meta.description : undefined;
      tools[slug] = { toolkit, description };
    }
    const connections: Record<string, unknown[]> = {};
    if (isRecord(entry.connections)) {
      for (const [toolkit, list] of Object.entries(entry.connections))
        connections[toolkit] = Array.isArray(list) ? list : [];
    }
    plans.push({ providerId: key, tools, connections, includedBy });
  }
  return plans;
}

const readFieldsByMode: Record<ToolsMode, readonly ResolutionField[]> = {
  stored: ['tools', 'mcpClients', 'integrationTools', 'toolProviders'],
  full: ['tools', 'mcpClients', 'integrationTools', 'toolProviders'],
  'description-only': ['tools'],
  code: [],
};

const noSnapshot = Object.freeze({}) as Readonly<AgentSnapshot>;

function buildPlan({
  version,
  codeAgent,
  toolsMode,
  snapshot,
  matched,
  signature,
}: {
  version: VersionInput | undefined;
  codeAgent?: CodeAgentInput;
  toolsMode: ToolsMode;
  snapshot: Readonly<AgentSnapshot>;
  matched: Map<ResolutionField, number[] | null>;
  signature: string;
}): ResolutionPlan {
  const field = (name: ResolutionField) =>
    mergeVariants({ field: name, value: (snapshot as Record<string, unknown>)[name], matched: matched.get(name)! });
  const plan: ResolutionPlan = {
    versionId: version?.id ?? null,
    toolsMode,
    codeTools: Object.entries(codeAgent?.tools ?? {}).map(([name, tool]) => ({ name, tool })),
    fields: {},
    registryTools: [],
    descriptionOverrides: [],
    mcpClients: [],
    integrations: [],
    toolProviders: [],
    authorId: typeof version?.authorId === 'string' ? version.authorId : undefined,
    toolPolicies: snapshot.toolPolicies,
    signature,
    variantFree: [...matched.values()].every((indices) => indices === null),
  };
  if (toolsMode === 'description-only') {
    const tools = field('tools');
    plan.fields.tools = tools.explanation;
    plan.descriptionOverrides = tools.entries;
  } else if (toolsMode === 'stored' || toolsMode === 'full') {
    const tools = field('tools');
    const mcpClients = field('mcpClients');
    const integrationTools = field('integrationTools');
    const toolProviders = field('toolProviders');
    plan.fields = {
      tools: tools.explanation,
      mcpClients: mcpClients.explanation,
      integrationTools: integrationTools.explanation,
      toolProviders: toolProviders.explanation,
    };
    plan.registryTools = tools.entries;
    plan.mcpClients = planMcpClients(mcpClients.entries);
    plan.integrations = planIntegrations(integrationTools.entries);
    plan.toolProviders = planToolProviders(toolProviders.entries);
  }
  return plan;
}

export function planResolution({
  version,
  codeAgent,
  requestContext,
  budget = createRuleBudget(),
}: {
  /** `undefined` for a code agent running as defined in code (no record, or nothing published). */
  version: VersionInput | undefined;
  codeAgent?: CodeAgentInput;
  requestContext: RequestContext;
  /** The request's rule budget; the variants it stops are named in `budget.stopped`. */
  budget?: RuleBudget;
}): ResolutionPlan {
  const modes = codeAgent ? codeAgentModes(codeAgent.editor) : undefined;
  const toolsMode: ToolsMode = modes ? modes.tools : 'stored';
  const stored = version && (!modes || modes.readsRecord) ? version.snapshot : undefined;
  const snapshot = isRecord(stored) ? stored : noSnapshot;
  // What matched decides everything after it; the signature names it (part of the runtime's memo key).
  const matched = new Map<ResolutionField, number[] | null>();
  for (const field of readFieldsByMode[toolsMode]) {
    const value = (snapshot as Record<string, unknown>)[field];
    matched.set(field, matchVariants({ field, value, requestContext, budget }));
  }
  const owner = codeAgent ? `code:${codeAgent.id}` : 'stored';
  const fieldsKey = [...matched]
    .map(([field, indices]) => `${field}:${indices === null ? 'plain' : indices.join(',')};`)
    .join('');
  const signature = `${owner}|${version?.id ?? '-'}|${toolsMode}|${fieldsKey}`;
  return buildPlan({ version, codeAgent, toolsMode, snapshot, matched, signature });
}
