/**
 * PURE tool resolution (docs/resolution.md): `planResolution` decides which variants match and what to
 * load, the loaders in `lib/sources` fetch, `mergeTools` builds `{ tools, explanation, warnings }`.
 * No IO, no clock, no environment: everything arrives as arguments.
 */
export * from './types';
export {
  matchVariants,
  mergeVariants,
  resolveField,
  rulesPass,
  type FieldEntry,
  type ResolvedField,
} from './conditional-field';
export { codeAgentModes, type CodeAgentModes, type ToolsMode } from './editor-modes';
// The model's tool-name rule lives in lib/tools, where lib/mcp's server side can use it too.
export { isValidToolName, maxToolNameLength, toModelToolName } from '../tools';
export {
  planResolution,
  type CodeAgentInput,
  type IntegrationPlan,
  type McpClientPlan,
  type ResolutionPlan,
  type ToolEntries,
  type ToolProviderPlan,
  type VersionInput,
} from './plan-resolution';
export {
  defaultConnection,
  defaultResourceId,
  planProviderCalls,
  sharedAuthorId,
  type ProviderCall,
} from './provider-calls';
export type {
  LoadedCallable,
  LoadedIntegration,
  LoadedMcpClient,
  LoadedMcpServer,
  LoadedProviderCall,
  LoadedSources,
  LoadedToolProvider,
} from './loaded-sources';
export { mergeTools } from './merge-tools';
export { callableToolName } from './callable-tools';
export { applyToolPolicies, approvalSummary, policyAsksApproval, type ApprovalRequirement } from './tool-policies';
export { ruleBudgetWarnings } from './rule-budget-warnings';
export { nonEmptyDescription, withDescription } from './tool-set';
export { authTokenKey, hasPlaceholders, renderInstructions, renderTemplate } from './render-instructions';
export { chooseInstructions, type ChosenInstructions } from './choose-instructions';
export { describeResolvedTools, resolvedToolsHash, type ResolvedToolDescription } from './describe-tools';
