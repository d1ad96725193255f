/**
 * Saved MCP client versions: parsing (decrypting once per version id), views, and how the shared
 * version writer stores them (env encrypted, hashed over the plaintext).
 */
import type { McpClientRow, McpClientVersionRow } from '../../db/queries';
import { StudioError } from '../errors';
import { SecretDecryptionError } from '../secrets';
import { canonicalJson, configHash } from '../versions';
import type { EditorContext } from './context';
import { decryptSnapshot, encryptSnapshot, maskSnapshot } from './mcp-client-secrets';
import { currentMcpClientSchemaVersion, mcpClientFields, type McpClientSnapshot } from './mcp-client-snapshot';
import { deepFreeze } from './version-cache';
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
}

export type McpClientVersionView = Omit<StoredMcpClientVersion, 'snapshot'> & McpClientSnapshot;

export function parseClientVersionRow(context: EditorContext, row: McpClientVersionRow): StoredMcpClientVersion {
  return context.clientVersionCache.get(row.id, () => {
    let snapshot: McpClientSnapshot;
    try {
      snapshot = decryptSnapshot(context.secretsKey, JSON.parse(row.snapshot) as McpClientSnapshot);
    } catch (error) {
      if (error instanceof SecretDecryptionError)
        throw new StudioError('internal_error', `MCP client "${row.clientId}": ${error.message}`, undefined, {
          cause: error,
        });
      throw error;
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

export const mcpClientVersions: VersionedKind<McpClientSnapshot, StoredMcpClientVersion, McpClientVersionRow> = {
  entity: 'mcp_client',
  noun: 'MCP client',
  ownerKey: 'clientId',
  fields: mcpClientFields,
  schemaVersion: currentMcpClientSchemaVersion,
  encode: (context, snapshot) => ({
    text: canonicalJson(encryptSnapshot(context.secretsKey, snapshot)),
    configHash: configHash(snapshot),
  }),
  insert: (context, { ownerId, ...columns }) => {
    const row = { ...columns, clientId: ownerId };
    context.mcpClients.insertVersion(row);
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
