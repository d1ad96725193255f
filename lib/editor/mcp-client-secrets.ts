/**
 * Secrets of saved MCP clients: stdio `env` values, and HTTP URLs that carry credentials (user and
 * password, or credential query parameters). They are encrypted before storage, bound to their
 * version row and field, decrypted for connections and change detection, and masked in responses.
 *
 * A masked value sent back keeps the stored secret only while the secret would still go to the same
 * place: for `env` the same stdio command, arguments and set of env names (another variable can make
 * the same program send its secrets elsewhere), the same URL origin for URL credentials.
 * Otherwise the save is refused, naming the secret to enter again.
 */
import { invalidInput, type Issue } from '../errors';
import {
  decryptSecret,
  encryptSecret,
  hasUrlCredentials,
  isEncryptedSecret,
  maskSecret,
  maskUrl,
  SecretDecryptionError,
  secretMask,
  stripUrlCredentials,
  unmaskUrl,
  type SecretsKey,
} from '../secrets';
import type { McpClientSnapshot, McpServerConfig } from '../schemas/mcp-client-snapshot';

export interface SecretVisitor {
  env(value: string, path: string, server: string, variable: string): string;
  url(url: string, path: string, server: string): string;
}

/** The snapshot with every secret (stdio `env` values, HTTP URLs) replaced by what `visitor` returns. */
export function mapSecrets(snapshot: McpClientSnapshot, visitor: SecretVisitor): McpClientSnapshot {
  const servers: Record<string, McpServerConfig> = {};
  for (const [name, server] of Object.entries(snapshot.servers)) {
    if (server.type === 'http') {
      servers[name] = { ...server, url: visitor.url(server.url, `servers.${name}.url`, name) };
    } else if (server.env === undefined) {
      servers[name] = server;
    } else {
      const env = Object.fromEntries(
        Object.entries(server.env).map(([variable, value]) => [
          variable,
          visitor.env(value, `servers.${name}.env.${variable}`, name, variable),
        ]),
      );
      servers[name] = { ...server, env };
    }
  }
  return { ...snapshot, servers };
}

/** Where a version's secret lives: the associated data its ciphertext is bound to. */
export interface VersionRowRef {
  clientId: string;
  versionId: string;
}

const locationOf = ({ clientId, versionId }: VersionRowRef, path: string) =>
  `mcp_client_version|${clientId}|${versionId}|${path}`;

export function encryptSnapshot({
  key,
  snapshot,
  row,
}: {
  key: SecretsKey;
  snapshot: McpClientSnapshot;
  row: VersionRowRef;
}): McpClientSnapshot {
  const encrypt = (plaintext: string, path: string) =>
    encryptSecret({ key, plaintext, location: locationOf(row, path) });
  return mapSecrets(snapshot, {
    env: encrypt,
    url: (url, path) => (hasUrlCredentials(url) ? encrypt(url, path) : url),
  });
}

/**
 * `legacy` also reads values written before they were bound to their row (the start-up upgrade).
 * A value that cannot be decrypted throws `SecretDecryptionError`, unless `unreadable` is given: then
 * it stands in for that value.
 */
export function decryptSnapshot({
  key,
  snapshot,
  row,
  legacy = false,
  unreadable,
}: {
  key: SecretsKey;
  snapshot: McpClientSnapshot;
  row: VersionRowRef;
  legacy?: boolean;
  unreadable?: (path: string, error: SecretDecryptionError) => string;
}): McpClientSnapshot {
  const decrypt = (value: string, path: string) => {
    try {
      return decryptSecret({ key, value, location: locationOf(row, path), legacy });
    } catch (error) {
      if (!unreadable || !(error instanceof SecretDecryptionError)) throw error;
      return unreadable(path, error);
    }
  };
  return mapSecrets(snapshot, {
    env: decrypt,
    url: (url, path) => (isEncryptedSecret(url) ? decrypt(url, path) : url),
  });
}

/** For responses: env values as `••••` + their last 4 characters, URL credentials likewise. */
export const maskSnapshot = (decrypted: McpClientSnapshot) =>
  mapSecrets(decrypted, { env: (plaintext) => maskSecret(plaintext), url: maskUrl });

/** For exports without a target key: every secret left out (env values emptied, URL credentials removed). */
export function omitSecrets(decrypted: McpClientSnapshot): { snapshot: McpClientSnapshot; omitted: string[] } {
  const omitted: string[] = [];
  const snapshot = mapSecrets(decrypted, {
    env: (_value, path) => {
      omitted.push(path);
      return '';
    },
    url: (url, path) => {
      if (!hasUrlCredentials(url)) return url;
      omitted.push(path);
      return stripUrlCredentials(url);
    },
  });
  return { snapshot, omitted };
}

/** Applies `transform` to every secret of a snapshot (export re-encryption for another key). */
export function transformSecrets(
  snapshot: McpClientSnapshot,
  transform: (value: string, path: string) => string,
): McpClientSnapshot {
  return mapSecrets(snapshot, {
    env: transform,
    url: (url, path) => (hasUrlCredentials(url) || isEncryptedSecret(url) ? transform(url, path) : url),
  });
}

const envNames = (env: Record<string, string> | undefined) => Object.keys(env ?? {}).sort();

/** The secret goes to the same launch: same command, same arguments, same env names (values aside). */
const sameStdioDestination = (submitted: McpServerConfig, stored: McpServerConfig | undefined) =>
  stored?.type === 'stdio' &&
  submitted.type === 'stdio' &&
  stored.command === submitted.command &&
  JSON.stringify(stored.args ?? []) === JSON.stringify(submitted.args ?? []) &&
  JSON.stringify(envNames(stored.env)) === JSON.stringify(envNames(submitted.env));

/**
 * Replaces masked values in submitted servers with the stored plaintext they stand for, when the
 * destination is unchanged. A value that looks masked but cannot be put back is an error: saving it
 * would store the mask, or hand the stored secret to another command or host.
 */
export function unmaskServers({
  submitted,
  stored,
}: {
  submitted: McpClientSnapshot['servers'];
  stored: McpClientSnapshot['servers'] | undefined;
}): McpClientSnapshot['servers'] {
  const issues: Issue[] = [];
  const result = mapSecrets(
    { name: '', servers: submitted },
    {
      env(value, path, server, variable) {
        if (!value.startsWith(secretMask)) return value;
        const storedServer = stored?.[server];
        const storedValue = storedServer?.type === 'stdio' ? storedServer.env?.[variable] : undefined;
        if (storedValue === undefined || maskSecret(storedValue) !== value) {
          issues.push({
            path,
            message: 'This looks like a masked secret but no stored secret matches it; enter the full value',
          });
        } else if (!sameStdioDestination(submitted[server]!, storedServer)) {
          issues.push({
            path,
            message:
              'The command, its arguments or its env names changed, so the stored secret is not reused: enter this secret again',
          });
        } else return storedValue;
        return value;
      },
      url(url, path, server) {
        const storedServer = stored?.[server];
        const outcome = unmaskUrl({
          submitted: url,
          stored: storedServer?.type === 'http' ? storedServer.url : undefined,
        });
        if (outcome.ok) return outcome.value;
        issues.push(...outcome.issues.map((issue) => ({ path, message: issue.message })));
        return url;
      },
    },
  ).servers;
  if (issues.length > 0) throw invalidInput(issues);
  return result;
}
