import { everyItem } from '@/lib/pagination';
import { codeAgentModes } from '@/lib/resolver';
import type { Studio } from '@/lib/studio-handle';
import { editorOwnership } from '@/lib/versions';
import { modelChoices } from '../../_components/model-suggestions';
import { listToolProviders, toolkitTools } from '../../_server/tool-catalogue';
import { editedFields, type CodeAgentFacts, type EditorData, type ToolCatalog } from './_editor/types';

const allowListDescriptions = (tools: Record<string, { description?: string }>) =>
  Object.fromEntries(
    Object.entries(tools).flatMap(([name, entry]) => (entry.description ? [[name, entry.description]] : [])),
  );

/** Every tool source the picker offers. MCP servers' tools are listed live by the page itself. */
async function loadCatalog(studio: Studio): Promise<ToolCatalog> {
  const registered = studio.tools
    .list()
    .map((tool) => ({ name: tool.id, description: tool.description, inputSchema: tool.inputJsonSchema }));
  const builtIn = Object.values(studio.builtInTools)
    .filter((tool) => !studio.tools.get(tool.id))
    .map((tool) => ({ name: tool.id, description: tool.description, inputSchema: tool.inputJsonSchema }));
  const clients = await everyItem((request) => studio.editor.mcpClients.list(request));
  const mcpClients = await Promise.all(
    clients.map(async (client) => {
      const { version } = await studio.editor.mcpClients.getById(client.id);
      const servers = Object.fromEntries(
        Object.entries(version.servers).map(([serverName, server]) => [
          serverName,
          {
            type: server.type,
            ...(server.tools
              ? { allowList: Object.keys(server.tools), descriptions: allowListDescriptions(server.tools) }
              : {}),
          },
        ]),
      );
      return { id: client.id, name: version.name, servers };
    }),
  );
  const described = await everyItem((request) => studio.integrations.describeAll(request));
  const integrations = described.map((integration) => ({
    id: integration.id,
    name: integration.name,
    source: integration.source,
    tools: integration.tools.map((tool) => ({
      name: tool.slug,
      description: tool.description,
      inputSchema: tool.inputSchema,
    })),
    ...(integration.error ? { error: integration.error } : {}),
  }));
  const providers = await Promise.all(
    (await listToolProviders(studio)).map(async (provider) => {
      const lists = await Promise.all(
        provider.toolkits.map((toolkit) => toolkitTools(studio, provider.id, toolkit.slug)),
      );
      const tools = lists
        .flat()
        .map((tool) => ({ name: tool.slug, description: tool.description, toolkit: tool.toolkit }));
      return { id: provider.id, name: provider.name, tools, ...(provider.error ? { error: provider.error } : {}) };
    }),
  );
  return { registered, builtIn, mcpClients, integrations, providers };
}

function codeAgentFacts(studio: Studio, id: string): CodeAgentFacts | null {
  const agent = studio.agents.get(id);
  if (!agent) return null;
  const ownership = editorOwnership(agent.editor);
  return {
    name: agent.name,
    model: typeof agent.model === 'string' ? agent.model : `${agent.model.provider}/${agent.model.modelId}`,
    tools: Object.entries(agent.tools ?? {}).map(([name, tool]) => ({ name, description: tool.description })),
    ownedFields: ownership.allowed ? editedFields.filter((field) => ownership.isOwned(field)) : [],
    toolsMode: codeAgentModes(agent.editor).tools,
  };
}

/** What the agent editor shows: the latest version, its history and labels, and the tool sources. */
export async function loadEditorData(studio: Studio, id: string): Promise<EditorData> {
  const { agent, version } = await studio.editor.agents.getById(id);
  const [versions, labels, catalog, publishes, models] = await Promise.all([
    studio.editor.agents.listVersions(id, { limit: 100 }),
    studio.editor.agents.labels.list(id),
    loadCatalog(studio),
    studio.editor.audit.list({ action: 'agent.publish', entity: 'agent', entityId: id, limit: 100 }),
    modelChoices(studio),
  ]);
  return {
    agent,
    version,
    versions,
    labels: labels.items,
    catalog,
    codeAgent: agent.source === 'code' ? codeAgentFacts(studio, id) : null,
    models: models.suggestions,
    keylessProviders: models.keylessProviders,
    publishMessages: publishMessagesOf(publishes.items),
  };
}

/** The message of each version's latest publish that had one (the audit log keeps them). */
function publishMessagesOf(entries: Array<{ details: Record<string, unknown> }>): Record<number, string> {
  const messages: Record<number, string> = {};
  // Newest first: the first message seen for a version is its latest.
  for (const { details } of entries) {
    const { versionNumber, message } = details;
    if (typeof versionNumber === 'number' && typeof message === 'string' && !(versionNumber in messages))
      messages[versionNumber] = message;
  }
  return messages;
}
