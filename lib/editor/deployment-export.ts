/**
 * Export of a whole deployment (`POST /api/deployment/export`): every agent with every version,
 * its labels and published version; every saved MCP client with its versions; every stored
 * integration config. Read in one transaction, so the backup is one consistent moment.
 */
import { currentSnapshotSchemaVersion } from '../snapshots';
import { definedFields } from '../defined-fields';
import { invalidInput, StudioError } from '../errors';
import { decryptCredentials, type StoredIntegrationConfig } from '../integrations';
import type { McpClientVersionRow } from '../../db/queries';
import {
  derivePassphraseKey,
  newPassphraseKdf,
  sealSecret,
  SecretDecryptionError,
  type PassphraseKey,
} from '../secrets';
import { studioVersion } from '../version';
import { exportAgent } from './agent-transfer';
import { recordAudit } from './audit';
import { defaultActor, type EditorContext } from './context';
import type { ExportDocument } from './export-document';
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
import {
  isUrlPath,
  parseClientVersionRow,
  readClientVersionRow,
  readClientVersionWithoutSecrets,
} from './mcp-client-versions';

/** What the backup's `check` value seals: opening it proves the passphrase before any secret is touched. */
export const sealCheckText = 'agent-studio deployment backup';

const pageSize = 500;

async function allIds(
  list: (request: { afterId: string; limit: number }) => Promise<Array<{ id: string }>>,
): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const page = await list({ afterId: ids.at(-1) ?? '', limit: pageSize });
    ids.push(...page.map((row) => row.id));
    if (page.length < pageSize) return ids;
  }
}

/** A stored integration config as it is, its credential secret still encrypted with this studio's key. */
async function storedIntegrationConfig(
  context: EditorContext,
  id: string,
): Promise<StoredIntegrationConfig | undefined> {
  const row = await context.integrationConfigs.get(id);
  return row ? (JSON.parse(row.config) as StoredIntegrationConfig) : undefined;
}

/** The config with its credential secret decrypted, to seal it; a 503 naming it when this key cannot read it. */
function decryptedIntegrationConfig(
  context: EditorContext,
  id: string,
  config: StoredIntegrationConfig,
): StoredIntegrationConfig {
  if (!config.credentials) return config;
  try {
    return {
      ...config,
      credentials: decryptCredentials({ credentials: config.credentials, key: context.secretsKey, integrationId: id }),
    };
  } catch (error) {
    if (!(error instanceof SecretDecryptionError)) throw error;
    throw new StudioError(
      'unavailable',
      `The credentials of integration "${id}" cannot be read with this SECRETS_KEY: they were stored with another one. ` +
        'Start the studio with the SECRETS_KEY that stored them, enter them again, or export without secrets.',
      { integrationId: id },
      { cause: error },
    );
  }
}

/**
 * A client version as the backup carries it: sealed needs every secret read; left out, only a URL
 * with credentials must be read (it is stored encrypted whole), not the `env` values dropped anyway.
 */
function mcpVersionForBackup(context: EditorContext, row: McpClientVersionRow, secrets: SecretsOnExport) {
  return secrets.mode === 'seal' ? parseClientVersionRow(context, row) : readClientVersionWithoutSecrets(context, row);
}

/**
 * How many secrets the deployment holds (every version of every saved client, every integration),
 * counted without decrypting: a secret stored with another key is still one to seal or leave out.
 */
async function countSecrets(context: EditorContext): Promise<number> {
  let count = 0;
  for (const id of await allIds((request) => context.mcpClients.list(request))) {
    for (const row of await context.mcpClients.allVersions(id)) {
      const { version, unreadable } = readClientVersionRow(context, row);
      // An unreadable URL is the bare mask, which has no credentials to count; an unreadable env value still counts.
      count += countMcpSecrets(version.snapshot) + unreadable.filter(isUrlPath).length;
    }
  }
  for (const { id } of await context.integrationConfigs.stamps()) {
    if ((await storedIntegrationConfig(context, id))?.credentials) count += 1;
  }
  return count;
}

async function readDeployment(
  context: EditorContext,
  secrets: SecretsOnExport,
): Promise<Omit<DeploymentDocument, 'format' | 'formatVersion' | 'secrets' | 'exportedAt' | 'studioVersion'>> {
  const agents: Array<Pick<ExportDocument, 'agent' | 'versions' | 'testCases'>> = [];
  for (const id of await allIds((request) => context.agents.listSummaries(request))) {
    const { agent, versions, testCases } = await exportAgent(context, { id });
    agents.push(definedFields({ agent, versions, testCases }));
  }

  const mcpClients: BackupMcpClient[] = [];
  for (const id of await allIds((request) => context.mcpClients.list(request))) {
    const record = (await context.mcpClients.get(id))!;
    const versions = (await context.mcpClients.allVersions(id)).map((row) => {
      const version = mcpVersionForBackup(context, row, secrets);
      const { snapshot, omitted } = mcpSnapshotForBackup(version.snapshot, secrets);
      return definedFields({
        versionNumber: version.versionNumber,
        schemaVersion: 1 as const,
        snapshot,
        configHash: backupConfigHash(version.snapshot),
        changedFields: version.changedFields,
        changeMessage: version.changeMessage,
        authorId: version.authorId,
        createdAt: version.createdAt,
        omittedSecrets: omitted.length > 0 ? omitted : undefined,
      });
    });
    mcpClients.push({
      id,
      authorId: record.authorId,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      versions,
    });
  }

  const integrations: BackupIntegration[] = [];
  for (const { id } of await context.integrationConfigs.stamps()) {
    const row = (await context.integrationConfigs.get(id))!;
    const stored = (await storedIntegrationConfig(context, id))!;
    const { config, omitted } = integrationConfigForBackup(
      secrets.mode === 'seal' ? decryptedIntegrationConfig(context, id, stored) : stored,
      secrets,
    );
    integrations.push(
      definedFields({
        id,
        config,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        omittedSecrets: omitted.length > 0 ? omitted : undefined,
      }),
    );
  }

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
  { actor = defaultActor }: { actor?: string } = {},
): Promise<DeploymentDocument> {
  // Each read runs in one transaction: what it reads is one consistent moment. Storage calls and
  // sealing only (the passphrase key is derived outside, between the two).
  const read = <T>(work: () => Promise<T>): Promise<T> => context.storage.transaction(work);
  if (options.passphrase === undefined && options.withoutSecrets !== true) {
    const count = await read(() => countSecrets(context));
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
  const content = await read(async () => {
    const read = await readDeployment(context, key ? { mode: 'seal', key } : { mode: 'omit' });
    // Secrets leaving the deployment, even sealed, are an admin's act on the record (spec, "Secrets").
    if (key)
      await recordAudit(context, {
        actor,
        action: 'deployment.export_secrets',
        entityId: 'deployment',
        details: { secrets: 'sealed', counts: read.counts },
      });
    return read;
  });
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
