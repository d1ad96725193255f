/**
 * Saved MCP client versions: parsing (decrypting once per version id), views, and how the shared
 * version writer stores them (env encrypted, hashed over the plaintext).
 */
import type { McpClientRow, McpClientVersionRow } from '../../db/queries';
import { StudioError } from '../errors';
import { keyedHash, secretMask } from '../secrets';
import { canonicalJson } from '../versions';
import type { SecretsKey } from '../secrets';
import type { InternalAddresses } from '../auth';
import type { EditorContext } from './context';
import { decryptSnapshot, encryptSnapshot, maskSnapshot } from './mcp-client-secrets';
import { currentMcpClientSchemaVersion, mcpClientFields, type McpClientSnapshot } from '../schemas/mcp-client-snapshot';
import { deepFreeze } from '../deep-freeze';
import { parseVersionMetadata, type VersionMetadata } from './version-metadata';
import type { VersionedKind } from './version-writer';

export interface StoredMcpClientVersion extends VersionMetadata {
  id: string;
  clientId: string;
  /** Decrypted: never put this in a response or a log. */
  snapshot: Readonly<McpClientSnapshot>;
}

export interface McpClientView {
  id: string;
  latestVersionNumber: number;
  authorId: string | null;
  createdAt: string;
  updatedAt: string;
  /** `needs_approval`: a stdio server arrived by import and does not start until an admin approves (./mcp-client-approval). */
  approval: 'approved' | 'needs_approval';
  /** Whether its HTTP servers may reach loopback and private addresses (`InternalAddresses`, docs/security.md). */
  internalAddresses: InternalAddresses;
}

/** Secrets of a version that this studio's `SECRETS_KEY` cannot decrypt: they were stored with another key. */
export interface UnreadableSecrets {
  message: string;
  /** Where each one is in the snapshot (`servers.<name>.env.<VAR>`, `servers.<name>.url`). */
  paths: string[];
}

export type McpClientVersionView = Omit<StoredMcpClientVersion, 'snapshot'> &
  McpClientSnapshot & { unreadableSecrets?: UnreadableSecrets };

/** A version as read with this studio's key: `unreadable` lists the secrets it could not decrypt. */
export interface ClientVersionReading {
  /** Each unreadable secret is the bare mask here: never connect with, store or export such a snapshot. */
  version: StoredMcpClientVersion;
  unreadable: readonly string[];
}

const unreadableMessage = (clientId: string, paths: readonly string[]) =>
  `The secrets of MCP client "${clientId}" (${paths.join(', ')}) cannot be read with this SECRETS_KEY: ` +
  'they were stored with another one. Start the studio with the SECRETS_KEY that stored them, ' +
  'or delete the client and save it again with its secrets.';

/** Why a client whose secrets cannot be decrypted cannot connect, be saved over or be exported with its secrets. */
export function secretsUnreadableError(clientId: string, paths: readonly string[]): StudioError {
  return new StudioError('unavailable', unreadableMessage(clientId, paths), { clientId, paths });
}

/**
 * The version with every secret this key can decrypt; one it cannot is left as the bare mask and
 * listed (the operator's log says which). Readings are cached by version id like any parsed
 * version: a version never changes, nor does the key of a running studio.
 */
export function readClientVersionRow(context: EditorContext, row: McpClientVersionRow): ClientVersionReading {
  return context.clientVersionCache.get(row.id, () => {
    const unreadable: string[] = [];
    const snapshot = decryptSnapshot({
      key: context.secretsKey,
      snapshot: JSON.parse(row.snapshot) as McpClientSnapshot,
      row: { clientId: row.clientId, versionId: row.id },
      unreadable: (path) => {
        unreadable.push(path);
        return secretMask;
      },
    });
    if (unreadable.length > 0)
      context.logger.warn('Stored MCP client secrets cannot be decrypted with this SECRETS_KEY', {
        clientId: row.clientId,
        versionId: row.id,
        paths: unreadable,
      });
    const version = deepFreeze({ id: row.id, clientId: row.clientId, ...parseVersionMetadata(row), snapshot });
    return { version, unreadable: Object.freeze(unreadable) };
  });
}

/** The version with its secrets decrypted, for connections, saves and exports; a 503 when one cannot be read. */
export function parseClientVersionRow(context: EditorContext, row: McpClientVersionRow): StoredMcpClientVersion {
  const { version, unreadable } = readClientVersionRow(context, row);
  if (unreadable.length > 0) throw secretsUnreadableError(row.clientId, unreadable);
  return version;
}

/** `servers.<name>.url` (server names have no dots; an env variable's path has `.env.` in it). */
export const isUrlPath = (path: string) => /^servers\.[^.]+\.url$/.test(path);

/**
 * The version as it goes into an export that leaves its secrets out: `env` values unread do not
 * matter, but a URL with credentials is stored encrypted whole, so without its key there is no URL to export.
 */
export function readClientVersionWithoutSecrets(
  context: EditorContext,
  row: McpClientVersionRow,
): StoredMcpClientVersion {
  const { version, unreadable } = readClientVersionRow(context, row);
  const urls = unreadable.filter(isUrlPath);
  if (urls.length > 0) throw secretsUnreadableError(row.clientId, urls);
  return version;
}

/** The version as responses show it, secrets masked; unreadable ones are marked and explained. */
export function clientVersionViewOf(context: EditorContext, row: McpClientVersionRow): McpClientVersionView {
  const { version, unreadable } = readClientVersionRow(context, row);
  const view = toClientVersionView(version);
  if (unreadable.length === 0) return view;
  return {
    ...view,
    unreadableSecrets: { message: unreadableMessage(row.clientId, unreadable), paths: [...unreadable] },
  };
}

export const toClientView = (row: McpClientRow): McpClientView => ({ ...row });

export function toClientVersionView(version: StoredMcpClientVersion): McpClientVersionView {
  const { snapshot, ...metadata } = version;
  return { ...metadata, ...maskSnapshot(snapshot as McpClientSnapshot) };
}

/**
 * The hash of a client snapshot: keyed (HMAC with a key derived from the secrets key) because the
 * snapshot holds secrets, so the hash reveals nothing about them. Agent version hashes stay plain.
 */
export const clientConfigHash = (key: SecretsKey, snapshot: McpClientSnapshot) =>
  keyedHash({ key, text: canonicalJson(snapshot) });

export const mcpClientVersions: VersionedKind<McpClientSnapshot, StoredMcpClientVersion, McpClientVersionRow> = {
  entity: 'mcp_client',
  noun: 'MCP client',
  ownerKey: 'clientId',
  fields: mcpClientFields,
  schemaVersion: currentMcpClientSchemaVersion,
  // Secrets are encrypted bound to this very row (its id and field paths), the hash is keyed.
  encode: (context, snapshot, row) => ({
    text: canonicalJson(
      encryptSnapshot({ key: context.secretsKey, snapshot, row: { clientId: row.ownerId, versionId: row.id } }),
    ),
    configHash: clientConfigHash(context.secretsKey, snapshot),
  }),
  insert: async (context, { ownerId, ...columns }) => {
    const row = { ...columns, clientId: ownerId };
    await context.mcpClients.insertVersion(row);
    return row;
  },
  parse: parseClientVersionRow,
  rows: ({ mcpClients }) => ({
    byNumber: mcpClients.versionByNumber,
    latest: mcpClients.latest,
    changedFieldsAfter: mcpClients.changedFieldsAfter,
  }),
  setLatestVersionNumber: (context, pointer) => context.mcpClients.setLatestVersionNumber(pointer),
};
