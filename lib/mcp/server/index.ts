/**
 * This app as an MCP server: registered code tools over stateless Streamable HTTP
 * (`POST /api/mcp`). See docs/mcp-server.md.
 */
export { createMcpToolServer, type CreateMcpToolServerParams, type McpToolServer } from './mcp-tool-server';
export { describeToolsForMcp, type DescribedTools, type McpServerToolWarning } from './describe-tools';
export { agentToolName, createAgentMcpTools, type AgentMcpTools, type RunnableAgentSummary } from './agent-tools';
export { contentPartToMcp, modelOutputToMcpContent, toMcpCallResult } from './call-result';
