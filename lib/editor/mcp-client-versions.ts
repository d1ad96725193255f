/**
 * Saved MCP client versions: parsing (decrypting once per version id), views, and how the shared
 * version writer stores them (env encrypted, hashed over the plaintext).
 */
import type { McpClientRow, McpClientVersionRow } from '../../db/queries';
import { StudioError } from '../errors';
import { keyedHash, SecretDecryptionError } from '../secrets';
import { canonicalJson } from '../versions';
import type { SecretsKey } from '../secrets';
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
}

export type McpClientVersionView = Omit<StoredMcpClientVersion, 'snapshot'> & McpClientSnapshot;

export function parseClientVersionRow(context: EditorContext, row: McpClientVersionRow): StoredMcpClientVersion {
  return context.clientVersionCache.get(row.id, () => {
    let snapshot: McpClientSnapshot;
    try {
      snapshot = decryptSnapshot({
        key: context.secretsKey,
        snapshot: JSON.parse(row.snapshot) as McpClientSnapshot,
        row: { clientId: row.clientId, versionId: row.id },
      });
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      // The answer stays generic: which value failed and why is for the operator's log.
      context.logger.error('A stored MCP client secret could not be decrypted', {
        clientId: row.clientId,
        versionId: row.id,
        reason: error.message,
      });
      throw new StudioError(
        'internal_error',
        'A stored secret could not be read. The details were logged.',
        { clientId: row.clientId },
        { cause: error },
      );
    }
    return deepFreeze({
      id: row.id,
      clientId: row.clientId,
      ...parseVersionMetadata(row),
      snapshot,
    });
  });
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
