/** Saved MCP client versions: parsing (decrypting once per version id), views and appends. */
import { randomUUID } from 'node:crypto';
import type { McpClientRow, McpClientVersionRow } from '../../db/queries';
import { StudioError } from '../errors';
import { SecretDecryptionError } from '../secrets';
import { canonicalJson, configHash } from '../versions';
import type { EditorContext } from './context';
import { decryptSnapshot, encryptSnapshot, maskSnapshot } from './mcp-client-secrets';
import { currentMcpClientSchemaVersion, type McpClientSnapshot } from './mcp-client-snapshot';
import { deepFreeze } from './version-cache';
import { parseVersionMetadata, toVersionMetadataColumns, type VersionMetadata } from './version-metadata';

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

/** Inside the caller's transaction: stores the snapshot with env encrypted, hashed over the plaintext. */
export function appendClientVersion(
  context: EditorContext,
  {
    clientId,
    versionNumber,
    snapshot,
    changedFields,
    changeMessage,
    actor,
    createdAt = context.now(),
  }: {
    clientId: string;
    versionNumber: number;
    snapshot: McpClientSnapshot;
    changedFields: string[];
    changeMessage: string | null;
    actor: string | null;
    /** Imports keep the time the version was first written. */
    createdAt?: string;
  },
): StoredMcpClientVersion {
  const row = {
    id: randomUUID(),
    clientId,
    snapshot: canonicalJson(encryptSnapshot(context.secretsKey, snapshot)),
    ...toVersionMetadataColumns({
      versionNumber,
      schemaVersion: currentMcpClientSchemaVersion,
      configHash: configHash(snapshot),
      changedFields,
      changeMessage,
      authorId: actor,
      createdAt,
    }),
  };
  context.mcpClients.insertVersion(row);
  context.mcpClients.setLatestVersionNumber({ id: clientId, latestVersionNumber: versionNumber, updatedAt: createdAt });
  return parseClientVersionRow(context, row);
}
