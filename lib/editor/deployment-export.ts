/**
 * Export of a whole deployment (`POST /api/deployment/export`): every agent with every version,
 * its labels and published version; every saved MCP client with its versions; every stored
 * integration config. Read in one read transaction, so the backup is one consistent moment.
 */
import { currentSnapshotSchemaVersion } from '../snapshots';
import { invalidInput } from '../errors';
import { decryptCredentials, type StoredIntegrationConfig } from '../integrations';
import { derivePassphraseKey, newPassphraseKdf, sealSecret, type PassphraseKey } from '../secrets';
import { studioVersion } from '../version';
import { exportAgent } from './agent-transfer';
import type { EditorContext } from './context';
import {
  backupConfigHash,
  countMcpSecrets,
  integrationConfigForBackup,
  mcpSnapshotForBackup,
  type SecretsOnExport,
} from './deployment-secrets';
import {
  currentDeploymentFormatVersion,
  deploymentFormat,
  type BackupIntegration,
  type BackupMcpClient,
  type DeploymentDocument,
  type DeploymentExportOptions,
} from './deployment-document';
import { parseClientVersionRow } from './mcp-client-versions';

/** What the backup's `check` value seals: opening it proves the passphrase before any secret is touched. */
export const sealCheckText = 'agent-studio deployment backup';

const pageSize = 500;

function allIds(list: (request: { afterId: string; limit: number }) => Array<{ id: string }>): string[] {
  const ids: string[] = [];
  for (;;) {
    const page = list({ afterId: ids.at(-1) ?? '', limit: pageSize });
    ids.push(...page.map((row) => row.id));
    if (page.length < pageSize) return ids;
  }
}

function storedIntegrationConfig(context: EditorContext, id: string): StoredIntegrationConfig | undefined {
  const row = context.integrationConfigs.get(id);
  if (!row) return undefined;
  const config = JSON.parse(row.config) as StoredIntegrationConfig;
  return config.credentials
    ? {
        ...config,
        credentials: decryptCredentials({
          credentials: config.credentials,
          key: context.secretsKey,
          integrationId: id,
        }),
      }
    : config;
}

/** How many secrets the deployment holds (every version of every saved client, every integration). */
function countSecrets(context: EditorContext): number {
  let count = 0;
  for (const id of allIds((request) => context.mcpClients.list(request))) {
    for (const row of context.mcpClients.allVersions(id))
      count += countMcpSecrets(parseClientVersionRow(context, row).snapshot);
  }
  for (const { id } of context.integrationConfigs.stamps()) {
    if (storedIntegrationConfig(context, id)?.credentials) count += 1;
  }
  return count;
}

function readDeployment(
  context: EditorContext,
  secrets: SecretsOnExport,
): Omit<DeploymentDocument, 'format' | 'formatVersion' | 'secrets' | 'exportedAt' | 'studioVersion'> {
  const agents = allIds((request) => context.agents.listSummaries(request)).map((id) => {
    const { agent, versions } = exportAgent(context, { id });
    return { agent, versions };
  });

  const mcpClients: BackupMcpClient[] = allIds((request) => context.mcpClients.list(request)).map((id) => {
    const record = context.mcpClients.get(id)!;
    const versions = context.mcpClients.allVersions(id).map((row) => {
      const version = parseClientVersionRow(context, row);
      const { snapshot, omitted } = mcpSnapshotForBackup(version.snapshot, secrets);
      return {
        versionNumber: version.versionNumber,
        schemaVersion: 1 as const,
        snapshot,
        configHash: backupConfigHash(version.snapshot),
        changedFields: version.changedFields,
        changeMessage: version.changeMessage,
        authorId: version.authorId,
        createdAt: version.createdAt,
        ...(omitted.length > 0 ? { omittedSecrets: omitted } : {}),
      };
    });
    return { id, authorId: record.authorId, createdAt: record.createdAt, updatedAt: record.updatedAt, versions };
  });

  const integrations: BackupIntegration[] = context.integrationConfigs.stamps().map(({ id }) => {
    const row = context.integrationConfigs.get(id)!;
    const { config, omitted } = integrationConfigForBackup(storedIntegrationConfig(context, id)!, secrets);
    return {
      id,
      config,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      ...(omitted.length > 0 ? { omittedSecrets: omitted } : {}),
    };
  });

  return {
    schemaVersion: currentSnapshotSchemaVersion,
    agents,
    mcpClients,
    integrations,
    counts: {
      agents: agents.length,
      agentVersions: agents.reduce((sum, entry) => sum + entry.versions.length, 0),
      agentLabels: agents.reduce((sum, entry) => sum + entry.agent.labels.length, 0),
      mcpClients: mcpClients.length,
      mcpClientVersions: mcpClients.reduce((sum, client) => sum + client.versions.length, 0),
      integrations: integrations.length,
    },
  };
}

export async function exportDeployment(
  context: EditorContext,
  options: DeploymentExportOptions,
): Promise<DeploymentDocument> {
  const read = <T>(work: () => T): T => context.database.sqlite.transaction(work).deferred();
  if (options.passphrase === undefined && options.withoutSecrets !== true) {
    const count = read(() => countSecrets(context));
    if (count > 0) {
      throw invalidInput(
        [
          {
            path: 'passphrase',
            message: `This deployment holds ${count} secret(s): give a passphrase to seal them for the target, or withoutSecrets: true to leave them out`,
          },
        ],
        `This deployment holds ${count} secret(s) (saved MCP client env values, integration credentials): give a passphrase to seal them, or leave them out.`,
      );
    }
  }
  let key: PassphraseKey | undefined;
  let secretsSection: DeploymentDocument['secrets'] = { mode: 'omitted' };
  if (options.passphrase !== undefined) {
    const kdf = newPassphraseKdf();
    key = await derivePassphraseKey({ passphrase: options.passphrase, kdf });
    secretsSection = {
      mode: 'sealed',
      cipher: 'aes-256-gcm',
      kdf,
      check: sealSecret({ key, plaintext: sealCheckText }),
    };
  }
  const content = read(() => readDeployment(context, key ? { mode: 'seal', key } : { mode: 'omit' }));
  return {
    format: deploymentFormat,
    formatVersion: currentDeploymentFormatVersion,
    schemaVersion: content.schemaVersion,
    exportedAt: context.now(),
    studioVersion,
    secrets: secretsSection,
    agents: content.agents,
    mcpClients: content.mcpClients,
    integrations: content.integrations,
    counts: content.counts,
  };
}
