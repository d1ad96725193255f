/** The editor service: agents, versions, labels, saved MCP clients and the audit log. */
export * from './agent-input';
export type { LabelView } from './agent-labels';
export type { PublishInput, VersionReference } from './agent-publishing';
export type { PublishProblem } from './publish-checks';
export type { PublishPreview } from './publish-preview';
export type { PublishChecks } from './agent-publishing';
export type { AgentLint } from './agent-lint';
export type { GateEvaluation } from './publish-gate';
export type { AgentListRequest, DefaultSelector, FoundVersion } from './agent-reads';
export type { StoredAgentVersion } from './agent-version';
export type { AgentListItem, AgentView, VersionView } from './agent-views';
export type { SaveResult } from './agent-writes';
export type { AgentDraft } from './agent-draft';
export type { VersionDiff } from './agent-diff';
export type { AuditEntity, AuditEntry, AuditFilter, AuditService } from './audit';
export {
  auditActionInWords,
  auditActionWords,
  auditDetailsInWords,
  auditEntityInWords,
  type AuditDetail,
  type KnownAuditAction,
} from './audit-words';
export {
  defaultActor,
  type CodeAgentInfo,
  type CodeAgentLookup,
  type EditorOptions,
  type ResolveToolsForDiff,
} from './context';
export type { CodeOnlyAgent, CodeOnlyListItem } from './code-agents';
export {
  createEditor,
  type AgentsService,
  type AgentWithVersion,
  type DeploymentService,
  type Editor,
  type StdioLaunchSpecsService,
} from './editor';
export * from './deployment-document';
export type { DeploymentImportResult } from './deployment-import';
export type { DeploymentVerification } from './deployment-verify';
export type { DeploymentChange } from './deployment-plan';
export { exportDocumentSchema, exportFormat, type ExportDocument } from './export-document';
export type { ImportMode } from './agent-transfer';
export { upgradeClientSecrets } from './upgrade-client-secrets';
export { mcpClientExportFormat, mcpClientExportSchema, type McpClientExport } from './mcp-client-transfer';
export type { McpClientChange, McpClientListItem, McpClientResponse, McpClientsService } from './mcp-clients';
export type { McpClientVersionView, McpClientView, StoredMcpClientVersion } from './mcp-client-versions';
export { defaultPageLimit, maxPageLimit, pageLimitSchema, type Page, type PageRequest } from '../pagination';
export { storedLaunchEntries, type StdioLaunchSpecView } from './stdio-launch-specs';
export type { McpClientApproval, StdioLaunchToApprove } from './mcp-client-approval';
export { runReaderOf, type ReadRun, type RunForTestCase } from './run-reader';
export type { TestCasesService } from './test-cases';
export type { ModelProviderEnvironment, ModelProvidersService, ModelProviderView } from './model-providers';
export type {
  FindLastEvaluation,
  FindPassingEvaluation,
  LastEvaluation,
  PassingEvaluationRequest,
  ToolSourceLookup,
} from './publish-sources';
