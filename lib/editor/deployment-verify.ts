/**
 * The check a deployment import makes before it commits: every backup version it wrote or found is
 * compared with the backup by config hash, every agent's published version and labels with the
 * backup's, and what the deployment now holds of the backup is counted. Any difference the caller
 * did not choose to keep (`prefer: 'target'`) throws, which rolls the import's transaction back.
 */
import { StudioError } from '../errors';
import { configHash, sameJson } from '../versions';
import { currentConfigHash } from './agent-transfer';
import { parseVersionRow } from './agent-version';
import type { EditorContext } from './context';
import type { CheckedBackup } from './deployment-check';
import { labelPointerKey, publishedPointerKey } from './deployment-differences';
import type { AgentPlan, McpClientPlan } from './deployment-plan';
import { comparableConfigHash } from './deployment-secrets';
import { parseClientVersionRow } from './mcp-client-versions';

export interface DeploymentVerification {
  agents: number;
  agentVersions: number;
  agentLabels: number;
  mcpClients: number;
  mcpClientVersions: number;
  integrations: number;
  /** How many stored configurations were compared with the backup's hashes. */
  configHashesChecked: number;
  /** Differences from the backup this deployment keeps by choice (`prefer: 'target'`); 0: it matches the backup. */
  differencesKept: number;
}

/** An agent's published version and labels against the backup's, each difference not kept by choice a mismatch. */
async function checkPointers(
  context: EditorContext,
  { agent }: CheckedBackup['agents'][number],
  accepted: Set<string>,
): Promise<string[]> {
  const mismatches: string[] = [];
  const kept = (what: string) => accepted.has(`agent ${agent.id} ${what}`);
  const published = (await context.versions.active(agent.id))?.versionNumber ?? null;
  if (published !== agent.activeVersionNumber && !kept(publishedPointerKey))
    mismatches.push(
      `agent ${agent.id} publishes ${published ?? 'nothing'}, the backup ${agent.activeVersionNumber ?? 'nothing'}`,
    );
  for (const label of agent.labels) {
    const stored = await context.labels.get(agent.id, label.name);
    if (stored?.versionNumber !== label.versionNumber && !kept(labelPointerKey(label.name)))
      mismatches.push(`agent ${agent.id} label ${label.name} is not on version ${label.versionNumber}`);
  }
  return mismatches;
}

/** Compares what is now stored with the backup; any difference aborts the transaction. */
export async function verifyImport(
  context: EditorContext,
  backup: CheckedBackup,
  accepted: Set<string>,
): Promise<DeploymentVerification> {
  const mismatches: string[] = [];
  let checked = 0;
  let agentVersions = 0;
  let agentLabels = 0;
  for (const entry of backup.agents) {
    const { agent, versions } = entry;
    if (!(await context.agents.get(agent.id))) mismatches.push(`agent ${agent.id} is missing`);
    mismatches.push(...(await checkPointers(context, entry, accepted)));
    for (const version of versions) {
      const row = await context.versions.byNumber(agent.id, version.versionNumber);
      if (!row) {
        if (!accepted.has(`agent ${agent.id} version ${version.versionNumber}`))
          mismatches.push(`agent ${agent.id} version ${version.versionNumber} is missing`);
        continue;
      }
      agentVersions += 1;
      checked += 1;
      if (currentConfigHash(parseVersionRow(context, row)) !== configHash(version.snapshot))
        mismatches.push(`agent ${agent.id} version ${version.versionNumber} has another config hash`);
    }
    for (const label of agent.labels) if (await context.labels.get(agent.id, label.name)) agentLabels += 1;
  }
  let mcpClientVersions = 0;
  for (const client of backup.mcpClients) {
    for (const version of client.versions) {
      const row = await context.mcpClients.versionByNumber(client.id, version.versionNumber);
      if (!row) {
        if (!accepted.has(`mcp_client ${client.id} version ${version.versionNumber}`))
          mismatches.push(`saved MCP client ${client.id} version ${version.versionNumber} is missing`);
        continue;
      }
      mcpClientVersions += 1;
      checked += 1;
      const stored = parseClientVersionRow(context, row);
      const hash = comparableConfigHash(stored.snapshot, backup.secretsOmitted);
      if (hash !== version.configHash)
        mismatches.push(`saved MCP client ${client.id} version ${version.versionNumber} has another config hash`);
    }
  }
  for (const integration of backup.integrations) {
    const row = await context.integrationConfigs.get(integration.id);
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
    differencesKept: accepted.size,
  };
}

/**
 * The differences the plan keeps by choice, as `agent <id> version <n>`, `agent <id> published`,
 * `agent <id> label <name>` and `mcp_client <id> version <n>`.
 */
export function acceptedDifferences(plan: { agents: AgentPlan[]; mcpClients: McpClientPlan[] }): Set<string> {
  return new Set([
    ...plan.agents.flatMap((item) => [
      ...item.skippedVersionNumbers.map((n) => `agent ${item.entry.agent.id} version ${n}`),
      ...item.keptPointers.map((what) => `agent ${item.entry.agent.id} ${what}`),
    ]),
    ...plan.mcpClients.flatMap((item) =>
      item.skippedVersionNumbers.map((n) => `mcp_client ${item.entry.id} version ${n}`),
    ),
  ]);
}
