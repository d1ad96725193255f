/**
 * Tool providers: toolkits of tools resolved through pinned connections. The interface and the
 * registry only; calling providers (listing, resolving under timeouts) is `lib/sources`' work. See
 * types.ts and docs/resolution.md.
 */
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
