/**
 * This app as a stateless Streamable HTTP MCP server (docs/mcp-server.md), on the SDK's low-level
 * `Server`: `McpServer.registerTool` wants zod shapes, while our tools already carry JSON Schema.
 *
 * Stateless means every POST is answered on its own: the SDK binds one `Server` to one transport,
 * so each request gets a fresh pair. Everything that does not depend on the request (the tool
 * listing, the JSON Schema validator the SDK would otherwise build per server) is made once here.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Logger } from '../../logger';
import { loadMcpServerSdk, rpcErrorCodes, type McpServerSdk } from '../sdk';
import { callTool, type ToolRegistry } from '../../tools';
import { toMcpCallResult } from './call-result';
import type { AgentMcpTools } from './agent-tools';
import { describeToolsForMcp } from './describe-tools';

export interface McpToolServer {
  /** The `tools/list` result, built once. */
  readonly listing: ListToolsResult;
  /**
   * Answers one HTTP request. Pass the JSON body when it was already read (a framework's body
   * parser): the request's own body is then left untouched.
   */
  handle(argument: {
    request: Request;
    parsedBody?: unknown;
    dnsRebinding?: DnsRebindingProtection;
  }): Promise<Response>;
}

/** The SDK's own DNS-rebinding check: the `Host` (exact, with port) and `Origin` values it accepts. */
export interface DnsRebindingProtection {
  allowedHosts: string[];
  allowedOrigins: string[];
}

export interface CreateMcpToolServerParams {
  tools: ToolRegistry;
  logger: Logger;
  /** Reported to clients as `serverInfo.version`. */
  version: string;
  /** Reported to clients as `serverInfo.name` (default `agent-studio`). */
  name?: string;
  /** Agents offered as tools beside the code tools (listed per request). */
  agents?: (reservedNames: ReadonlySet<string>) => AgentMcpTools;
}

/**
 * A JSON-RPC error for the SDK's server to answer with: the code and our own words. (An McpError
 * would do, but its message already reads "MCP error -32602: ...", which a client prefixes again.)
 */
function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

export function createMcpToolServer({
  tools,
  logger,
  version,
  name = 'agent-studio',
  agents: agentTools,
}: CreateMcpToolServerParams): McpToolServer {
  const described = describeToolsForMcp({ tools: tools.list() });
  for (const warning of described.warnings) logger.warn(`MCP server: ${warning.message}`, { toolId: warning.toolId });
  const listing: ListToolsResult = { tools: described.tools };
  const listedIds = new Set(described.tools.map((tool) => tool.name));
  const agents = agentTools?.(listedIds);
  // Only used for elicitation, which these tools never send; shared so a request does not pay
  // for compiling a fresh ajv instance. Made with the SDK, on the first request.
  let jsonSchemaValidator: AjvJsonSchemaValidator | undefined;
  const serverInfo = { name, version };

  async function callListedTool(toolName: string, input: unknown, abortSignal: AbortSignal): Promise<CallToolResult> {
    const tool = listedIds.has(toolName) ? tools.get(toolName) : undefined;
    const agentId = !tool && agents ? await agents.agentFor(toolName) : undefined;
    if (agentId !== undefined) return agents!.call({ agentId, input, abortSignal });
    // An unknown tool is a protocol error in MCP (the caller asked for something not listed).
    if (!tool) throw rpcError(rpcErrorCodes.InvalidParams, `Tool ${toolName} not found`);
    const result = await callTool({ tool, input, context: { abortSignal }, logger });
    return toMcpCallResult({ result, structured: described.structuredToolIds.has(tool.id) });
  }

  function createServer(sdk: McpServerSdk, abortSignal: AbortSignal): Server {
    const { Server, ListToolsRequestSchema, CallToolRequestSchema } = sdk;
    jsonSchemaValidator ??= new sdk.AjvJsonSchemaValidator();
    // `Server` is marked deprecated in favour of McpServer, which cannot take raw JSON Schema.
    const server = new Server(serverInfo, { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator });
    server.setRequestHandler(ListToolsRequestSchema, async () =>
      agents ? { tools: [...listing.tools, ...(await agents.list())] } : listing,
    );
    server.setRequestHandler(CallToolRequestSchema, (request) =>
      callListedTool(request.params.name, request.params.arguments ?? {}, abortSignal),
    );
    return server;
  }

  return {
    listing,
    async handle({ request, parsedBody, dnsRebinding }) {
      // The SDK is loaded by the first request: a studio nobody calls over MCP never holds it.
      const sdk = await loadMcpServerSdk();
      const server = createServer(sdk, request.signal);
      const transport = new sdk.WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        enableDnsRebindingProtection: dnsRebinding !== undefined,
        ...dnsRebinding,
      });
      try {
        await server.connect(transport);
        // With JSON responses the promise settles once every response of the request is ready,
        // so the pair can be closed right after.
        return await transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody });
      } finally {
        await server.close();
      }
    },
  };
}
