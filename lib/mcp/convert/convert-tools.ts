/**
 * PURE: listed MCP tools -> the neutral tools one client contributes to an agent, applying the MCP
 * selection rules (docs/mcp.md, "Conversion"): server-level filter, agent-level selection,
 * description precedence, namespacing; agent-level keys that match nothing are reported. No IO:
 * the lists come in.
 */
import { definedFields } from '../../defined-fields';
import type { McpListedTool, McpToolEntries } from '../types';

export type McpDescriptionSource = 'agent' | 'server' | 'original';

export interface McpNeutralTool {
  /** `server_tool` for saved clients; the bare tool name for code-registered servers. */
  name: string;
  bareName: string;
  server: string;
  description: string;
  /** Which description won: the agent's override, the server-level entry, or the server's own. */
  descriptionSource: McpDescriptionSource;
  title?: string;
  inputSchema: McpListedTool['inputSchema'];
  outputSchema?: McpListedTool['outputSchema'];
  annotations?: McpListedTool['annotations'];
  _meta?: McpListedTool['_meta'];
}

export interface McpServerToolListing {
  /** Server name (saved names contain no `_`, so `server_tool` splits on its first `_`). */
  name: string;
  /** Server-level allow-list of bare names: only its keys pass; an empty map passes nothing. */
  tools?: McpToolEntries;
  /** What the server listed; `undefined` when listing failed (that failure is reported by the caller). */
  listed: McpListedTool[] | undefined;
}

export interface McpToolWarning {
  code: 'mcp_tool_not_offered';
  message: string;
  source: 'mcp';
  /** Where the key lives in the agent version: `mcpClients.<client id>.tools.<key>`. */
  ref: string;
}

export interface ConvertMcpToolsParams {
  clientId: string;
  /** `saved`: names namespaced, server-level filter applied. `code`: bare names, no server-level filter. */
  clientKind: 'saved' | 'code';
  servers: McpServerToolListing[];
  /** The agent's `mcpClients[clientId].tools`: omitted selects nothing, `{}` everything that passes. */
  selection: McpToolEntries | undefined;
}

export function namespacedToolName({ serverName, toolName }: { serverName: string; toolName: string }): string {
  return `${serverName}_${toolName}`;
}

function nonEmpty(description: string | undefined): string | undefined {
  return description !== undefined && description.trim() !== '' ? description : undefined;
}

function pickDescription({
  selection,
  name,
  bareName,
  serverEntries,
  original,
}: {
  selection: McpToolEntries;
  name: string;
  bareName: string;
  serverEntries: McpToolEntries | undefined;
  original: string | undefined;
}): { description: string; descriptionSource: McpDescriptionSource } {
  const agent = nonEmpty(selection[name]?.description) ?? nonEmpty(selection[bareName]?.description);
  if (agent !== undefined) return { description: agent, descriptionSource: 'agent' };
  const server = nonEmpty(serverEntries?.[bareName]?.description);
  if (server !== undefined) return { description: server, descriptionSource: 'server' };
  return { description: original ?? '', descriptionSource: 'original' };
}

function hasKey(entries: McpToolEntries, key: string): boolean {
  return Object.hasOwn(entries, key);
}

export function convertMcpTools({ clientId, clientKind, servers, selection }: ConvertMcpToolsParams): {
  tools: McpNeutralTool[];
  warnings: McpToolWarning[];
} {
  if (selection === undefined) return { tools: [], warnings: [] };
  const selectAll = Object.keys(selection).length === 0;
  const tools: McpNeutralTool[] = [];
  const matchedKeys = new Set<string>();
  const filteredOutKeys = new Set<string>();

  for (const server of servers) {
    const serverEntries = clientKind === 'saved' ? server.tools : undefined;
    for (const listed of server.listed ?? []) {
      const bareName = listed.name;
      const name =
        clientKind === 'saved' ? namespacedToolName({ serverName: server.name, toolName: bareName }) : bareName;
      const selectedKeys = [name, bareName].filter((key) => hasKey(selection, key));
      if (serverEntries && !hasKey(serverEntries, bareName)) {
        for (const key of selectedKeys) filteredOutKeys.add(key);
        continue;
      }
      if (!selectAll && selectedKeys.length === 0) continue;
      for (const key of selectedKeys) matchedKeys.add(key);
      tools.push(
        definedFields({
          name,
          bareName,
          server: server.name,
          ...pickDescription({ selection, name, bareName, serverEntries, original: listed.description }),
          title: listed.title,
          inputSchema: listed.inputSchema,
          outputSchema: listed.outputSchema,
          annotations: listed.annotations,
          _meta: listed._meta,
        }),
      );
    }
  }

  return {
    tools,
    warnings: unmatchedKeyWarnings({ clientId, clientKind, servers, selection, matchedKeys, filteredOutKeys }),
  };
}

/**
 * A key that matches no tool is a sign that the server changed. Keys that may belong to a server
 * whose listing failed are not reported: that server's failure is the warning that matters.
 */
function unmatchedKeyWarnings({
  clientId,
  clientKind,
  servers,
  selection,
  matchedKeys,
  filteredOutKeys,
}: ConvertMcpToolsParams & {
  selection: McpToolEntries;
  matchedKeys: Set<string>;
  filteredOutKeys: Set<string>;
}): McpToolWarning[] {
  const failedServers = new Set(servers.filter((server) => server.listed === undefined).map((server) => server.name));
  const serverNames = new Set(servers.map((server) => server.name));
  const warnings: McpToolWarning[] = [];
  for (const key of Object.keys(selection)) {
    if (matchedKeys.has(key)) continue;
    const prefix = key.split('_', 1)[0]!;
    const namespacedServer =
      clientKind === 'saved' && key.includes('_') && serverNames.has(prefix) ? prefix : undefined;
    if (namespacedServer ? failedServers.has(namespacedServer) : failedServers.size > 0) continue;
    const why = filteredOutKeys.has(key)
      ? "is not in its server's tool allow-list"
      : 'is not offered by any of its servers';
    warnings.push({
      code: 'mcp_tool_not_offered',
      message: `MCP client "${clientId}": the selected tool "${key}" ${why}`,
      source: 'mcp',
      ref: `mcpClients.${clientId}.tools.${key}`,
    });
  }
  return warnings;
}
