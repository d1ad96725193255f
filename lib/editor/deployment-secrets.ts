/**
 * Secrets in a deployment backup: saved MCP client `env` values, HTTP URLs that carry credentials
 * and integration credential secrets. On export each is sealed with the passphrase key or left out (its place recorded); on
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
import {
  hasUrlCredentials,
  isSealedSecret,
  openSealedSecret,
  sealSecret,
  SecretDecryptionError,
  stripUrlCredentials,
  type PassphraseKey,
} from '../secrets';
import { configHash } from '../versions';
import { isRecord } from '../is-record';
import { mapSecrets } from './mcp-client-secrets';
import type { McpClientSnapshot, McpServerConfig } from '../schemas/mcp-client-snapshot';

/** On export: seal every secret with the key, or leave every secret out. */
export type SecretsOnExport = { mode: 'seal'; key: PassphraseKey } | { mode: 'omit' };

/** On import: open sealed secrets with the key, or drop them (the backup left them out, or the caller asks). */
export type SecretsOnImport = { mode: 'open'; key: PassphraseKey } | { mode: 'omit' };

export function countMcpSecrets(snapshot: McpClientSnapshot): number {
  let count = 0;
  mapSecrets(snapshot, {
    env: (value) => {
      count += 1;
      return value;
    },
    url: (url) => {
      if (hasUrlCredentials(url) || isSealedSecret(url)) count += 1;
      return url;
    },
  });
  return count;
}

/** The snapshot without `env` values and URL credentials, and where each one was. */
export function withoutSecrets(snapshot: McpClientSnapshot): { snapshot: McpClientSnapshot; omitted: string[] } {
  const omitted: string[] = [];
  const servers: Record<string, McpServerConfig> = {};
  for (const [name, server] of Object.entries(snapshot.servers)) {
    if (server.type === 'http') {
      if (hasUrlCredentials(server.url)) omitted.push(`servers.${name}.url`);
      servers[name] = { ...server, url: stripUrlCredentials(server.url) };
    } else if (server.env === undefined) {
      servers[name] = server;
    } else {
      const { env, ...rest } = server;
      omitted.push(...Object.keys(env).map((variable) => `servers.${name}.env.${variable}`));
      servers[name] = rest;
    }
  }
  return { snapshot: { ...snapshot, servers }, omitted };
}

/**
 * The `configHash` a backup carries for a saved MCP client version: a plain hash of the snapshot
 * without its secrets. A plain hash over the secrets would let anyone holding the file test guesses
 * of them; the sealed values are authenticated by their own cipher.
 */
export const backupConfigHash = (plaintext: McpClientSnapshot) => configHash(withoutSecrets(plaintext).snapshot);

/**
 * A stored version's plaintext snapshot hashed the way an incoming one is compared with it (the
 * stored hash is keyed with this studio's key, so it cannot be compared across studios). Without
 * secrets coming in, the target's own secrets are not part of the comparison.
 */
export const comparableConfigHash = (stored: McpClientSnapshot, secretsOmitted: boolean) =>
  configHash(secretsOmitted ? withoutSecrets(stored).snapshot : stored);

/** On export, from the decrypted snapshot: `env` values and URLs with credentials sealed whole. */
export function mcpSnapshotForBackup(
  snapshot: McpClientSnapshot,
  secrets: SecretsOnExport,
): { snapshot: McpClientSnapshot; omitted: string[] } {
  if (secrets.mode === 'omit') return withoutSecrets(snapshot);
  const seal = (plaintext: string) => sealSecret({ key: secrets.key, plaintext });
  const sealed = mapSecrets(snapshot, { env: seal, url: (url) => (hasUrlCredentials(url) ? seal(url) : url) });
  return { snapshot: sealed, omitted: [] };
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

const leftOutYetHere = 'The backup says its secrets were left out, yet this one is here';

/** How the secrets of one backup entry come in, and the path its issues start with. */
interface SecretsFromBackup {
  secrets: SecretsOnImport;
  /** Whether the backup says its secrets are sealed (otherwise it says they were left out). */
  sealed: boolean;
  prefix: string;
}

/**
 * A backup's HTTP server URLs, read before the snapshot's schema: a URL sealed whole is not a URL
 * the schema takes until it is opened. Sealed URLs are opened with the passphrase; one that cannot
 * be (secrets left out, or the backup says it has none) is an issue, as is a URL whose credentials
 * are in clear where they should be sealed. Works on the snapshot as the file has it: what is not
 * shaped like servers with URLs is left for the schema to word. Issues carry `prefix`.
 */
export function backupUrlsOpened({
  snapshot,
  secrets,
  sealed,
  prefix,
}: SecretsFromBackup & { snapshot: Record<string, unknown> }): { snapshot: Record<string, unknown>; issues: Issue[] } {
  const issues: Issue[] = [];
  if (!isRecord(snapshot.servers)) return { snapshot, issues };
  const urlOf = (url: string, path: string): string => {
    const secret = isSealedSecret(url) || hasUrlCredentials(url);
    if (!secret) return url;
    if (!sealed) issues.push({ path, message: leftOutYetHere });
    else if (secrets.mode === 'open') return openOne({ value: url, key: secrets.key, path, issues });
    else if (isSealedSecret(url))
      issues.push({
        path,
        message: 'This URL carries credentials sealed with the passphrase: import with the passphrase to keep it',
      });
    return url;
  };
  const servers = Object.fromEntries(
    Object.entries(snapshot.servers).map(([name, server]) =>
      isRecord(server) && typeof server.url === 'string'
        ? [name, { ...server, url: urlOf(server.url, `${prefix}.servers.${name}.url`) }]
        : [name, server],
    ),
  );
  return { snapshot: { ...snapshot, servers }, issues };
}

/**
 * Where a backup's snapshot holds a URL sealed whole. Without the passphrase such a URL is no URL
 * the schema takes, and the one passphrase issue already says why.
 */
export function sealedUrlPaths(snapshot: Record<string, unknown>, prefix: string): string[] {
  if (!isRecord(snapshot.servers)) return [];
  return Object.entries(snapshot.servers)
    .filter(([, server]) => isRecord(server) && typeof server.url === 'string' && isSealedSecret(server.url))
    .map(([name]) => `${prefix}.servers.${name}.url`);
}

/**
 * The snapshot as it will be stored (still to be encrypted for its row): sealed `env` values
 * opened, or secrets left out. Its URLs were opened before it was read (`backupUrlsOpened`).
 * Issues carry `prefix`.
 */
export function mcpSnapshotFromBackup({
  snapshot,
  secrets,
  sealed,
  prefix,
}: SecretsFromBackup & { snapshot: McpClientSnapshot }): { snapshot: McpClientSnapshot; issues: Issue[] } {
  const issues: Issue[] = [];
  const urlAsItIs = (url: string) => url;
  if (!sealed) {
    mapSecrets(snapshot, {
      env: (value, path) => {
        issues.push({ path: `${prefix}.${path}`, message: leftOutYetHere });
        return value;
      },
      url: urlAsItIs,
    });
    return { snapshot, issues };
  }
  if (secrets.mode === 'omit') return { snapshot: withoutSecrets(snapshot).snapshot, issues };
  const opened = mapSecrets(snapshot, {
    env: (value, path) => openOne({ value, key: secrets.key, path: `${prefix}.${path}`, issues }),
    url: urlAsItIs,
  });
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
}: SecretsFromBackup & { config: StoredIntegrationConfig }): { config: StoredIntegrationConfig; issues: Issue[] } {
  const issues: Issue[] = [];
  const credentials: OpenApiCredentials | undefined = config.credentials;
  if (!credentials) return { config, issues };
  const path = `${prefix}.${credentialSecretPath(credentials)}`;
  if (!sealed) {
    issues.push({ path, message: leftOutYetHere });
    return { config, issues };
  }
  if (secrets.mode === 'omit') {
    const { credentials: _dropped, ...rest } = config;
    return { config: rest, issues };
  }
  const opened = mapCredentialSecret(credentials, (value) => openOne({ value, key: secrets.key, path, issues }));
  return { config: { ...config, credentials: opened }, issues };
}
