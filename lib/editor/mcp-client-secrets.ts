/**
 * Secrets of saved MCP clients: server `env` values are encrypted before storage, decrypted for
 * connections and change detection, and masked in responses. A value equal to the mask of the
 * stored secret (same server, same variable) keeps that secret.
 */
import { invalidInput, type Issue } from '../errors';
import { decryptSecret, encryptSecret, maskSecret, secretMask, type SecretsKey } from '../secrets';
import type { McpClientSnapshot, McpServerConfig } from './mcp-client-snapshot';

export type EnvTransform = (value: string, server: string, variable: string) => string;

/** The snapshot with every stdio `env` value replaced by `transform(value, server, variable)`. */
export function mapEnv(snapshot: McpClientSnapshot, transform: EnvTransform): McpClientSnapshot {
  const servers: Record<string, McpServerConfig> = {};
  for (const [name, server] of Object.entries(snapshot.servers)) {
    if (server.type !== 'stdio' || server.env === undefined) {
      servers[name] = server;
      continue;
    }
    const env = Object.fromEntries(
      Object.entries(server.env).map(([variable, value]) => [variable, transform(value, name, variable)]),
    );
    servers[name] = { ...server, env };
  }
  return { ...snapshot, servers };
}

export const encryptSnapshot = (key: SecretsKey, snapshot: McpClientSnapshot) =>
  mapEnv(snapshot, (plaintext) => encryptSecret({ key, plaintext }));

export const decryptSnapshot = (key: SecretsKey, snapshot: McpClientSnapshot) =>
  mapEnv(snapshot, (value) => decryptSecret({ key, value }));

/** For responses: every env value as `••••` + its last 4 characters (nothing of short values). */
export const maskSnapshot = (decrypted: McpClientSnapshot) => mapEnv(decrypted, (plaintext) => maskSecret(plaintext));

/**
 * Replaces masked values in submitted servers with the stored plaintext they stand for. A value
 * that looks masked but matches no stored secret is an error: saving it would store the mask.
 */
export function unmaskServers({
  submitted,
  stored,
}: {
  submitted: McpClientSnapshot['servers'];
  stored: McpClientSnapshot['servers'] | undefined;
}): McpClientSnapshot['servers'] {
  const issues: Issue[] = [];
  const result = mapEnv({ name: '', servers: submitted }, (value, server, variable) => {
    if (!value.startsWith(secretMask)) return value;
    const storedServer = stored?.[server];
    const storedValue = storedServer?.type === 'stdio' ? storedServer.env?.[variable] : undefined;
    if (storedValue !== undefined && maskSecret(storedValue) === value) return storedValue;
    issues.push({
      path: `servers.${server}.env.${variable}`,
      message: 'This looks like a masked secret but no stored secret matches it; enter the full value',
    });
    return value;
  }).servers;
  if (issues.length > 0) throw invalidInput(issues);
  return result;
}
