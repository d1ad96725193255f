/**
 * What importing a checked backup would change on this deployment. A missing agent, client or
 * integration is created as the backup has it (version numbers, authors and times kept); an
 * existing one gets the versions it lacks after its latest, and, where it has none, the backup's
 * published version and labels. Where the target holds something else (a published version, a
 * label on another version, a version deleted here) the difference is settled by the caller's
 * preference or, without one, refuses the import (deployment-differences.ts); a version number
 * both hold with different configurations is a conflict. Importing the same backup twice
 * therefore changes nothing the second time.
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
import {
  planPointers,
  settleDifference,
  type DeploymentPreference,
  type DifferenceScope,
} from './deployment-differences';

export interface DeploymentChange {
  entity: 'agent' | 'mcp_client' | 'integration';
  id: string;
  action: 'create' | 'update' | 'unchanged';
  /** Versions the import adds (agents and saved MCP clients). */
  versionNumbers: number[];
  /** Labels the import creates (agents). */
  labels: string[];
  /** Labels the import moves to the backup's version (`prefer: 'backup'`). */
  labelsMoved: string[];
  /** The version the import publishes. */
  publishedVersionNumber: number | null;
  /** Whether the import clears the published version (`prefer: 'backup'`, the backup publishes none). */
  unpublishes: boolean;
  /** Differences left as the target has them (`prefer: 'target'`). */
  kept: string[];
  /** Differences settled as the backup has them (`prefer: 'backup'`). */
  replaced: string[];
}

export interface AgentPlan {
  entry: CheckedBackupAgent;
  change: DeploymentChange;
  /** The versions to write. */
  versions: CheckedVersion[];
  /** Backup versions this deployment deleted and keeps deleted (`prefer: 'target'`). */
  skippedVersionNumbers: number[];
  /** The published version and labels the target keeps unlike the backup (`published`, `label <name>`). */
  keptPointers: string[];
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
  /** Where the target differs from the backup (settled by the preference, or refusing the import without one). */
  differences: Issue[];
}

const change = (entity: DeploymentChange['entity'], id: string): DeploymentChange => ({
  entity,
  id,
  action: 'unchanged',
  versionNumbers: [],
  labels: [],
  labelsMoved: [],
  publishedVersionNumber: null,
  unpublishes: false,
  kept: [],
  replaced: [],
});

function settle(result: DeploymentChange, created: boolean): DeploymentChange {
  const changed =
    result.versionNumbers.length > 0 ||
    result.labels.length > 0 ||
    result.labelsMoved.length > 0 ||
    result.publishedVersionNumber !== null ||
    result.unpublishes;
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
  /** Which side wins where the target and the backup differ, and where differences are listed. */
  compare: Pick<DifferenceScope, 'prefer' | 'differences'>;
}

/** Backup versions numbered at or below the target's latest that the target no longer has. */
function deletedHere<Version extends { versionNumber: number }>(
  scope: DifferenceScope,
  versions: Version[],
): { readded: Version[]; skipped: number[] } {
  const readded: Version[] = [];
  const skipped: number[] = [];
  for (const version of versions) {
    if (settleDifference(scope, `version ${version.versionNumber} was deleted here; the backup has it`))
      readded.push(version);
    else skipped.push(version.versionNumber);
  }
  return { readded, skipped };
}

async function planAgent(
  context: EditorContext,
  { entry, path, conflicts, compare }: Omit<PlanRequest<CheckedBackupAgent>, 'secretsOmitted'>,
): Promise<AgentPlan> {
  const { agent, versions } = entry;
  const result = change('agent', agent.id);
  const scope: DifferenceScope = { ...compare, path, subject: `Agent "${agent.id}"`, notes: result };
  const record = await context.agents.get(agent.id);
  if (!record) {
    if (agent.source === 'code' && context.codeAgents.get(agent.id)?.editor === false) {
      conflicts.push({ path, message: `Agent "${agent.id}" is defined in code with editor: false on this deployment` });
    }
    result.labels = agent.labels.map((label) => label.name);
    result.publishedVersionNumber = agent.activeVersionNumber;
    return { ...settleVersions(result, { entry, versions, skipped: [], created: true }), keptPointers: [] };
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
  const deleted: CheckedVersion[] = [];
  for (const version of versions) {
    const existing = target.get(version.versionNumber);
    if (existing) {
      if (currentConfigHash(existing) !== configHash(version.snapshot))
        conflicts.push({
          path,
          message: `Agent "${agent.id}" version ${version.versionNumber} differs here from the backup; nothing is overwritten`,
        });
    } else if (version.versionNumber > record.latestVersionNumber) added.push(version);
    else deleted.push(version);
  }
  const { readded, skipped } = deletedHere(scope, deleted);
  const written = [...readded, ...added];
  const present = new Set([...target.keys(), ...written.map((version) => version.versionNumber)]);
  const pointers = await planPointers({
    scope,
    published: (await context.versions.active(agent.id))?.versionNumber ?? null,
    backupPublished: agent.activeVersionNumber,
    backupLabels: agent.labels,
    targetLabel: async (name) => (await context.labels.get(agent.id, name))?.versionNumber,
    present,
  });
  const { keptPointers, ...moves } = pointers;
  Object.assign(result, moves);
  return { ...settleVersions(result, { entry, versions: written, skipped, created: false }), keptPointers };
}

async function planMcpClient(
  context: EditorContext,
  { entry, path, secretsOmitted, conflicts, compare }: PlanRequest<CheckedBackupMcpClient>,
): Promise<McpClientPlan> {
  const result = change('mcp_client', entry.id);
  const scope: DifferenceScope = { ...compare, path, subject: `Saved MCP client "${entry.id}"`, notes: result };
  const record = await context.mcpClients.get(entry.id);
  if (!record) return settleVersions(result, { entry, versions: entry.versions, skipped: [], created: true });
  const added: CheckedBackupMcpClient['versions'] = [];
  const deleted: CheckedBackupMcpClient['versions'] = [];
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
    } else if (version.versionNumber > record.latestVersionNumber) added.push(version);
    else deleted.push(version);
  }
  const { readded, skipped } = deletedHere(scope, deleted);
  return settleVersions(result, { entry, versions: [...readded, ...added], skipped, created: false });
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
export async function planDeploymentImport(
  context: EditorContext,
  { backup, prefer }: { backup: CheckedBackup; prefer?: DeploymentPreference },
): Promise<DeploymentPlan> {
  const conflicts: Issue[] = [];
  const compare = { prefer, differences: [] as Issue[] };
  const { secretsOmitted } = backup;
  const agents: AgentPlan[] = [];
  for (const [index, entry] of backup.agents.entries())
    agents.push(await planAgent(context, { entry, path: `agents.${index}`, conflicts, compare }));
  const mcpClients: McpClientPlan[] = [];
  for (const [index, entry] of backup.mcpClients.entries()) {
    const path = `mcpClients.${index}`;
    mcpClients.push(await planMcpClient(context, { entry, path, secretsOmitted, conflicts, compare }));
  }
  const integrations: IntegrationPlan[] = [];
  for (const [index, entry] of backup.integrations.entries()) {
    const path = `integrations.${index}`;
    integrations.push(await planIntegration(context, { entry, path, secretsOmitted, conflicts, compare }));
  }
  return { agents, mcpClients, integrations, conflicts, differences: compare.differences };
}
