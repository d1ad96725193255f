/**
 * IO around the pure resolver: load registry, MCP, integration and provider tools for a plan,
 * concurrently, each under its own timeout inside one overall deadline. Failures are values.
 */
export { createSourceLoader, type LoadRequest, type SourceLoader, type SourceLoaderOptions } from './load-sources';
export { lastMcpListing, type CodeMcpServer } from './mcp-source';
export { createStoredMcpListings, type StoredMcpListings } from './stored-mcp-listings';
export { knownInputSchemas, type InputSchemaSources, type KnownMcpClient } from './known-input-schemas';
export type { IntegrationLookup } from './integration-source';
export type { ToolProviderLookup } from './provider-source';
export { createMcpToolFactory, elicitationGoneMessage, tokenHash, type McpToolFactory } from './mcp-tool';
export { createElicitationWaits, type ElicitationWaits } from './mcp-elicitation-waits';
export { raceDeadline, settleWithin, type Settled } from './settle';
export {
  describeToolProvider,
  listProviderTools,
  type ToolkitSummary,
  type ToolProviderSummary,
} from './describe-providers';
export {
  createSavedClientCache,
  type ChangeNotifyingReader,
  type SavedClientCache,
  type SavedMcpClientReader,
} from './saved-client-cache';
export {
  testDraftMcpClient,
  testSavedMcpClient,
  type LatestMcpClientReader,
  type McpClientTestReport,
  type McpServerTestResult,
} from './test-mcp-client';
