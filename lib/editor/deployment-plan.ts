/**
 * What importing a checked backup would change on this deployment. Import only adds: a missing
 * agent, client or integration is created as the backup has it (version numbers, authors and
 * times kept); an existing one gets the versions it lacks after its latest, and, where it has
 * none, the backup's published version and labels. Anything the target holds differently is kept
 * and listed; a version number both hold with different configurations is a conflict. Importing
 * the same backup twice therefore changes nothing the second time.
 */
import type { Issue } from '../errors';
import type { StoredIntegrationConfig } from '../integrations';
import { decryptCredentials } from '../integrations';
import { configHash, sameJson } from '../versions';
import { currentConfigHash } from './agent-transfer';
import { parseVersionRow } from './agent-version';
import type { EditorContext } from './context';
import type {
  CheckedBackup,
  CheckedBackupAgent,
  CheckedBackupIntegration,
  CheckedBackupMcpClient,
} from './deployment-check';
import { comparableConfigHash } from './deployment-secrets';
import type { CheckedVersion } from './import-checks';
import { parseClientVersionRow } from './mcp-client-versions';

export interface DeploymentChange {
  entity: 'agent' | 'mcp_client' | 'integration';
  id: string;
  action: 'create' | 'update' | 'unchanged';
  /** Versions the import adds (agents and saved MCP clients). */
  versionNumbers: number[];
  /** Labels the import creates (agents). */
  labels: string[];
  /** The version the import publishes (an agent with nothing published). */
  publishedVersionNumber: number | null;
  /** Differences left as the target has them. */
  kept: string[];
}

export interface AgentPlan {
  entry: CheckedBackupAgent;
  change: DeploymentChange;
  /** The versions to write. */
  versions: CheckedVersion[];
  /** Backup versions this deployment deleted; they are not written again. */
  skippedVersionNumbers: number[];
}

export interface McpClientPlan {
  entry: CheckedBackupMcpClient;
  change: DeploymentChange;
  versions: CheckedBackupMcpClient['versions'];
  skippedVersionNumbers: number[];
}

export interface IntegrationPlan {
  entry: CheckedBackupIntegration;
  change: DeploymentChange;
}

export interface DeploymentPlan {
  agents: AgentPlan[];
  mcpClients: McpClientPlan[];
  integrations: IntegrationPlan[];
  conflicts: Issue[];
}

const change = (entity: DeploymentChange['entity'], id: string): DeploymentChange => ({
  entity,
  id,
  action: 'unchanged',
  versionNumbers: [],
  labels: [],
  publishedVersionNumber: null,
  kept: [],
});

function settle(result: DeploymentChange, created: boolean): DeploymentChange {
  const changed =
    result.versionNumbers.length > 0 || result.labels.length > 0 || result.publishedVersionNumber !== null;
  return { ...result, action: created ? 'create' : changed ? 'update' : 'unchanged' };
}

/** Settles a record's plan on the versions it adds (every version, when the record is new here). */
function settleVersions<Entry, Version extends { versionNumber: number }>(
  result: DeploymentChange,
  { entry, versions, skipped, created }: { entry: Entry; versions: Version[]; skipped: number[]; created: boolean },
) {
  const versionNumbers = versions.map((version) => version.versionNumber);
  return { entry, change: settle({ ...result, versionNumbers }, created), versions, skippedVersionNumbers: skipped };
}

/** One saved client or integration of the backup, where it stands in it, and whether its secrets were left out. */
interface PlanRequest<Entry> {
  entry: Entry;
  path: string;
  secretsOmitted: boolean;
  /** Where differences that stop the import are collected. */
  conflicts: Issue[];
}

async function planAgent(
  context: EditorContext,
  entry: CheckedBackupAgent,
  path: string,
  conflicts: Issue[],
): Promise<AgentPlan> {
  const { agent, versions } = entry;
  const result = change('agent', agent.id);
  const record = await context.agents.get(agent.id);
  if (!record) {
    if (agent.source === 'code' && context.codeAgents.get(agent.id)?.editor === false) {
      conflicts.push({ path, message: `Agent "${agent.id}" is defined in code with editor: false on this deployment` });
    }
    result.labels = agent.labels.map((label) => label.name);
    result.publishedVersionNumber = agent.activeVersionNumber;
    return settleVersions(result, { entry, versions, skipped: [], created: true });
  }
  if (record.source !== agent.source) {
    conflicts.push({
      path,
      message: `Agent "${agent.id}" is a ${record.source} agent here, ${agent.source} in the backup`,
    });
  }
  const target = new Map(
    (await context.versions.all(agent.id)).map((row) => {
      const version = parseVersionRow(context, row);
      return [version.versionNumber, version] as const;
    }),
  );
  const added: CheckedVersion[] = [];
  const skipped: number[] = [];
  for (const version of versions) {
    const existing = target.get(version.versionNumber);
    if (existing) {
      if (currentConfigHash(existing) !== configHash(version.snapshot))
        conflicts.push({
          path,
          message: `Agent "${agent.id}" version ${version.versionNumber} differs here from the backup; nothing is overwritten`,
        });
    } else if (version.versionNumber > record.latestVersionNumber) {
      added.push(version);
    } else {
      skipped.push(version.versionNumber);
      result.kept.push(`version ${version.versionNumber} was deleted here; it is not added again`);
    }
  }
  const present = new Set([...target.keys(), ...added.map((version) => version.versionNumber)]);
  const published = (await context.versions.active(agent.id))?.versionNumber ?? null;
  if (published === null && agent.activeVersionNumber !== null && present.has(agent.activeVersionNumber)) {
    result.publishedVersionNumber = agent.activeVersionNumber;
  } else if (published !== agent.activeVersionNumber) {
    result.kept.push(
      `the published version stays ${published ?? 'none'} (the backup publishes ${agent.activeVersionNumber ?? 'none'})`,
    );
  }
  for (const label of agent.labels) {
    const existing = await context.labels.get(agent.id, label.name);
    if (!existing && present.has(label.versionNumber)) result.labels.push(label.name);
    else if (!existing) result.kept.push(`label ${label.name}: version ${label.versionNumber} is not here`);
    else if (existing.versionNumber !== label.versionNumber)
      result.kept.push(
        `label ${label.name} stays on version ${existing.versionNumber} (the backup has it on ${label.versionNumber})`,
      );
  }
  return settleVersions(result, { entry, versions: added, skipped, created: false });
}

async function planMcpClient(
  context: EditorContext,
  { entry, path, secretsOmitted, conflicts }: PlanRequest<CheckedBackupMcpClient>,
): Promise<McpClientPlan> {
  const result = change('mcp_client', entry.id);
  const record = await context.mcpClients.get(entry.id);
  if (!record) return settleVersions(result, { entry, versions: entry.versions, skipped: [], created: true });
  const added: CheckedBackupMcpClient['versions'] = [];
  const skipped: number[] = [];
  for (const version of entry.versions) {
    const row = await context.mcpClients.versionByNumber(entry.id, version.versionNumber);
    if (row) {
      const stored = parseClientVersionRow(context, row);
      const hash = comparableConfigHash(stored.snapshot, secretsOmitted);
      if (hash !== version.configHash)
        conflicts.push({
          path,
          message: `Saved MCP client "${entry.id}" version ${version.versionNumber} differs here from the backup; nothing is overwritten`,
        });
    } else if (version.versionNumber > record.latestVersionNumber) {
      added.push(version);
    } else {
      skipped.push(version.versionNumber);
      result.kept.push(`version ${version.versionNumber} was deleted here; it is not added again`);
    }
  }
  return settleVersions(result, { entry, versions: added, skipped, created: false });
}

async function planIntegration(
  context: EditorContext,
  { entry, path, secretsOmitted, conflicts }: PlanRequest<CheckedBackupIntegration>,
): Promise<IntegrationPlan> {
  const row = await context.integrationConfigs.get(entry.id);
  if (!row) return { entry, change: settle(change('integration', entry.id), true) };
  const stored = JSON.parse(row.config) as StoredIntegrationConfig;
  const { credentials, ...rest } = stored;
  const comparable =
    secretsOmitted || !credentials
      ? rest
      : { ...rest, credentials: decryptCredentials({ credentials, key: context.secretsKey, integrationId: entry.id }) };
  if (!sameJson(comparable, entry.config))
    conflicts.push({
      path,
      message: `Integration "${entry.id}" is stored here with a different config; nothing is overwritten`,
    });
  return { entry, change: change('integration', entry.id) };
}

/**
 * Reads only; the import runs it inside its write transaction. One entry after another (the
 * conflicts are listed in backup order, and queries inside a transaction are awaited one by one).
 */
export async function planDeploymentImport(context: EditorContext, backup: CheckedBackup): Promise<DeploymentPlan> {
  const conflicts: Issue[] = [];
  const { secretsOmitted } = backup;
  const agents: AgentPlan[] = [];
  for (const [index, entry] of backup.agents.entries())
    agents.push(await planAgent(context, entry, `agents.${index}`, conflicts));
  const mcpClients: McpClientPlan[] = [];
  for (const [index, entry] of backup.mcpClients.entries())
    mcpClients.push(await planMcpClient(context, { entry, path: `mcpClients.${index}`, secretsOmitted, conflicts }));
  const integrations: IntegrationPlan[] = [];
  for (const [index, entry] of backup.integrations.entries())
    integrations.push(
      await planIntegration(context, { entry, path: `integrations.${index}`, secretsOmitted, conflicts }),
    );
  return { agents, mcpClients, integrations, conflicts };
}
