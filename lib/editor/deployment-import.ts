/**
 * Import of a whole deployment (`POST /api/deployment/import`). The backup is checked first
 * (every problem with its path, nothing written otherwise); then, in one write transaction, the
 * plan is made against the current state, applied, and verified by counts and config hashes
 * before commit. A dry run does the same inside a transaction that is rolled back.
 */
import { rehearseTransaction, writeTransaction } from '../../db/queries';
import { invalidInput, StudioError, type Issue } from '../errors';
import { credentialsToStore } from '../integrations';
import { configHash, sameJson } from '../versions';
import { createImported, currentConfigHash, insertImportedLabel, writeImportedVersion } from './agent-transfer';
import { parseVersionRow } from './agent-version';
import { recordAudit } from './audit';
import { defaultActor, type EditorContext } from './context';
import { checkDeploymentBackup, type CheckedBackup } from './deployment-check';
import {
  planDeploymentImport,
  type AgentPlan,
  type DeploymentChange,
  type IntegrationPlan,
  type McpClientPlan,
} from './deployment-plan';
import { withoutEnv } from './deployment-secrets';
import type { DeploymentImportBody } from './deployment-document';
import { appendClientVersion, parseClientVersionRow } from './mcp-client-versions';

export interface DeploymentVerification {
  agents: number;
  agentVersions: number;
  agentLabels: number;
  mcpClients: number;
  mcpClientVersions: number;
  integrations: number;
  /** How many stored configurations were compared with the backup's hashes. */
  configHashesChecked: number;
}

export interface DeploymentImportResult {
  dryRun: boolean;
  /** True when the import wrote (or, in a dry run, would write) anything. */
  changed: boolean;
  changes: DeploymentChange[];
  summary: { created: number; updated: number; unchanged: number };
  /** Versions both sides hold with different configurations (a dry run lists them; an import refuses). */
  conflicts: Issue[];
  /** Where the backup's secrets were left out, as paths into the backup: set them again after importing. */
  secretsLeftOut: string[];
  upgradedFrom: number | null;
  /** What this deployment holds of the backup after the import, checked before commit; null when not applied. */
  verification: DeploymentVerification | null;
}

function applyAgent(context: EditorContext, { entry, change, versions }: AgentPlan, actor: string) {
  const { agent } = entry;
  const now = context.now();
  if (change.action === 'create') {
    createImported(context, { agent, versions });
  } else {
    for (const version of versions) writeImportedVersion(context, { agentId: agent.id, version, now });
    const idOf = (versionNumber: number) => context.versions.byNumber(agent.id, versionNumber)!.id;
    if (change.publishedVersionNumber !== null)
      context.agents.setActiveVersion({
        id: agent.id,
        activeVersionId: idOf(change.publishedVersionNumber),
        updatedAt: now,
      });
    for (const name of change.labels) {
      const label = agent.labels.find((candidate) => candidate.name === name)!;
      insertImportedLabel(context, { agentId: agent.id, name, versionId: idOf(label.versionNumber), now });
    }
  }
  const { versionNumbers, labels, publishedVersionNumber } = change;
  recordAudit(context, {
    actor,
    action: 'agent.import',
    entity: 'agent',
    entityId: agent.id,
    details: {
      mode: 'deployment',
      created: change.action === 'create',
      versionNumbers,
      labels,
      publishedVersionNumber,
    },
  });
}

function applyMcpClient(context: EditorContext, { entry, change, versions }: McpClientPlan, actor: string) {
  if (change.action === 'create') {
    context.mcpClients.insert({
      id: entry.id,
      latestVersionNumber: 0,
      authorId: entry.authorId,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
    });
  }
  for (const version of versions) {
    appendClientVersion(context, {
      clientId: entry.id,
      versionNumber: version.versionNumber,
      snapshot: version.snapshot,
      changedFields: version.changedFields,
      changeMessage: version.changeMessage,
      actor: version.authorId,
      createdAt: version.createdAt,
    });
  }
  recordAudit(context, {
    actor,
    action: 'mcp_client.import',
    entity: 'mcp_client',
    entityId: entry.id,
    details: { created: change.action === 'create', versionNumbers: change.versionNumbers },
  });
}

function applyIntegration(context: EditorContext, { entry }: IntegrationPlan, actor: string) {
  const stored = credentialsToStore({ given: entry.config.credentials, stored: undefined, key: context.secretsKey });
  if (!stored.ok) throw invalidInput(stored.issues);
  const config = { ...entry.config, ...(stored.credentials ? { credentials: stored.credentials } : {}) };
  context.integrationConfigs.insert({
    id: entry.id,
    integration: config.type,
    config: JSON.stringify(config),
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  });
  recordAudit(context, { actor, action: 'integration.import', entity: 'integration', entityId: entry.id });
}

/** Compares what is now stored with the backup; any difference aborts the transaction. */
function verify(context: EditorContext, backup: CheckedBackup, skipped: Set<string>): DeploymentVerification {
  const mismatches: string[] = [];
  let checked = 0;
  let agentVersions = 0;
  let agentLabels = 0;
  for (const { agent, versions } of backup.agents) {
    if (!context.agents.get(agent.id)) mismatches.push(`agent ${agent.id} is missing`);
    for (const version of versions) {
      const row = context.versions.byNumber(agent.id, version.versionNumber);
      if (!row) {
        if (!skipped.has(`agent ${agent.id} ${version.versionNumber}`))
          mismatches.push(`agent ${agent.id} version ${version.versionNumber} is missing`);
        continue;
      }
      agentVersions += 1;
      checked += 1;
      if (currentConfigHash(parseVersionRow(context, row)) !== configHash(version.snapshot))
        mismatches.push(`agent ${agent.id} version ${version.versionNumber} has another config hash`);
    }
    agentLabels += agent.labels.filter((label) => context.labels.get(agent.id, label.name)).length;
  }
  let mcpClientVersions = 0;
  for (const client of backup.mcpClients) {
    for (const version of client.versions) {
      const row = context.mcpClients.versionByNumber(client.id, version.versionNumber);
      if (!row) {
        if (!skipped.has(`mcp_client ${client.id} ${version.versionNumber}`))
          mismatches.push(`saved MCP client ${client.id} version ${version.versionNumber} is missing`);
        continue;
      }
      mcpClientVersions += 1;
      checked += 1;
      const stored = parseClientVersionRow(context, row);
      const hash = backup.secretsOmitted ? configHash(withoutEnv(stored.snapshot).snapshot) : stored.configHash;
      if (hash !== version.configHash)
        mismatches.push(`saved MCP client ${client.id} version ${version.versionNumber} has another config hash`);
    }
  }
  for (const integration of backup.integrations) {
    const row = context.integrationConfigs.get(integration.id);
    if (!row) mismatches.push(`integration ${integration.id} is missing`);
    else if (!sameJson(JSON.parse(row.config).document, integration.config.document))
      mismatches.push(`integration ${integration.id} holds another document`);
  }
  if (mismatches.length > 0) {
    throw new StudioError('internal_error', 'The import did not verify against the backup; nothing was written.', {
      mismatches,
    });
  }
  return {
    agents: backup.agents.length,
    agentVersions,
    agentLabels,
    mcpClients: backup.mcpClients.length,
    mcpClientVersions,
    integrations: backup.integrations.length,
    configHashesChecked: checked,
  };
}

/** `agent <id> <n>` / `mcp_client <id> <n>` of every backup version the plan skips. */
function skippedVersions(plan: { agents: AgentPlan[]; mcpClients: McpClientPlan[] }): Set<string> {
  return new Set([
    ...plan.agents.flatMap((item) => item.skippedVersionNumbers.map((n) => `agent ${item.entry.agent.id} ${n}`)),
    ...plan.mcpClients.flatMap((item) => item.skippedVersionNumbers.map((n) => `mcp_client ${item.entry.id} ${n}`)),
  ]);
}

export async function importDeployment(
  context: EditorContext,
  { body, dryRun = false, actor = defaultActor }: { body: DeploymentImportBody; dryRun?: boolean; actor?: string },
): Promise<DeploymentImportResult> {
  const check = await checkDeploymentBackup(context, body);
  if (!check.ok) {
    throw invalidInput(
      check.issues,
      `The backup has ${check.issues.length} problem(s); nothing was imported (see details.issues).`,
    );
  }
  const backup = check.backup;
  const transaction = dryRun ? rehearseTransaction : writeTransaction;
  return transaction(context.database, () => {
    const plan = planDeploymentImport(context, backup);
    const changes = [...plan.agents, ...plan.mcpClients, ...plan.integrations].map((item) => item.change);
    const count = (action: DeploymentChange['action']) => changes.filter((item) => item.action === action).length;
    const result = {
      dryRun,
      changed: changes.some((item) => item.action !== 'unchanged'),
      changes,
      summary: { created: count('create'), updated: count('update'), unchanged: count('unchanged') },
      conflicts: plan.conflicts,
      secretsLeftOut: backup.secretsLeftOut,
      upgradedFrom: backup.upgradedFrom,
    };
    if (plan.conflicts.length > 0) {
      if (dryRun) return { ...result, verification: null };
      throw new StudioError(
        'conflict',
        `${plan.conflicts.length} conflict(s) with what this deployment holds; nothing was imported (see details.conflicts).`,
        { conflicts: plan.conflicts },
      );
    }
    for (const item of plan.agents) if (item.change.action !== 'unchanged') applyAgent(context, item, actor);
    for (const item of plan.mcpClients) if (item.change.action !== 'unchanged') applyMcpClient(context, item, actor);
    for (const item of plan.integrations)
      if (item.change.action !== 'unchanged') applyIntegration(context, item, actor);
    return { ...result, verification: verify(context, backup, skippedVersions(plan)) };
  });
}
