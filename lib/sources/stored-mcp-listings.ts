/**
 * The last tool list each MCP server gave, kept in storage (`mcp_tool_listings`), so the rule linter
 * knows an MCP tool's arguments in every process of a deployment and after a restart, not only in
 * the process that listed the server (docs/resolution.md, "The rule linter"). Written after each
 * listing; read only when this process holds no list of that server version itself. Nothing here
 * connects to a server.
 */
import type { StudioQueries } from '../../db/storage';
import type { Logger } from '../logger';
import type { ListedServer, McpListedTool, McpToolListChangedEvent } from '../mcp';

export interface StoredMcpListings {
  /** Keeps the list (replacing the server's previous one); a failed write is logged, never thrown. */
  save(event: McpToolListChangedEvent): void;
  /** The stored list of exactly this client version's server, or undefined. */
  load(server: ListedServer): Promise<McpListedTool[] | undefined>;
}

const isToolList = (value: unknown): value is McpListedTool[] =>
  Array.isArray(value) &&
  value.every((tool) => typeof tool === 'object' && tool !== null && typeof tool.name === 'string');

export function createStoredMcpListings({
  queries,
  logger,
  now = () => new Date().toISOString(),
}: {
  queries: Pick<StudioQueries['mcpClients'], 'saveToolListing' | 'toolListing'>;
  logger: Logger;
  now?: () => string;
}): StoredMcpListings {
  return {
    save({ clientId, clientVersionId, serverName, toolList }) {
      const row = { clientId, clientVersionId, serverName, tools: JSON.stringify(toolList.tools), listedAt: now() };
      Promise.resolve(queries.saveToolListing(row)).catch((error: unknown) =>
        logger.warn('Keeping an MCP tool list failed', { server: serverName, error }),
      );
    },
    async load({ clientId, clientVersionId, serverName }) {
      const row = await queries.toolListing({ clientId, serverName });
      if (!row || row.clientVersionId !== clientVersionId) return undefined;
      const tools: unknown = JSON.parse(row.tools);
      return isToolList(tools) ? tools : undefined;
    },
  };
}
