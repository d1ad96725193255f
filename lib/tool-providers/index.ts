/** Tool providers: toolkits of tools resolved through pinned connections. See types.ts and docs/resolution.md. */
export type {
  ConnectionKind,
  ConnectionScope,
  ProviderConnectionDescription,
  ProviderConnectionRequest,
  ProviderToolDescription,
  ResolveProviderToolsRequest,
  ToolkitDescription,
  ToolProvider,
  ToolProviderCapabilities,
} from './types';
export { createToolProviderRegistry, type ToolProviderRegistry } from './tool-provider-registry';
export {
  describeToolProvider,
  listProviderTools,
  type ToolkitSummary,
  type ToolProviderSummary,
} from './describe-providers';
