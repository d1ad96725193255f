/**
 * Every operation of the HTTP API by its `operationId`: the route definitions (method, path, zod
 * schemas) the handlers are registered with. The typed client (`lib/client`) takes its input and
 * output types from here, so the server and its callers share one set of schemas. A test checks
 * that each key equals its route's `operationId` and that the served document lists nothing else.
 */
import * as agentRuns from './routes/agent-runs';
import * as agentToolExecute from './routes/agent-tool-execute';
import * as agentsTransfer from './routes/agents-transfer';
import * as agents from './routes/agents';
import * as audit from './routes/audit';
import * as deployment from './routes/deployment';
import * as evaluations from './routes/evaluations';
import * as invitations from './routes/invitations';
import * as health from './routes/health';
import * as integrations from './routes/integrations';
import * as keys from './routes/keys';
import * as labels from './routes/labels';
import * as mcpClientTest from './routes/mcp-client-test';
import * as mcpClients from './routes/mcp-clients';
import * as mcpClientsTransfer from './routes/mcp-clients-transfer';
import * as mcpServer from './routes/mcp-server';
import * as publishGate from './routes/publish-gate';
import * as resolve from './routes/resolve';
import * as runs from './routes/runs';
import * as stdioLaunchSpecs from './routes/stdio-launch-specs';
import * as testCases from './routes/test-cases';
import * as modelProviders from './routes/model-providers';
import * as threads from './routes/threads';
import * as toolProviders from './routes/tool-providers';
import * as tools from './routes/tools';
import * as users from './routes/users';
import * as versionDiff from './routes/version-diff';
import * as versions from './routes/versions';

export const apiOperations = {
  getHealth: health.healthRoute,

  listAgents: agents.listRoute,
  createAgent: agents.createAgentRoute,
  getAgent: agents.getRoute,
  lintAgent: agents.lintRoute,
  updateAgent: agents.updateRoute,
  deleteAgent: agents.deleteRoute,
  exportAgent: agentsTransfer.exportRoute,
  importAgent: agentsTransfer.importRoute,

  listAgentVersions: versions.listRoute,
  getAgentVersion: versions.getRoute,
  publishAgentVersion: versions.publishRoute,
  getAgentVersionPublishChecks: versions.publishChecksRoute,
  unpublishAgent: versions.unpublishRoute,
  restoreAgentVersion: versions.restoreRoute,
  deleteAgentVersion: versions.deleteRoute,
  getPublishGate: publishGate.getPublishGateRoute,
  setPublishGate: publishGate.setPublishGateRoute,
  diffAgentVersions: versionDiff.diffRoute,
  compareAgentVersions: versionDiff.compareRoute,

  startEvaluation: evaluations.startRoute,
  getEvaluation: evaluations.getRoute,
  listEvaluations: evaluations.listRoute,

  listAgentLabels: labels.listRoute,
  setAgentLabel: labels.setRoute,
  deleteAgentLabel: labels.deleteRoute,

  listTestCases: testCases.listRoute,
  createTestCase: testCases.createRoute,
  getTestCase: testCases.getRoute,
  updateTestCase: testCases.updateRoute,
  deleteTestCase: testCases.deleteRoute,
  createTestCaseFromRun: testCases.fromRunRoute,

  listAuditEntries: audit.listRoute,
  listAgentAuditEntries: audit.agentRoute,

  exportDeployment: deployment.exportRoute,
  importDeployment: deployment.importRoute,

  resolveAgent: resolve.resolveRoute,
  executeAgentTool: agentToolExecute.executeRoute,
  generateAgent: agentRuns.generateRoute,
  streamAgent: agentRuns.streamRoute,

  listRuns: runs.listRunsRoute,
  getRun: runs.getRunRoute,
  approveRun: runs.approveRunRoute,
  declineRun: runs.declineRunRoute,
  resumeRun: runs.resumeRunRoute,
  submitRunToolResults: runs.submitRunToolResultsRoute,
  listThreadTasks: threads.tasksRoute,

  listMcpClients: mcpClients.routes.list,
  createMcpClient: mcpClients.routes.create,
  getMcpClient: mcpClients.routes.get,
  updateMcpClient: mcpClients.routes.update,
  deleteMcpClient: mcpClients.routes.remove,
  listMcpClientVersions: mcpClients.routes.versions,
  restoreMcpClientVersion: mcpClients.routes.restore,
  testMcpClient: mcpClientTest.testRoute,
  testMcpClientDraft: mcpClientTest.draftTestRoute,
  approveMcpClient: mcpClients.routes.approve,
  exportMcpClient: mcpClientsTransfer.exportRoute,
  importMcpClient: mcpClientsTransfer.importRoute,

  listStdioLaunchSpecs: stdioLaunchSpecs.listRoute,
  createStdioLaunchSpec: stdioLaunchSpecs.createRoute,
  deleteStdioLaunchSpec: stdioLaunchSpecs.deleteRoute,
  listModelProviders: modelProviders.listRoute,
  updateModelProviders: modelProviders.updateRoute,

  listTools: tools.listRoute,
  getTool: tools.showRoute,
  executeTool: tools.executeRoute,

  listIntegrations: integrations.listRoute,
  getIntegration: integrations.showRoute,
  saveIntegration: integrations.saveRoute,
  deleteIntegration: integrations.deleteRoute,

  listToolProviders: toolProviders.listRoute,
  listToolProviderTools: toolProviders.toolsRoute,

  handleMcpMessage: mcpServer.mcpRoute,

  createApiKey: keys.createKeyRoute,
  listApiKeys: keys.listKeysRoute,
  revokeApiKey: keys.revokeKeyRoute,

  listUsers: users.listUsersRoute,
  createUser: users.createUserRoute,
  updateUser: users.updateUserRoute,
  createInvitation: invitations.createInvitationRoute,
  listInvitations: invitations.listInvitationsRoute,
  withdrawInvitation: invitations.withdrawInvitationRoute,

  setUpFirstAdmin: invitations.setUpFirstAdminRoute,
  readInvitation: invitations.readInvitationRoute,
  acceptInvitation: invitations.acceptInvitationRoute,
};

export type ApiOperations = typeof apiOperations;
export type OperationId = keyof ApiOperations;
