/**
 * The checks of a backup's saved MCP clients and integration configs: the same as a save (snapshot
 * schema, stdio allow-list, OpenAPI document), sealed secrets opened (or dropped), and each
 * version's `configHash` against its snapshot without secrets (see `backupConfigHash`). Problems are pushed to `issues` with their paths.
 */
import { issuesFromZod, type Issue } from '../errors';
import {
  integrationConfigInputSchema,
  loadOpenApiDocument,
  serverUrlCredentialIssues,
  type IntegrationConfigInput,
  type StoredIntegrationConfig,
} from '../integrations';
import { stdioServerViolations, type StdioPolicy } from '../mcp/stdio-rules';
import { configHash } from '../versions';
import type { EditorContext } from './context';
import type { BackupMcpClient, DeploymentDocument } from './deployment-document';
import {
  backupConfigHash,
  backupUrlsOpened,
  integrationConfigFromBackup,
  mcpSnapshotFromBackup,
  withoutSecrets,
  type SecretsOnImport,
  sealedUrlPaths,
} from './deployment-secrets';
import { mcpClientSnapshotSchema, type McpClientSnapshot } from '../schemas/mcp-client-snapshot';

export interface CheckedBackupMcpClient extends Omit<BackupMcpClient, 'versions'> {
  versions: Array<Omit<BackupMcpClient['versions'][number], 'snapshot'> & { snapshot: McpClientSnapshot }>;
}

export interface CheckedBackupIntegration {
  id: string;
  /** Credentials in clear (encrypted with the target's key when written), or left out. */
  config: IntegrationConfigInput;
  createdAt: string;
  updatedAt: string;
}

interface SourceCheck {
  document: DeploymentDocument;
  /** The stdio rules in force: the settings and the stored launch specs (./stdio-launch-specs `stdioPolicyInForce`). */
  stdioPolicy: StdioPolicy;
  /** How secrets come in; undefined when the passphrase failed (secrets are then not looked at). */
  secrets: SecretsOnImport | undefined;
  issues: Issue[];
  secretsLeftOut: string[];
}

/** The entries whose key an earlier entry already had. */
export const repeatedKeys = <T>(items: T[], keyOf: (item: T) => string | number) => {
  const seen = new Set<string | number>();
  return items.flatMap((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) return [{ index, key }];
    seen.add(key);
    return [];
  });
};

export function checkBackupMcpClients(
  context: EditorContext,
  { document, stdioPolicy, secrets, issues, secretsLeftOut }: SourceCheck,
): CheckedBackupMcpClient[] {
  const sealed = document.secrets.mode === 'sealed';
  for (const { index, key } of repeatedKeys(document.mcpClients, (client) => client.id))
    issues.push({ path: `mcpClients.${index}.id`, message: `Saved MCP client "${key}" appears twice` });
  return document.mcpClients.map((client, clientIndex) => {
    for (const { index, key } of repeatedKeys(client.versions, (version) => version.versionNumber))
      issues.push({
        path: `mcpClients.${clientIndex}.versions.${index}.versionNumber`,
        message: `Version ${key} appears twice`,
      });
    const versions = client.versions.map((version, versionIndex) => {
      const prefix = `mcpClients.${clientIndex}.versions.${versionIndex}`;
      for (const path of version.omittedSecrets ?? []) secretsLeftOut.push(`${prefix}.snapshot.${path}`);
      const urls =
        secrets === undefined
          ? { snapshot: version.snapshot, issues: [] }
          : backupUrlsOpened({ snapshot: version.snapshot, secrets, sealed, prefix: `${prefix}.snapshot` });
      issues.push(...urls.issues);
      const parsed = mcpClientSnapshotSchema.safeParse(urls.snapshot);
      if (!parsed.success) {
        // A URL that could not be opened is already explained; the schema would only add that it is no URL.
        const explained = new Set([
          ...urls.issues.map((issue) => issue.path),
          ...(secrets === undefined ? sealedUrlPaths(version.snapshot, `${prefix}.snapshot`) : []),
        ]);
        const schemaIssues = issuesFromZod(parsed.error, [...prefix.split('.'), 'snapshot']);
        issues.push(...schemaIssues.filter((issue) => !explained.has(issue.path)));
        return { ...version, snapshot: version.snapshot as McpClientSnapshot };
      }
      for (const [server, config] of Object.entries(parsed.data.servers)) {
        if (config.type !== 'stdio') continue;
        for (const violation of stdioServerViolations({ server: config, policy: stdioPolicy }))
          issues.push({
            path: `${prefix}.snapshot.servers.${server}.${violation.rule === 'command' ? 'command' : `env.${violation.variable}`}`,
            message: violation.message,
          });
      }
      if (secrets === undefined) return { ...version, snapshot: parsed.data };
      const opened = mcpSnapshotFromBackup({
        snapshot: parsed.data,
        secrets,
        sealed,
        prefix: `${prefix}.snapshot`,
      });
      issues.push(...opened.issues);
      const unopened = urls.issues.length + opened.issues.length > 0;
      const dropped = sealed && secrets.mode === 'omit';
      if (dropped)
        secretsLeftOut.push(...withoutSecrets(parsed.data).omitted.map((path) => `${prefix}.snapshot.${path}`));
      // Format 1 hashed the snapshot with its secrets in clear (testable against guesses by anyone
      // holding the file); later formats hash it without them.
      const expected =
        document.formatVersion === 1
          ? dropped
            ? version.configHash
            : configHash(opened.snapshot)
          : backupConfigHash(opened.snapshot);
      if (!unopened && expected !== version.configHash) {
        issues.push({
          path: `${prefix}.configHash`,
          message: 'Does not match the snapshot: the file was edited or damaged',
        });
      }
      return { ...version, snapshot: opened.snapshot, configHash: configHash(opened.snapshot) };
    });
    return { ...client, versions };
  });
}

export async function checkBackupIntegrations(
  context: EditorContext,
  { document, secrets, issues, secretsLeftOut }: Omit<SourceCheck, 'stdioPolicy'>,
): Promise<CheckedBackupIntegration[]> {
  const sealed = document.secrets.mode === 'sealed';
  for (const { index, key } of repeatedKeys(document.integrations, (integration) => integration.id))
    issues.push({ path: `integrations.${index}.id`, message: `Integration "${key}" appears twice` });
  const checked: CheckedBackupIntegration[] = [];
  for (const [index, integration] of document.integrations.entries()) {
    const prefix = `integrations.${index}.config`;
    for (const path of integration.omittedSecrets ?? []) secretsLeftOut.push(`${prefix}.${path}`);
    if (context.codeIntegrationIds.includes(integration.id)) {
      issues.push({
        path: `integrations.${index}.id`,
        message: `"${integration.id}" is defined in code on this deployment; a stored config cannot replace it`,
      });
    }
    const parsed = integrationConfigInputSchema.safeParse(integration.config);
    if (!parsed.success) {
      issues.push(...issuesFromZod(parsed.error, ['integrations', index, 'config']));
      continue;
    }
    const loaded = await loadOpenApiDocument({
      document: parsed.data.document,
      prefix: ['integrations', String(index), 'config', 'document'],
    });
    if (!loaded.ok) issues.push(...loaded.issues);
    issues.push(...serverUrlCredentialIssues({ document: parsed.data.document, prefix: `${prefix}.` }));
    let config: StoredIntegrationConfig = parsed.data;
    if (secrets !== undefined) {
      const opened = integrationConfigFromBackup({ config, secrets, sealed, prefix });
      issues.push(...opened.issues);
      if (sealed && secrets.mode === 'omit' && config.credentials) secretsLeftOut.push(`${prefix}.credentials`);
      config = opened.config;
    }
    checked.push({ id: integration.id, config, createdAt: integration.createdAt, updatedAt: integration.updatedAt });
  }
  return checked;
}
