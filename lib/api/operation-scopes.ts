/**
 * The scope every operation of the API needs, in one table: the OpenAPI document declares it on
 * each operation (./openapi-security) and the credential check reads it through
 * `createApiScopeLookup`. An operation added to `apiOperations` without a row here does not compile.
 *
 * The lists follow the spec's "Sign-in, roles and API keys": `runtime` reads and runs, `editor`
 * changes agents, versions, labels and saved MCP clients, `admin` the rest of the deployment.
 * Whether a saved MCP client runs a local command (stdio, which needs `admin`) depends on the body,
 * not the route: the table can only give the route's floor, `editor`.
 */
import { apiOperations, type OperationId } from './operations';
import { createScopeLookup, type ScopeLookup, type ScopedRoute } from './scope-lookup';
import type { RequiredScope } from '../auth/roles';

export { higherScope, scopeIncludes, scopes, type RequiredScope, type Scope } from '../auth/roles';

export const operationScopes = {
  getHealth: 'public',

  listAgents: 'runtime',
  createAgent: 'editor',
  getAgent: 'runtime',
  lintAgent: 'runtime',
  updateAgent: 'editor',
  deleteAgent: 'editor',
  exportAgent: 'editor',
  importAgent: 'editor',

  listAgentVersions: 'runtime',
  getAgentVersion: 'runtime',
  publishAgentVersion: 'editor',
  getAgentVersionPublishChecks: 'runtime',
  unpublishAgent: 'editor',
  restoreAgentVersion: 'editor',
  deleteAgentVersion: 'editor',
  getPublishGate: 'runtime',
  setPublishGate: 'admin',
  diffAgentVersions: 'runtime',
  compareAgentVersions: 'runtime',

  startEvaluation: 'editor',
  getEvaluation: 'runtime',
  listEvaluations: 'runtime',

  listAgentLabels: 'runtime',
  setAgentLabel: 'editor',
  deleteAgentLabel: 'editor',

  listTestCases: 'runtime',
  createTestCase: 'editor',
  getTestCase: 'runtime',
  updateTestCase: 'editor',
  deleteTestCase: 'editor',
  createTestCaseFromRun: 'editor',

  listAuditEntries: 'admin',
  listAgentAuditEntries: 'admin',

  exportDeployment: 'admin',
  importDeployment: 'admin',

  resolveAgent: 'runtime',
  executeAgentTool: 'runtime',
  generateAgent: 'runtime',
  streamAgent: 'runtime',

  listRuns: 'runtime',
  getRun: 'runtime',
  approveRun: 'runtime',
  declineRun: 'runtime',
  resumeRun: 'runtime',
  submitRunToolResults: 'runtime',
  listThreadTasks: 'runtime',

  listMcpClients: 'runtime',
  createMcpClient: 'editor',
  getMcpClient: 'runtime',
  updateMcpClient: 'editor',
  deleteMcpClient: 'editor',
  listMcpClientVersions: 'runtime',
  restoreMcpClientVersion: 'editor',
  testMcpClient: 'editor',
  testMcpClientDraft: 'editor',
  approveMcpClient: 'admin',
  exportMcpClient: 'editor',
  importMcpClient: 'editor',

  listStdioLaunchSpecs: 'admin',
  createStdioLaunchSpec: 'admin',
  deleteStdioLaunchSpec: 'admin',

  listModelProviders: 'admin',
  updateModelProviders: 'admin',

  listTools: 'runtime',
  getTool: 'runtime',
  executeTool: 'runtime',

  listIntegrations: 'runtime',
  getIntegration: 'runtime',
  saveIntegration: 'admin',
  deleteIntegration: 'admin',

  listToolProviders: 'runtime',
  listToolProviderTools: 'runtime',

  handleMcpMessage: 'runtime',
  createApiKey: 'admin',
  listApiKeys: 'admin',
  revokeApiKey: 'admin',

  listUsers: 'admin',
  createUser: 'admin',
  updateUser: 'admin',
  createInvitation: 'admin',
  listInvitations: 'admin',
  withdrawInvitation: 'admin',

  // The pages that open a setup or invitation link post these; the link's token is the credential.
  setUpFirstAdmin: 'public',
  readInvitation: 'public',
  acceptInvitation: 'public',
} as const satisfies Record<OperationId, RequiredScope>;

/**
 * Operations that spend model or tool calls. The role `viewer` is `runtime` without these: a viewer
 * looks and previews, and starts no runs and no tools (API keys of any scope may).
 */
export const spendingOperations: ReadonlySet<OperationId> = new Set<OperationId>([
  'generateAgent',
  'streamAgent',
  'executeAgentTool',
  'executeTool',
  'approveRun',
  'declineRun',
  'resumeRun',
  'submitRunToolResults',
  'handleMcpMessage',
]);

/** Where the app is mounted (`createApiApp`'s base path): the paths of `apiOperations` are below it. */
export const apiBasePath = '/api';

/**
 * Routes of the app that are not operations of the document. `GET` and `DELETE /mcp`, which an
 * MCP client may send, are not routed and answer 405 (the MCP server is stateless); they carry the
 * scope of `POST /mcp` so that a runtime key learns that and not 403.
 */
const routesOutsideTheDocument: ReadonlyArray<ScopedRoute<OperationId>> = [
  { method: 'get', path: `${apiBasePath}/openapi.json`, scope: 'public' },
  { method: 'get', path: `${apiBasePath}/mcp`, scope: 'runtime' },
  { method: 'delete', path: `${apiBasePath}/mcp`, scope: 'runtime' },
];

/** Every route of the app with the scope it needs, full paths as the app sees them. */
export function scopedRoutes(): Array<ScopedRoute<OperationId>> {
  const operations = (Object.keys(operationScopes) as OperationId[]).map((operationId) => ({
    method: apiOperations[operationId].method,
    path: `${apiBasePath}${apiOperations[operationId].path}`,
    scope: operationScopes[operationId],
    operationId,
    spends: spendingOperations.has(operationId),
  }));
  return [...operations, ...routesOutsideTheDocument];
}

/** The lookup for the credential check, over every route of the app. */
export function createApiScopeLookup(): ScopeLookup<OperationId> {
  return createScopeLookup(scopedRoutes());
}
