/**
 * Secrets in a deployment backup: saved MCP client `env` values and integration credential
 * secrets. On export each is sealed with the passphrase key or left out (its place recorded); on
 * import each sealed value is opened and later re-encrypted with the target's own key. A value in
 * clear is never written to a backup and never accepted from one.
 */
import type { Issue } from '../errors';
import {
  credentialSecretPath,
  mapCredentialSecret,
  type OpenApiCredentials,
  type StoredIntegrationConfig,
} from '../integrations';
import { isSealedSecret, openSealedSecret, sealSecret, SecretDecryptionError, type PassphraseKey } from '../secrets';
import { mapEnv } from './mcp-client-secrets';
import type { McpClientSnapshot, McpServerConfig } from './mcp-client-snapshot';

/** On export: seal every secret with the key, or leave every secret out. */
export type SecretsOnExport = { mode: 'seal'; key: PassphraseKey } | { mode: 'omit' };

/** On import: open sealed secrets with the key, or drop them (the backup left them out, or the caller asks). */
export type SecretsOnImport = { mode: 'open'; key: PassphraseKey } | { mode: 'omit' };

export function countMcpSecrets(snapshot: McpClientSnapshot): number {
  let count = 0;
  mapEnv(snapshot, (value) => {
    count += 1;
    return value;
  });
  return count;
}

/** The snapshot without `env` values, and where each one was. */
export function withoutEnv(snapshot: McpClientSnapshot): { snapshot: McpClientSnapshot; omitted: string[] } {
  const omitted: string[] = [];
  const servers: Record<string, McpServerConfig> = {};
  for (const [name, server] of Object.entries(snapshot.servers)) {
    if (server.type !== 'stdio' || server.env === undefined) {
      servers[name] = server;
      continue;
    }
    const { env, ...rest } = server;
    omitted.push(...Object.keys(env).map((variable) => `servers.${name}.env.${variable}`));
    servers[name] = rest;
  }
  return { snapshot: { ...snapshot, servers }, omitted };
}

export function mcpSnapshotForBackup(
  snapshot: McpClientSnapshot,
  secrets: SecretsOnExport,
): { snapshot: McpClientSnapshot; omitted: string[] } {
  if (secrets.mode === 'omit') return withoutEnv(snapshot);
  return { snapshot: mapEnv(snapshot, (plaintext) => sealSecret({ key: secrets.key, plaintext })), omitted: [] };
}

function openOne({
  value,
  key,
  path,
  issues,
}: {
  value: string;
  key: PassphraseKey;
  path: string;
  issues: Issue[];
}): string {
  if (!isSealedSecret(value)) {
    issues.push({ path, message: 'A secret in a backup must be sealed ("sealed:v1:..."); this one is not' });
    return value;
  }
  try {
    return openSealedSecret({ key, value });
  } catch (error) {
    if (!(error instanceof SecretDecryptionError)) throw error;
    issues.push({
      path,
      message: 'This sealed secret does not open with the passphrase (damaged or sealed with another)',
    });
    return value;
  }
}

/** The snapshot as it will be stored: sealed values opened, or `env` left out. Issues carry `prefix`. */
export function mcpSnapshotFromBackup({
  snapshot,
  secrets,
  sealed,
  prefix,
}: {
  snapshot: McpClientSnapshot;
  secrets: SecretsOnImport;
  /** Whether the backup says its secrets are sealed (otherwise it says they were left out). */
  sealed: boolean;
  prefix: string;
}): { snapshot: McpClientSnapshot; issues: Issue[] } {
  const issues: Issue[] = [];
  if (!sealed) {
    mapEnv(snapshot, (_value, server, variable) => {
      issues.push({
        path: `${prefix}.servers.${server}.env.${variable}`,
        message: 'The backup says its secrets were left out, yet this one is here',
      });
      return '';
    });
    return { snapshot, issues };
  }
  if (secrets.mode === 'omit') return { snapshot: withoutEnv(snapshot).snapshot, issues };
  const opened = mapEnv(snapshot, (value, server, variable) =>
    openOne({ value, key: secrets.key, path: `${prefix}.servers.${server}.env.${variable}`, issues }),
  );
  return { snapshot: opened, issues };
}

/** A stored integration config (credentials decrypted) as the backup carries it. */
export function integrationConfigForBackup(
  config: StoredIntegrationConfig,
  secrets: SecretsOnExport,
): { config: StoredIntegrationConfig; omitted: string[] } {
  if (!config.credentials) return { config, omitted: [] };
  if (secrets.mode === 'omit') {
    const { credentials, ...rest } = config;
    return { config: rest, omitted: [credentialSecretPath(credentials)] };
  }
  const credentials = mapCredentialSecret(config.credentials, (plaintext) =>
    sealSecret({ key: secrets.key, plaintext }),
  );
  return { config: { ...config, credentials }, omitted: [] };
}

/** The config with its credential secret opened (still to be encrypted with the target's key), or dropped. */
export function integrationConfigFromBackup({
  config,
  secrets,
  sealed,
  prefix,
}: {
  config: StoredIntegrationConfig;
  secrets: SecretsOnImport;
  sealed: boolean;
  prefix: string;
}): { config: StoredIntegrationConfig; issues: Issue[] } {
  const issues: Issue[] = [];
  const credentials: OpenApiCredentials | undefined = config.credentials;
  if (!credentials) return { config, issues };
  const path = `${prefix}.${credentialSecretPath(credentials)}`;
  if (!sealed) {
    issues.push({ path, message: 'The backup says its secrets were left out, yet this one is here' });
    return { config, issues };
  }
  if (secrets.mode === 'omit') {
    const { credentials: _dropped, ...rest } = config;
    return { config: rest, issues };
  }
  const opened = mapCredentialSecret(credentials, (value) => openOne({ value, key: secrets.key, path, issues }));
  return { config: { ...config, credentials: opened }, issues };
}
