/** Every table's PostgreSQL queries, answering through whichever database `db` names at each call. */
import type { StudioQueries } from '../../storage';
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
import type { CurrentDb } from './shared';
import { stdioLaunchSpecQueries } from './stdio-launch-specs';
import { taskListQueries } from './task-lists';
import { testCaseQueries } from './test-cases';
import { userQueries } from './users';
import { versionLabelQueries } from './version-labels';

export type { CurrentDb, PostgresDb } from './shared';

export function postgresQueries(db: CurrentDb): StudioQueries {
  return {
    agents: agentQueries(db),
    versions: agentVersionQueries(db),
    labels: versionLabelQueries(db),
    audit: auditQueries(db),
    mcpClients: mcpClientQueries(db),
    stdioLaunchSpecs: stdioLaunchSpecQueries(db),
    integrationConfigs: integrationConfigQueries(db),
    modelProviderSettings: modelProviderSettingsQueries(db),
    runs: runQueries(db),
    processes: processQueries(db),
    taskLists: taskListQueries(db),
    testCases: testCaseQueries(db),
    apiKeys: apiKeyQueries(db),
    users: userQueries(db),
    oneTimeLinks: oneTimeLinkQueries(db),
    evaluations: evaluationQueries(db),
  };
}
