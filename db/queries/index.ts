export * from './agent-versions';
export * from './api-keys';
export * from './agents';
export * from './audit';
export * from './evaluations';
export * from './health';
export * from './integration-configs';
export * from './mcp-clients';
export * from './model-provider-settings';
export * from './one-time-links';
export * from './runs';
export * from './run-list';
export * from './stdio-launch-specs';
export * from './per-handle';
export * from './processes';
export * from './version-labels';
export * from './task-lists';
export * from './test-cases';
export * from './users';

import { agentVersionQueries } from './agent-versions';
import { agentQueries } from './agents';
import { apiKeyQueries } from './api-keys';
import { auditQueries } from './audit';
import { evaluationQueries } from './evaluations';
import { integrationConfigQueries } from './integration-configs';
import { mcpClientQueries } from './mcp-clients';
import { modelProviderSettingsQueries } from './model-provider-settings';
import { oneTimeLinkQueries } from './one-time-links';
import { processQueries } from './processes';
import { runQueries } from './runs';
import { stdioLaunchSpecQueries } from './stdio-launch-specs';
import { taskListQueries } from './task-lists';
import { testCaseQueries } from './test-cases';
import { userQueries } from './users';
import { versionLabelQueries } from './version-labels';

/** Every table's statements on a SQLite connection, under the names the storage interface gives them. */
export const sqliteQueries = {
  agents: agentQueries,
  versions: agentVersionQueries,
  labels: versionLabelQueries,
  audit: auditQueries,
  mcpClients: mcpClientQueries,
  stdioLaunchSpecs: stdioLaunchSpecQueries,
  integrationConfigs: integrationConfigQueries,
  modelProviderSettings: modelProviderSettingsQueries,
  runs: runQueries,
  processes: processQueries,
  taskLists: taskListQueries,
  testCases: testCaseQueries,
  apiKeys: apiKeyQueries,
  users: userQueries,
  oneTimeLinks: oneTimeLinkQueries,
  evaluations: evaluationQueries,
};
