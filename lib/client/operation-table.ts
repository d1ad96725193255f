/**
 * Method and path of every operation the client calls. Written out so the client needs no server
 * code at run time, and checked by the compiler against the route definitions: a wrong method or
 * path, a missing operation or an extra one does not compile; nor does a streaming operation
 * (Server-Sent Events) without `stream: true`, or a JSON one with it.
 */
import type { ApiOperations } from '../api/operations';
import type { ClientOperationId, IsEventStream } from './operation-types';

type Endpoint<Id extends ClientOperationId> = {
  method: ApiOperations[Id]['method'];
  path: ApiOperations[Id]['path'];
} & (IsEventStream<Id> extends true ? { stream: true } : { stream?: never });

export const operationTable = {
  getHealth: { method: 'get', path: '/health' },

  listAgents: { method: 'get', path: '/agents' },
  createAgent: { method: 'post', path: '/agents' },
  getAgent: { method: 'get', path: '/agents/{id}' },
  lintAgent: { method: 'get', path: '/agents/{id}/lint' },
  updateAgent: { method: 'patch', path: '/agents/{id}' },
  deleteAgent: { method: 'delete', path: '/agents/{id}' },
  exportAgent: { method: 'get', path: '/agents/{id}/export' },
  importAgent: { method: 'post', path: '/agents/import' },

  listAgentVersions: { method: 'get', path: '/agents/{id}/versions' },
  getAgentVersion: { method: 'get', path: '/agents/{id}/versions/{n}' },
  publishAgentVersion: { method: 'post', path: '/agents/{id}/versions/{n}/publish' },
  getAgentVersionPublishChecks: { method: 'get', path: '/agents/{id}/versions/{n}/publish-checks' },
  unpublishAgent: { method: 'post', path: '/agents/{id}/unpublish' },
  restoreAgentVersion: { method: 'post', path: '/agents/{id}/versions/{n}/restore' },
  deleteAgentVersion: { method: 'delete', path: '/agents/{id}/versions/{n}' },
  getPublishGate: { method: 'get', path: '/agents/{id}/publish-gate' },
  setPublishGate: { method: 'put', path: '/agents/{id}/publish-gate' },
  diffAgentVersions: { method: 'get', path: '/agents/{id}/diff' },
  compareAgentVersions: { method: 'post', path: '/agents/{id}/diff' },

  startEvaluation: { method: 'post', path: '/agents/{id}/evaluations' },
  getEvaluation: { method: 'get', path: '/evaluations/{evaluationId}' },
  listEvaluations: { method: 'get', path: '/agents/{id}/evaluations' },

  listAgentLabels: { method: 'get', path: '/agents/{id}/labels' },
  setAgentLabel: { method: 'put', path: '/agents/{id}/labels/{label}' },
  deleteAgentLabel: { method: 'delete', path: '/agents/{id}/labels/{label}' },

  listTestCases: { method: 'get', path: '/agents/{id}/test-cases' },
  createTestCase: { method: 'post', path: '/agents/{id}/test-cases' },
  getTestCase: { method: 'get', path: '/agents/{id}/test-cases/{caseId}' },
  updateTestCase: { method: 'patch', path: '/agents/{id}/test-cases/{caseId}' },
  deleteTestCase: { method: 'delete', path: '/agents/{id}/test-cases/{caseId}' },
  createTestCaseFromRun: { method: 'post', path: '/runs/{runId}/test-case' },

  listAuditEntries: { method: 'get', path: '/audit' },
  listAgentAuditEntries: { method: 'get', path: '/agents/{id}/audit' },

  exportDeployment: { method: 'post', path: '/deployment/export' },
  importDeployment: { method: 'post', path: '/deployment/import' },

  resolveAgent: { method: 'post', path: '/agents/{id}/resolve' },
  executeAgentTool: { method: 'post', path: '/agents/{id}/tools/{name}/execute' },
  generateAgent: { method: 'post', path: '/agents/{id}/generate' },
  streamAgent: { method: 'post', path: '/agents/{id}/stream', stream: true },

  listRuns: { method: 'get', path: '/runs' },
  getRun: { method: 'get', path: '/runs/{runId}' },
  approveRun: { method: 'post', path: '/runs/{runId}/approve' },
  declineRun: { method: 'post', path: '/runs/{runId}/decline' },
  resumeRun: { method: 'post', path: '/runs/{runId}/resume' },
  submitRunToolResults: { method: 'post', path: '/runs/{runId}/tool-results' },
  listThreadTasks: { method: 'get', path: '/threads/{threadId}/tasks' },

  listMcpClients: { method: 'get', path: '/mcp-clients' },
  createMcpClient: { method: 'post', path: '/mcp-clients' },
  getMcpClient: { method: 'get', path: '/mcp-clients/{id}' },
  updateMcpClient: { method: 'patch', path: '/mcp-clients/{id}' },
  deleteMcpClient: { method: 'delete', path: '/mcp-clients/{id}' },
  listMcpClientVersions: { method: 'get', path: '/mcp-clients/{id}/versions' },
  restoreMcpClientVersion: { method: 'post', path: '/mcp-clients/{id}/versions/{n}/restore' },
  testMcpClient: { method: 'post', path: '/mcp-clients/{id}/test' },
  testMcpClientDraft: { method: 'post', path: '/mcp-clients/test' },
  approveMcpClient: { method: 'post', path: '/mcp-clients/{id}/approve' },
  listStdioLaunchSpecs: { method: 'get', path: '/stdio-launch-specs' },
  createStdioLaunchSpec: { method: 'post', path: '/stdio-launch-specs' },
  deleteStdioLaunchSpec: { method: 'delete', path: '/stdio-launch-specs/{id}' },
  listModelProviders: { method: 'get', path: '/settings/model-providers' },
  updateModelProviders: { method: 'put', path: '/settings/model-providers' },
  exportMcpClient: { method: 'get', path: '/mcp-clients/{id}/export' },
  importMcpClient: { method: 'post', path: '/mcp-clients/import' },

  listTools: { method: 'get', path: '/tools' },
  getTool: { method: 'get', path: '/tools/{id}' },
  executeTool: { method: 'post', path: '/tools/{id}/execute' },

  listIntegrations: { method: 'get', path: '/integrations' },
  getIntegration: { method: 'get', path: '/integrations/{id}' },
  saveIntegration: { method: 'put', path: '/integrations/{id}' },
  deleteIntegration: { method: 'delete', path: '/integrations/{id}' },

  listToolProviders: { method: 'get', path: '/tool-providers' },
  listToolProviderTools: { method: 'get', path: '/tool-providers/{id}/tools' },

  createApiKey: { method: 'post', path: '/keys' },
  listApiKeys: { method: 'get', path: '/keys' },
  revokeApiKey: { method: 'delete', path: '/keys/{id}' },

  listUsers: { method: 'get', path: '/users' },
  createUser: { method: 'post', path: '/users' },
  updateUser: { method: 'patch', path: '/users/{id}' },
  createInvitation: { method: 'post', path: '/users/invitations' },
  listInvitations: { method: 'get', path: '/users/invitations' },
  withdrawInvitation: { method: 'delete', path: '/users/invitations/{id}' },

  setUpFirstAdmin: { method: 'post', path: '/auth/setup' },
  readInvitation: { method: 'post', path: '/auth/invitation' },
  acceptInvitation: { method: 'post', path: '/auth/accept-invitation' },
} as const satisfies { [Id in ClientOperationId]: Endpoint<Id> };
