/**
 * Step three of resolution (plan, load, merge), pure: the plan and what the loaders fetched become
 * the tool record, its explanation and the warnings. Sources are added in a fixed order (code,
 * registry, MCP, integrations, providers, sub-agents, workflows), so a later source replaces an
 * earlier same-named tool.
 */
import { convertMcpTools } from '../mcp/convert';
import { addCallables } from './callable-tools';
import type { FieldEntry } from './conditional-field';
import type { LoadedMcpClient, LoadedSources } from './loaded-sources';
import type { IntegrationPlan, McpClientPlan, ResolutionPlan, ToolProviderPlan } from './plan-resolution';
import { createToolSet, resolvedDescription, type ToolSet } from './tool-set';
import { applyToolPolicies } from './tool-policies';
import type { MergedTools, ResolutionWarning } from './types';

/**
 * Entries of stored `tools` that reword a code tool: every entry in description-only mode; in full
 * mode, an entry naming a code tool that is not a registered tool (full mode can do everything
 * description-only can, so rewording a code tool there is not a "missing tool").
 */
function rewordings(plan: ResolutionPlan, loaded: LoadedSources): Map<string, FieldEntry> {
  if (plan.toolsMode === 'description-only')
    return new Map(plan.descriptionOverrides.map((entry) => [entry.key, entry]));
  if (plan.toolsMode !== 'full') return new Map();
  const codeNames = new Set(plan.codeTools.map(({ name }) => name));
  return new Map(
    plan.registryTools
      .filter((entry) => codeNames.has(entry.key) && !loaded.registry.get(entry.key))
      .map((entry) => [entry.key, entry]),
  );
}

function addCodeTools(set: ToolSet, plan: ResolutionPlan, reworded: Map<string, FieldEntry>) {
  for (const { name, tool } of plan.codeTools) {
    const override = reworded.get(name);
    set.add({
      name,
      tool,
      ...resolvedDescription(tool, override?.entry.description),
      source: 'code',
      origin: { toolId: tool.id },
      includedBy: override ? override.includedBy : [],
    });
  }
}

function addRegistryTools(
  set: ToolSet,
  plan: ResolutionPlan,
  loaded: LoadedSources,
  reworded: Map<string, FieldEntry>,
) {
  for (const { key, entry, includedBy } of plan.registryTools) {
    if (reworded.has(key)) continue;
    const tool = loaded.registry.get(key);
    if (!tool) {
      set.warn({
        code: 'tool_not_registered',
        message: `Tool "${key}" is not registered`,
        source: 'registry',
        ref: `tools.${key}`,
      });
      continue;
    }
    set.add({
      name: key,
      tool,
      ...resolvedDescription(tool, entry.description),
      source: 'registry',
      origin: { toolId: tool.id },
      includedBy,
    });
  }
}

/** The client when its tools were listed; otherwise undefined, with the warning that says why none are offered. */
function loadedClientOrWarn(set: ToolSet, clientId: string, client: LoadedMcpClient | undefined) {
  const warn = (code: ResolutionWarning['code'], message: string) =>
    set.warn({ code, message, source: 'mcp', ref: `mcpClients.${clientId}` });
  if (!client || client.status === 'unknown')
    warn('mcp_client_unknown', `MCP client "${clientId}" is neither a saved client nor a registered MCP server`);
  else if (client.status === 'needs_approval')
    warn(
      'mcp_needs_approval',
      `MCP client "${clientId}" has a stdio server that arrived by import and needs an admin's approval; its tools are left out`,
    );
  else if (client.status === 'failed')
    warn('mcp_unavailable', `MCP client "${clientId}": ${client.message}; its tools are left out`);
  else return client;
  return undefined;
}

function addMcpClient(set: ToolSet, plan: McpClientPlan, loaded: LoadedSources) {
  const { clientId } = plan;
  const client = loadedClientOrWarn(set, clientId, loaded.mcpClients.get(clientId));
  if (!client) return;
  for (const server of client.servers) {
    for (const dropped of server.droppedPatterns ?? [])
      set.warn({
        code: 'mcp_schema_pattern_dropped',
        message: `MCP client "${clientId}", server "${server.name}", ${dropped}`,
        source: 'mcp',
        ref: `mcpClients.${clientId}`,
      });
    if (server.listed !== undefined) continue;
    set.warn({
      code: 'mcp_unavailable',
      message: `MCP client "${clientId}", server "${server.name}": ${server.failure ?? 'listing failed'}; its tools are left out`,
      source: 'mcp',
      ref: `mcpClients.${clientId}`,
    });
  }
  const converted = convertMcpTools({
    clientId,
    clientKind: client.kind,
    servers: client.servers,
    selection: plan.selection,
  });
  for (const warning of converted.warnings) set.warn(warning);
  for (const neutral of converted.tools) {
    const tool = client.toolFor(neutral);
    if (!tool) {
      set.warn({
        code: 'mcp_unavailable',
        message: `MCP client "${clientId}": tool "${neutral.name}" has an input schema that cannot be used; it is left out`,
        source: 'mcp',
        ref: `mcpClients.${clientId}.tools.${neutral.name}`,
      });
      continue;
    }
    set.add({
      name: neutral.name,
      tool,
      description: neutral.description,
      descriptionSource: neutral.descriptionSource,
      source: 'mcp',
      origin: { clientId, clientVersionId: client.clientVersionId, server: neutral.server, tool: neutral.bareName },
      includedBy: plan.includedBy,
      outputSchema: neutral.outputSchema as Record<string, unknown> | undefined,
      annotations: neutral.annotations,
    });
  }
}

/** The source as loaded, or `undefined` after warning that it is not registered or failed to load. */
function loadedOrWarn<Loaded extends { status: 'loaded' }>(
  set: ToolSet,
  {
    loaded,
    what,
    source,
    ref,
  }: {
    loaded: Loaded | { status: 'unknown' } | { status: 'failed'; message: string } | undefined;
    what: string;
    source: 'integration' | 'provider';
    ref: string;
  },
): Loaded | undefined {
  if (!loaded || loaded.status === 'unknown') {
    set.warn({ code: 'provider_unknown', message: `${what} is not registered`, source, ref });
    return undefined;
  }
  if (loaded.status === 'failed') {
    set.warn({ code: 'provider_failed', message: `${what} failed: ${loaded.message}`, source, ref });
    return undefined;
  }
  return loaded;
}

function addIntegration(set: ToolSet, plan: IntegrationPlan, loaded: LoadedSources) {
  const { providerId } = plan;
  const ref = `integrationTools.${providerId}`;
  const integration = loadedOrWarn(set, {
    loaded: loaded.integrations.get(providerId),
    what: `Integration "${providerId}"`,
    source: 'integration',
    ref,
  });
  if (!integration) return;
  const slugs = plan.slugs === 'all' ? Object.keys(integration.tools) : plan.slugs;
  for (const slug of slugs) {
    const tool = Object.hasOwn(integration.tools, slug) ? integration.tools[slug] : undefined;
    if (!tool) {
      set.warn({
        code: 'provider_failed',
        message: `Integration "${providerId}" does not offer "${slug}"`,
        source: 'integration',
        ref: `${ref}.tools.${slug}`,
      });
      continue;
    }
    set.add({
      name: slug,
      tool,
      ...resolvedDescription(tool, Object.hasOwn(plan.configs, slug) ? plan.configs[slug]!.description : undefined),
      source: 'integration',
      origin: { providerId, slug },
      includedBy: plan.includedBy,
    });
  }
}

function addToolProvider(set: ToolSet, plan: ToolProviderPlan, loaded: LoadedSources) {
  const { providerId } = plan;
  const ref = `toolProviders.${providerId}`;
  const provider = loadedOrWarn(set, {
    loaded: loaded.toolProviders.get(providerId),
    what: `Tool provider "${providerId}"`,
    source: 'provider',
    ref,
  });
  if (!provider) return;
  for (const warning of provider.warnings) set.warn(warning);
  for (const { call, outcome } of provider.calls) {
    const connection = call.label ?? call.connection.connectionId;
    if (!outcome.ok) {
      set.warn({
        code: 'provider_failed',
        message: `Tool provider "${providerId}", toolkit "${call.toolkit}", connection "${connection}" failed: ${outcome.message}`,
        source: 'provider',
        ref: call.ref,
      });
      continue;
    }
    for (const slug of call.slugs) {
      const tool = Object.hasOwn(outcome.tools, slug) ? outcome.tools[slug] : undefined;
      if (!tool) {
        set.warn({
          code: 'provider_failed',
          message: `Tool provider "${providerId}" returned no tool "${slug}" through connection "${connection}"`,
          source: 'provider',
          ref: `${ref}.tools.${slug}`,
        });
        continue;
      }
      const { description, descriptionSource } = resolvedDescription(tool, call.meta[slug]?.description);
      set.add({
        name: call.label === undefined ? slug : `${slug}__${call.label}`,
        tool,
        description:
          call.label === undefined ? description : `${description}\n\nRoutes through connection: ${call.label}`,
        descriptionSource,
        source: 'provider',
        origin: { providerId, toolkit: call.toolkit, connectionId: call.connection.connectionId, slug },
        includedBy: plan.includedBy,
      });
    }
  }
}

export function mergeTools({ plan, loaded }: { plan: ResolutionPlan; loaded: LoadedSources }): MergedTools {
  const set = createToolSet();
  const reworded = rewordings(plan, loaded);
  addCodeTools(set, plan, reworded);
  addRegistryTools(set, plan, loaded, reworded);
  for (const client of plan.mcpClients) addMcpClient(set, client, loaded);
  for (const integration of plan.integrations) addIntegration(set, integration, loaded);
  for (const provider of plan.toolProviders) addToolProvider(set, provider, loaded);
  addCallables(set, loaded.callables ?? []);
  return applyToolPolicies(set.result(plan.fields), plan.toolPolicies);
}
