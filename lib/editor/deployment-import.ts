/**
 * Import of a whole deployment (`POST /api/deployment/import`). The backup is checked first
 * (every problem with its path, nothing written otherwise); then, in one write transaction, the
 * plan is made against the current state, applied, and verified by counts and config hashes
 * before commit. A dry run does the same inside a transaction that is rolled back.
 */
import { invalidInput, StudioError, type Issue } from '../errors';
import { credentialsToStore } from '../integrations';
import { createImported, insertImportedLabel, writeImportedVersion } from './agent-transfer';
import { recordAudit, recordImport } from './audit';
import { defaultActor, type EditorContext } from './context';
import { checkDeploymentBackup } from './deployment-check';
import {
  planDeploymentImport,
  type AgentPlan,
  type DeploymentChange,
  type IntegrationPlan,
  type McpClientPlan,
} from './deployment-plan';
import type { DeploymentImportBody } from './deployment-document';
import { skippedVersions, verifyImport, type DeploymentVerification } from './deployment-verify';
import { holdImportedStdio } from './mcp-client-approval';
import { mcpClientVersions } from './mcp-client-versions';
import { appendVersion } from './version-writer';

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

async function applyAgent(context: EditorContext, { entry, change, versions }: AgentPlan, actor: string) {
  const { agent } = entry;
  const now = context.now();
  if (change.action === 'create') {
    await createImported(context, { agent, versions });
  } else {
    for (const version of versions) await writeImportedVersion(context, { agentId: agent.id, version, now });
    const idOf = async (versionNumber: number) => (await context.versions.byNumber(agent.id, versionNumber))!.id;
    if (change.publishedVersionNumber !== null)
      await context.agents.setActiveVersion({
        id: agent.id,
        activeVersionId: await idOf(change.publishedVersionNumber),
        updatedAt: now,
      });
    for (const name of change.labels) {
      const label = agent.labels.find((candidate) => candidate.name === name)!;
      await insertImportedLabel(context, {
        agentId: agent.id,
        name,
        versionId: await idOf(label.versionNumber),
        now,
      });
    }
  }
  const { versionNumbers, labels, publishedVersionNumber } = change;
  await recordImport(context, {
    actor,
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

async function applyMcpClient(context: EditorContext, { entry, change, versions }: McpClientPlan, actor: string) {
  if (change.action === 'create') {
    await context.mcpClients.insert({
      id: entry.id,
      latestVersionNumber: 0,
      authorId: entry.authorId,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      approval: 'approved',
    });
  }
  // A backup is not trusted either: a stdio server it brings waits for an admin's approval.
  await holdImportedStdio(context, { clientId: entry.id, snapshots: versions.map((version) => version.snapshot) });
  for (const version of versions) {
    await appendVersion(context, mcpClientVersions, {
      ownerId: entry.id,
      versionNumber: version.versionNumber,
      snapshot: version.snapshot,
      changedFields: version.changedFields,
      changeMessage: version.changeMessage,
      actor: version.authorId,
      createdAt: version.createdAt,
    });
  }
  await recordImport(context, {
    actor,
    entity: 'mcp_client',
    entityId: entry.id,
    details: { created: change.action === 'create', versionNumbers: change.versionNumbers },
  });
}

async function applyIntegration(context: EditorContext, { entry }: IntegrationPlan, actor: string) {
  // Encrypted bound to this integration's row; with nothing stored, no mask can stand for a secret.
  const stored = credentialsToStore({
    given: entry.config.credentials,
    stored: undefined,
    key: context.secretsKey,
    integrationId: entry.id,
    sameDestination: false,
  });
  if (!stored.ok) throw invalidInput(stored.issues);
  const config = { ...entry.config, ...(stored.value ? { credentials: stored.value } : {}) };
  await context.integrationConfigs.insert({
    id: entry.id,
    integration: config.type,
    config: JSON.stringify(config),
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  });
  await recordAudit(context, { actor, action: 'integration.import', entityId: entry.id });
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
  const backup = check.value;
  return context.storage.transaction(
    async () => {
      const plan = await planDeploymentImport(context, backup);
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
      for (const item of plan.agents) if (item.change.action !== 'unchanged') await applyAgent(context, item, actor);
      for (const item of plan.mcpClients)
        if (item.change.action !== 'unchanged') await applyMcpClient(context, item, actor);
      for (const item of plan.integrations)
        if (item.change.action !== 'unchanged') await applyIntegration(context, item, actor);
      return { ...result, verification: await verifyImport(context, backup, skippedVersions(plan)) };
    },
    { rehearse: dryRun },
  );
}
