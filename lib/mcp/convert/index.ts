/**
 * The pure half of MCP: listed tools -> the neutral tools an agent gets, and call results -> what
 * the model reads. No IO and no SDK client, so the pure resolver can import it without loading the
 * connection code. See docs/mcp.md.
 */
export {
  convertMcpTools,
  namespacedToolName,
  type ConvertMcpToolsParams,
  type McpDescriptionSource,
  type McpNeutralTool,
  type McpServerToolListing,
  type McpToolWarning,
} from './convert-tools';
export {
  mcpContentPartToModel,
  mcpResultToModelOutput,
  mcpResultToToolOutput,
  type McpLegacyCallToolResult,
  type McpModelContentPart,
  type McpModelOutput,
} from './convert-content';
export {
  elicitationAnswerSchema,
  elicitationSuspension,
  readElicitationSuspension,
  toElicitationAnswer,
  type McpElicitationAnswer,
  type McpElicitationRequest,
  type McpElicitationSuspension,
} from './elicitation';
