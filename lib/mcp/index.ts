/**
 * MCP for saved clients: connections and their pool (IO), and the pure conversion of listed tools
 * and call results into what the resolver and the model use (also its own entry, `lib/mcp/convert`,
 * for the pure layers). See docs/mcp.md.
 */
export { connectServer, type ConnectServerParams, type McpConnection } from './connect-server';
export {
  createMcpPool,
  defaultBackoff,
  type CreateMcpPoolParams,
  type McpPool,
  type ListedServer,
  type McpToolListChangedEvent,
} from './mcp-pool';
export { hashAuthToken, type McpToolList } from './pool-entry';
export type { McpElicitationHandler } from './elicitation-routing';
export type { McpProbeResult } from './probe-server';
export { isMcpServerError, McpServerError, type McpFailureReason } from './mcp-server-error';
export { serverSecrets } from './server-secrets';
export * from './stdio-rules';
export {
  formatLaunchSpec,
  interpreterNames,
  isBareInterpreter,
  launchSpecAdmits,
  parseLaunchSpecs,
  type LaunchSpec,
} from './launch-specs';
export type {
  McpBackoffSettings,
  McpCallToolResult,
  McpConnectionPolicy,
  McpHttpServerConfig,
  McpListedTool,
  McpPoolKey,
  McpPoolSettings,
  McpPoolStats,
  McpServerConfig,
  McpStdioServerConfig,
  McpToolEntries,
  McpTransportKind,
} from './types';
export * from './convert';
