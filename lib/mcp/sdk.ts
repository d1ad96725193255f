/**
 * The MCP SDK, loaded on first use. A studio that never connects to an MCP server and never
 * answers `POST /api/mcp` does not hold the SDK's modules (protocol schemas, transports, validator)
 * in memory, so nothing here is imported statically: the client side is loaded by the first
 * connection or probe, the server side by the first request to the MCP route. Each call imports
 * again; Node keeps a module once loaded, so later calls only look it up.
 *
 * `isMcpError` answers without loading anything: it reads the name and numeric code the SDK gives
 * its protocol errors.
 */
import type * as McpTypes from '@modelcontextprotocol/sdk/types.js';
import type { McpError } from '@modelcontextprotocol/sdk/types.js';

type TypesModule = typeof McpTypes;

/**
 * The JSON-RPC error codes the studio reads or sends, as the plain numbers the protocol defines
 * (the SDK's `ErrorCode` enum has the same values; a unit test holds them together).
 */
export const rpcErrorCodes = {
  ConnectionClosed: -32000,
  RequestTimeout: -32001,
  InvalidRequest: -32600,
  InvalidParams: -32602,
} as const;

const loadTypes = (): Promise<TypesModule> => import('@modelcontextprotocol/sdk/types.js');

/** True for the SDK's protocol errors (JSON-RPC errors, its own timeouts and closed connections). */
export function isMcpError(error: unknown): error is McpError {
  return error instanceof Error && error.name === 'McpError' && typeof (error as { code?: unknown }).code === 'number';
}

/** A protocol error as the SDK would raise it (loads the SDK's types when needed). */
export async function createMcpError(code: number, message: string): Promise<McpError> {
  const { McpError: ErrorClass } = await loadTypes();
  return new ErrorClass(code, message);
}

async function loadClientModules() {
  const [client, sse, stdio, streamableHttp, loadedTypes, validation] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    loadTypes(),
    import('@modelcontextprotocol/sdk/validation/ajv'),
  ]);
  return {
    Client: client.Client,
    SSEClientTransport: sse.SSEClientTransport,
    StdioClientTransport: stdio.StdioClientTransport,
    getDefaultEnvironment: stdio.getDefaultEnvironment,
    StreamableHTTPClientTransport: streamableHttp.StreamableHTTPClientTransport,
    StreamableHTTPError: streamableHttp.StreamableHTTPError,
    ToolListChangedNotificationSchema: loadedTypes.ToolListChangedNotificationSchema,
    ElicitRequestSchema: loadedTypes.ElicitRequestSchema,
    AjvJsonSchemaValidator: validation.AjvJsonSchemaValidator,
  };
}

async function loadServerModules() {
  const [server, transport, loadedTypes, validation] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    loadTypes(),
    import('@modelcontextprotocol/sdk/validation/ajv'),
  ]);
  return {
    Server: server.Server,
    WebStandardStreamableHTTPServerTransport: transport.WebStandardStreamableHTTPServerTransport,
    CallToolRequestSchema: loadedTypes.CallToolRequestSchema,
    ListToolsRequestSchema: loadedTypes.ListToolsRequestSchema,
    AjvJsonSchemaValidator: validation.AjvJsonSchemaValidator,
  };
}

export type McpClientSdk = Awaited<ReturnType<typeof loadClientModules>>;
export type McpServerSdk = Awaited<ReturnType<typeof loadServerModules>>;

/** The client side (client, transports, validator), for a connection or probe. */
export const loadMcpClientSdk: () => Promise<McpClientSdk> = loadClientModules;

/** The server side (low-level server, web-standard Streamable HTTP transport, validator). */
export const loadMcpServerSdk: () => Promise<McpServerSdk> = loadServerModules;
