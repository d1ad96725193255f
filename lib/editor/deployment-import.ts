/**
 * Import of a whole deployment (`POST /api/deployment/import`). The backup is checked first
 * (every problem with its path, nothing written otherwise); then, in one write transaction, the
 * plan is made against the current state, applied, and verified by counts, config hashes,
 * published versions and labels before commit. Where the target differs from the backup the
 * caller's `prefer` decides; without it the import is refused (deployment-differences.ts). A dry
 * run does the same inside a transaction that is rolled back.
 */
import { randomUUID } from 'node:crypto';
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
  type DeploymentPlan,
  type IntegrationPlan,
  type McpClientPlan,
} from './deployment-plan';
import type { DeploymentPreference } from './deployment-differences';
import type { DeploymentImportBody } from './deployment-document';
import { acceptedDifferences, verifyImport, type DeploymentVerification } from './deployment-verify';
import { holdImportedStdio } from './mcp-client-approval';
import { parseVersionRow } from './agent-version';
import { refuseUnpublishableImports } from './publish-checks';
import { mcpClientVersions } from './mcp-client-versions';
import { importTestCases } from './test-case-transfer';
import { appendVersion } from './version-writer';

export interface DeploymentImportResult {
  dryRun: boolean;
  /** True when the import wrote (or, in a dry run, would write) anything. */
  changed: boolean;
  changes: DeploymentChange[];
  summary: { created: number; updated: number; unchanged: number };
  /** Versions both sides hold with different configurations (a dry run lists them; an import refuses). */
  conflicts: Issue[];
  /** Where the target differs from the backup: settled by `prefer`, or refusing the import without it. */
  differences: Issue[];
  prefer: DeploymentPreference | null;
  /** Where the backup's secrets were left out, as paths into the backup: set them again after importing. */
  secretsLeftOut: string[];
  upgradedFrom: number | null;
  /** What this deployment holds of the backup after the import, checked before commit; null when not applied. */
  verification: DeploymentVerification | null;
}

async function applyAgent(context: EditorContext, { entry, change, versions }: AgentPlan, actor: string) {
  const { agent } = entry;
  const now = context.now();
  // A restore creates an agent's test cases with it; an agent this deployment has keeps its own.
  if (change.action === 'create') {
    await createImported(context, { agent, versions });
    await importTestCases(context, { agentId: agent.id, testCases: entry.testCases });
  } else await updateImported(context, { agent, change, versions, now });
  const { versionNumbers, labels, labelsMoved, publishedVersionNumber, unpublishes } = change;
  await recordImport(context, {
    actor,
    entity: 'agent',
    entityId: agent.id,
    details: {
      mode: 'deployment',
      created: change.action === 'create',
      versionNumbers,
      labels,
      labelsMoved,
      publishedVersionNumber,
      unpublishes,
    },
  });
}

/** An agent the target has: the versions it lacks, then its published version and labels as planned. */
async function updateImported(
  context: EditorContext,
  {
    agent,
    change,
    versions,
    now,
  }: Pick<AgentPlan, 'change' | 'versions'> & { agent: AgentPlan['entry']['agent']; now: string },
) {
  const latestBefore = (await context.agents.get(agent.id))!.latestVersionNumber;
  for (const version of versions) await writeImportedVersion(context, { agentId: agent.id, version, now });
  // A version deleted here and written again sits below the latest, which stays the latest.
  const written = versions.map((version) => version.versionNumber);
  if (Math.max(0, ...written) < latestBefore)
    await context.agents.setLatestVersionNumber({ id: agent.id, latestVersionNumber: latestBefore, updatedAt: now });
  const idOf = async (versionNumber: number) => (await context.versions.byNumber(agent.id, versionNumber))!.id;
  if (change.publishedVersionNumber !== null || change.unpublishes)
    await context.agents.setActiveVersion({
      id: agent.id,
      activeVersionId: change.unpublishes ? null : await idOf(change.publishedVersionNumber!),
      updatedAt: now,
    });
  const backupVersionOf = (name: string) => agent.labels.find((candidate) => candidate.name === name)!.versionNumber;
  for (const name of change.labels)
    await insertImportedLabel(context, { agentId: agent.id, name, versionId: await idOf(backupVersionOf(name)), now });
  for (const name of change.labelsMoved)
    await context.labels.move({
      agentId: agent.id,
      name,
      versionId: await idOf(backupVersionOf(name)),
      revisionToken: randomUUID(),
      updatedAt: now,
    });
}

async function applyMcpClient(context: EditorContext, { entry, change, versions }: McpClientPlan, actor: string) {
  const latestBefore = (await context.mcpClients.get(entry.id))?.latestVersionNumber ?? 0;
  if (change.action === 'create') {
    await context.mcpClients.insert({
      id: entry.id,
      latestVersionNumber: 0,
      authorId: entry.authorId,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      approval: 'approved',
      // Only an admin restores a deployment.
      internalAddresses: 'allowed',
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
  // A version deleted here and written again sits below the latest, which stays the latest.
  if (Math.max(0, ...versions.map((version) => version.versionNumber)) < latestBefore)
    await context.mcpClients.setLatestVersionNumber({
      id: entry.id,
      latestVersionNumber: latestBefore,
      updatedAt: context.now(),
    });
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
  const config = { ...entry.config, credentials: stored.value };
  await context.integrationConfigs.insert({
    id: entry.id,
    integration: config.type,
    config: JSON.stringify(config),
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  });
  await recordAudit(context, { actor, action: 'integration.import', entityId: entry.id });
}

/** The versions the import publishes, as written: their references are checked once everything is in. */
async function publishedByImport(context: EditorContext, agents: AgentPlan[]) {
  const published = [];
  for (const { entry, change } of agents) {
    if (change.action === 'unchanged' || change.publishedVersionNumber === null) continue;
    const row = (await context.versions.byNumber(entry.agent.id, change.publishedVersionNumber))!;
    const { snapshot } = parseVersionRow(context, row);
    published.push({ agentId: entry.agent.id, versionNumber: row.versionNumber, snapshot });
  }
  return published;
}

/** Refuses an import the target would not end up matching: conflicts always, differences without a preference. */
function refuseUnsettled(plan: DeploymentPlan, prefer: DeploymentPreference | undefined) {
  if (plan.conflicts.length > 0)
    throw new StudioError(
      'conflict',
      `${plan.conflicts.length} conflict(s) with what this deployment holds; nothing was imported (see details.conflicts).`,
      { conflicts: plan.conflicts },
    );
  if (plan.differences.length > 0 && prefer === undefined)
    throw new StudioError(
      'conflict',
      `This deployment differs from the backup in ${plan.differences.length} way(s); nothing was imported. ` +
        "Say which side wins: prefer 'backup' (make this deployment match the backup) or 'target' (keep what it has); see details.differences.",
      { differences: plan.differences },
    );
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
  const { prefer } = body;
  return context.storage.transaction(
    async () => {
      const plan = await planDeploymentImport(context, { backup, prefer });
      const changes = [...plan.agents, ...plan.mcpClients, ...plan.integrations].map((item) => item.change);
      const count = (action: DeploymentChange['action']) => changes.filter((item) => item.action === action).length;
      const result = {
        dryRun,
        changed: changes.some((item) => item.action !== 'unchanged'),
        changes,
        summary: { created: count('create'), updated: count('update'), unchanged: count('unchanged') },
        conflicts: plan.conflicts,
        differences: plan.differences,
        prefer: prefer ?? null,
        secretsLeftOut: backup.secretsLeftOut,
        upgradedFrom: backup.upgradedFrom,
      };
      if (dryRun && (plan.conflicts.length > 0 || (plan.differences.length > 0 && prefer === undefined)))
        return { ...result, verification: null };
      refuseUnsettled(plan, prefer);
      for (const item of plan.agents) if (item.change.action !== 'unchanged') await applyAgent(context, item, actor);
      for (const item of plan.mcpClients)
        if (item.change.action !== 'unchanged') await applyMcpClient(context, item, actor);
      for (const item of plan.integrations)
        if (item.change.action !== 'unchanged') await applyIntegration(context, item, actor);
      await refuseUnpublishableImports(context, await publishedByImport(context, plan.agents));
      // Always one row, also for a backup that brought nothing: a restored database is never seeded (lib/seed.ts).
      await recordAudit(context, {
        actor,
        action: 'deployment.import',
        entityId: 'deployment',
        details: { summary: result.summary, prefer: result.prefer, differences: plan.differences.length },
      });
      return { ...result, verification: await verifyImport(context, backup, acceptedDifferences(plan)) };
    },
    { rehearse: dryRun },
  );
}
